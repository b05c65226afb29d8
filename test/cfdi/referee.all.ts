/**
 * By hand: issues a sandbox CFDI for every ground-truth receipt of ../shared/receipts/dev and runs the referee
 * over them (`npx tsx test/cfdi/referee.all.ts [outDir]`; needs ../shared, xmllint and xsltproc).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { issueCfdi } from '../../src/cfdi/cfdi.service.js';
import { createSandboxIssuer, defaultSandboxCsdPaths } from '../../src/cfdi/sandbox.issuer.js';
import { systemClock } from '../../src/clock.js';
import { inputFor, receiptFromGroundTruth, sharedDir } from './cfdi.fixtures.js';

const outDir = process.argv[2] ?? '/tmp/cfdi-referee';
mkdirSync(outDir, { recursive: true });
const dev = join(sharedDir, 'receipts/dev');
const issuer = createSandboxIssuer({ ...defaultSandboxCsdPaths(), clock: systemClock });
const files: string[] = [];
for (const f of readdirSync(dev).filter((n) => n.endsWith('.json'))) {
  const receipt = receiptFromGroundTruth(join(dev, f));
  const out = await issueCfdi(issuer, inputFor(receipt, { fecha: systemClock.now() }));
  const file = join(outDir, f.replace(/\.json$/, '.xml'));
  writeFileSync(file, out.xml);
  files.push(file);
}
const run = spawnSync(join(sharedDir, 'sat/validate-cfdi'), ['--sandbox', ...files], { encoding: 'utf8' });
const lines = run.stdout.split('\n').filter((l) => /FAIL|SUMMARY/.test(l));
process.stdout.write(`${lines.join('\n')}\n`);
process.exit(run.status ?? 1);
