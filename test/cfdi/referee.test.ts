import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { issueCfdi } from '../../src/cfdi/cfdi.service.js';
import { createSandboxIssuer, defaultSandboxCsdPaths } from '../../src/cfdi/sandbox.issuer.js';
import { fixedClock } from '../../src/clock.js';
import { inputFor, receiptFromGroundTruth, sharedDir } from './cfdi.fixtures.js';

/**
 * SAT's own rules through the independent referee (../shared/sat/validate-cfdi), on XML generated from the
 * receipt corpus' ground truth. Skipped when ../shared or its tools (xmllint, xsltproc) are not there; CI has both.
 */
const referee = join(sharedDir, 'sat/validate-cfdi');
const dev = join(sharedDir, 'receipts/dev');
const tools = ['xmllint', 'xsltproc'].every((t) => spawnSync('sh', ['-c', `command -v ${t}`]).status === 0);

describe.skipIf(!existsSync(referee) || !existsSync(dev) || !tools)('validate-cfdi --sandbox', () => {
  it('passes every check for a sample of corpus receipts (0 %, IEPS, fuel, weighed goods, tips)', async () => {
    const issuer = createSandboxIssuer({
      ...defaultSandboxCsdPaths(),
      clock: fixedClock('2026-11-22T08:00:00Z'),
    });
    const dir = mkdtempSync(join(tmpdir(), 'cfdi-'));
    const names = ['dev-003-clean', 'dev-009-clean', 'dev-011-clean', 'dev-027-mild', 'dev-034-hard'];
    const files = await Promise.all(
      names.map(async (n) => {
        const out = await issueCfdi(
          issuer,
          inputFor(receiptFromGroundTruth(join(dev, `${n}.json`)), {
            fecha: new Date('2026-11-22T08:00:00Z'),
          }),
        );
        const file = join(dir, `${n}.xml`);
        writeFileSync(file, out.xml);
        return file;
      }),
    );
    const run = spawnSync(referee, ['--no-install', '--sandbox', ...files], { encoding: 'utf8' });
    expect(run.stdout).toContain(`SUMMARY files=${names.length} pass=${names.length} fail=0`);
    expect(run.stdout).not.toMatch(/^\s*FAIL/m);
    expect(run.status).toBe(0);
  });
});
