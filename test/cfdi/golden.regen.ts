/**
 * Regenerates the golden files under fixtures/cfdi (run by hand: `npx tsx test/cfdi/golden.regen.ts`, needs
 * xsltproc). The cadenas come from SAT's own XSLTs, never from our implementation.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { issueCfdi } from '../../src/cfdi/cfdi.service.js';
import { buildComprobante } from '../../src/cfdi/comprobante.js';
import { createSandboxIssuer, defaultSandboxCsdPaths } from '../../src/cfdi/sandbox.issuer.js';
import { comprobanteXml } from '../../src/cfdi/xml.js';
import { fixedClock } from '../../src/clock.js';
import { fixtureReceipt, fixturesCfdi, inputFor, repoRoot } from './cfdi.fixtures.js';

const xslt = (p: string) => join(repoRoot, 'fixtures/sat/xslt', p);
const CADENA_XSLT = xslt('www.sat.gob.mx/sitio_internet/cfd/4/cadenaoriginal_4_0/cadenaoriginal_4_0.xslt');
const TFD_XSLT = xslt('lib/tfd11-cadena.xslt');
const run = (sheet: string, file: string) =>
  execFileSync('xsltproc', ['--nonet', sheet, file], { stdio: ['ignore', 'pipe', 'ignore'] }).toString(
    'utf8',
  );

const issuer = createSandboxIssuer({
  ...defaultSandboxCsdPaths(),
  clock: fixedClock('2026-11-22T08:00:05Z'),
});
for (const name of ['dev-001-clean', 'dev-009-clean', 'dev-027-mild']) {
  const input = inputFor(fixtureReceipt(name));
  const base = join(fixturesCfdi, name);
  writeFileSync(`${base}.unsigned.xml`, comprobanteXml(buildComprobante(input)));
  const issued = await issueCfdi(issuer, input);
  writeFileSync(`${base}.xml`, issued.xml);
  writeFileSync(`${base}.cadena.txt`, run(CADENA_XSLT, `${base}.xml`));
  writeFileSync(`${base}.tfd-cadena.txt`, run(TFD_XSLT, `${base}.xml`));
}
