import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cadenaOriginal,
  cadenaOriginalTfd,
  cadenaOriginalTfdOf,
  normalizeSpace,
  parseXml,
} from '../../src/cfdi/cadena.js';
import { buildComprobante } from '../../src/cfdi/comprobante.js';
import { comprobanteXml } from '../../src/cfdi/xml.js';
import { fixtureReceipt, fixturesCfdi, inputFor, repoRoot, sharedDir } from './cfdi.fixtures.js';

const GOLDEN = ['dev-001-clean', 'dev-009-clean', 'dev-027-mild'];
const read = (p: string) => readFileSync(p, 'utf8');
const xslt = (p: string) => join(repoRoot, 'fixtures/sat/xslt', p);
const CADENA_XSLT = xslt('www.sat.gob.mx/sitio_internet/cfd/4/cadenaoriginal_4_0/cadenaoriginal_4_0.xslt');
const hasXsltproc = spawnSync('xsltproc', ['--version']).status === 0;

/** SAT's official output for a file (libxslt warns about SAT's version="2.0" header; the output is exact). */
const official = (file: string) =>
  execFileSync('xsltproc', ['--nonet', CADENA_XSLT, file], { stdio: ['ignore', 'pipe', 'ignore'] }).toString(
    'utf8',
  );

describe('cadena original (TypeScript after SAT XSLT rules)', () => {
  it.each(GOLDEN)('matches the golden cadena made by SAT XSLT for %s', (name) => {
    expect(cadenaOriginal(read(join(fixturesCfdi, `${name}.xml`)))).toBe(
      read(join(fixturesCfdi, `${name}.cadena.txt`)),
    );
  });

  it.each(GOLDEN)('matches the golden TFD cadena for %s', (name) => {
    const root = parseXml(read(join(fixturesCfdi, `${name}.xml`)));
    const tfd = parseXml(
      read(join(fixturesCfdi, `${name}.xml`)).replace(
        /^[\s\S]*(<tfd:TimbreFiscalDigital[^>]*\/>)[\s\S]*$/,
        '$1',
      ),
    );
    expect(root.localName).toBe('Comprobante');
    expect(cadenaOriginalTfdOf(tfd)).toBe(read(join(fixturesCfdi, `${name}.tfd-cadena.txt`)));
  });

  it('keeps the builder output stable (golden unsigned XML)', () => {
    for (const name of GOLDEN) {
      const xml = comprobanteXml(buildComprobante(inputFor(fixtureReceipt(name))));
      expect(xml).toBe(read(join(fixturesCfdi, `${name}.unsigned.xml`)));
    }
  });

  it('normalizes spaces like XPath normalize-space (only XML whitespace)', () => {
    expect(normalizeSpace('  A \t\n B  ')).toBe('A B');
    expect(normalizeSpace('\u00a0A')).toBe('\u00a0A');
  });

  it('emits optional attributes only when present, even when empty, and required ones always', () => {
    const xml = read(join(fixturesCfdi, 'dev-001-clean.unsigned.xml'))
      .replace('Version="4.0"', 'Version="4.0" Serie="" Folio="  A   1 "')
      .replace(' LugarExpedicion=', ' Confirmacion="ABC12" LugarExpedicion=');
    const cadena = cadenaOriginal(xml);
    // NoCertificado is required: an unsealed document still gets its "|".
    expect(
      cadena.startsWith(
        '||4.0||A 1|2026-11-22T02:00:00|01||262.00|MXN|303.92|I|01|PUE|58300|ABC12|OAT080813655|',
      ),
    ).toBe(true);
    expect(cadena.endsWith('|262.00|002|Tasa|0.160000|41.92|41.92||')).toBe(true);
  });

  it('builds the TFD cadena with the optional Leyenda only when given', () => {
    const tfd = {
      Version: '1.1',
      UUID: 'U',
      FechaTimbrado: 'F',
      RfcProvCertif: 'R',
      SelloCFD: 'S',
      NoCertificadoSAT: 'N',
    };
    expect(cadenaOriginalTfd(tfd)).toBe('||1.1|U|F|R|S|N||');
    expect(cadenaOriginalTfd({ ...tfd, Leyenda: 'L' })).toBe('||1.1|U|F|R|L|S|N||');
  });

  it('refuses documents it cannot reproduce exactly (unknown complements, not a CFDI 4.0)', () => {
    const pago = join(sharedDir, 'sat/samples/cfdiutils-created-cfdi40-pago20-valid.xml');
    if (existsSync(pago)) expect(() => cadenaOriginal(read(pago))).toThrow(/Complements/);
    expect(() => cadenaOriginal('<a/>')).toThrow(/Not a CFDI/);
  });

  it.skipIf(!hasXsltproc)('equals xsltproc + SAT XSLT on every stored sample and golden file', () => {
    const samples = join(sharedDir, 'sat/samples');
    const files = [
      ...GOLDEN.map((n) => join(fixturesCfdi, `${n}.xml`)),
      ...(existsSync(samples)
        ? readdirSync(samples).filter((f) => f.endsWith('.xml') && !f.includes('pago20'))
        : []
      ).map((f) => join(samples, f)),
    ];
    for (const f of files) expect(cadenaOriginal(read(f)), f).toBe(official(f));
  });
});
