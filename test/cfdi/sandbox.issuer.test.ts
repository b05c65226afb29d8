import { createVerify, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cadenaOriginal } from '../../src/cfdi/cadena.js';
import { issueCfdi } from '../../src/cfdi/cfdi.service.js';
import { createSandboxIssuer, defaultSandboxCsdPaths } from '../../src/cfdi/sandbox.issuer.js';
import { validateCfdiXsd } from '../../src/cfdi/validate.js';
import { fixedClock } from '../../src/clock.js';
import { fixtureReceipt, inputFor } from './cfdi.fixtures.js';

const paths = defaultSandboxCsdPaths();
const clock = fixedClock('2026-11-22T08:00:07Z');
const issuer = createSandboxIssuer({ ...paths, clock });
const cert = new X509Certificate(readFileSync(paths.cerPath));

const verifies = (data: string, signature: string) =>
  createVerify('RSA-SHA256').update(data, 'utf8').verify(cert.publicKey, signature, 'base64');

describe('sandbox issuer', () => {
  it('seals with the test CSD and stamps a local TFD 1.1', async () => {
    const out = await issueCfdi(issuer, inputFor(fixtureReceipt('dev-009-clean')));
    expect(issuer.mode).toBe('sandbox');
    expect(out.noCertificado).toBe('30001000000500003416');
    expect(out.noCertificadoSat).toBe('30001000000500003416');
    expect(out.uuid).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
    expect(out.fecha).toBe('2026-11-22T02:00:00');
    expect(out.fechaTimbrado).toBe('2026-11-22T02:00:07');
    expect(out.rfcProvCertif).toBe('SPR190613I52');
    expect(out.xml).toContain(`Sello="${out.sello}"`);
    expect(out.xml).toContain(`Certificado="${cert.raw.toString('base64')}"`);
    expect(out.xml).toContain(`SelloCFD="${out.sello}"`);
    expect(out.xml).toContain(`SelloSAT="${out.selloSat}"`);
    expect(out.comprobante.total).toBe(12857);
  });

  it('produces a Sello that verifies over the cadena of the final XML', async () => {
    const out = await issueCfdi(issuer, inputFor(fixtureReceipt('dev-001-clean')));
    expect(cadenaOriginal(out.xml)).toBe(out.cadenaOriginal);
    expect(verifies(out.cadenaOriginal, out.sello)).toBe(true);
    expect(verifies(out.cadenaOriginal.replace('303.92', '303.93'), out.sello)).toBe(false);
  });

  it('signs the TFD cadena (SelloSAT) with the same test key', async () => {
    const out = await issueCfdi(issuer, inputFor(fixtureReceipt('dev-001-clean')));
    expect(out.cadenaOriginalTfd).toBe(
      `||1.1|${out.uuid}|${out.fechaTimbrado}|SPR190613I52|${out.sello}|30001000000500003416||`,
    );
    expect(verifies(out.cadenaOriginalTfd, out.selloSat)).toBe(true);
  });

  it('gives every invoice its own UUID', async () => {
    const input = inputFor(fixtureReceipt('dev-001-clean'));
    const [a, b] = await Promise.all([issueCfdi(issuer, input), issueCfdi(issuer, input)]);
    expect(a.uuid).not.toBe(b.uuid);
  });

  it('is valid against SAT XSDs (cfdv40 + TFD 1.1), and the validator catches a broken document', async () => {
    const out = await issueCfdi(issuer, inputFor(fixtureReceipt('dev-027-mild')));
    expect(await validateCfdiXsd(out.xml)).toEqual({ valid: true, errors: [] });
    const broken = await validateCfdiXsd(
      out.xml
        .replace('Exportacion="01"', 'Exportacion="9"')
        .replace('TipoFactor="Tasa"', 'TipoFactor="Otra"'),
    );
    expect(broken.valid).toBe(false);
    expect(broken.errors.join('\n')).toMatch(/Exportacion/);
    expect(broken.errors.join('\n')).toMatch(/TipoFactor/);
  });

  it('refuses a key that does not match the certificate or a wrong password', () => {
    expect(() => createSandboxIssuer({ ...paths, password: 'wrong', clock })).toThrow();
  });
});
