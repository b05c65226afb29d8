import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../src/clock.js';
import { balanceOf, chargeForInvoice } from '../../src/credits/credits.service.js';
import { createDb, type Db } from '../../src/db/db.js';
import { migrate } from '../../src/db/migrate.js';
import { makeTestDeps } from '../helpers/deps.js';
import { seedOrgWithAdmin, seedProfile } from '../helpers/seed.js';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const tsx = path.resolve(here, '../../node_modules/.bin/tsx');

async function ledgerSum(db: Db, accountId: string): Promise<number> {
  const rows = await db
    .selectFrom('credit_ledger')
    .select('delta')
    .where('account_id', '=', accountId)
    .execute();
  return rows.reduce((s, r) => s + r.delta, 0);
}

const chargeOnce = (db: Db, clock: Clock, account: { type: 'profile' | 'org'; id: string }) =>
  db
    .transaction()
    .execute((trx) => chargeForInvoice(trx, clock, account, randomUUID()))
    .then(
      () => 'ok' as const,
      (e: { code?: string }) => e.code,
    );

describe('concurrent charges', () => {
  it('never take a profile or an organization below zero; the ledger matches the balance', async () => {
    const deps = await makeTestDeps();
    const p = await seedProfile(deps, { credits: 5 });
    const { org } = await seedOrgWithAdmin(deps, { credits: 3 });
    const profileAcc = { type: 'profile' as const, id: p.profile.id };
    const orgAcc = { type: 'org' as const, id: org.id };
    const results = await Promise.all([
      ...Array.from({ length: 20 }, () => chargeOnce(deps.db, deps.clock, profileAcc)),
      ...Array.from({ length: 20 }, () => chargeOnce(deps.db, deps.clock, orgAcc)),
    ]);
    expect(results.filter((r) => r === 'ok')).toHaveLength(8);
    expect(results.filter((r) => r === 'InsufficientCredits')).toHaveLength(32);
    expect(await balanceOf(deps.db, profileAcc)).toBe(0);
    expect(await balanceOf(deps.db, orgAcc)).toBe(0);
    expect(await ledgerSum(deps.db, p.profile.id)).toBe(0);
    expect(await ledgerSum(deps.db, org.id)).toBe(0);
  });

  it('hold across two processes sharing one SQLite file (server and CLI)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'credits-'));
    const file = path.join(dir, 'service.sqlite');
    const db = createDb({ sqliteFile: file });
    try {
      await migrate(db);
      const clock = (await makeTestDeps()).clock;
      const p = await seedProfile({ db, clock }, { credits: 15 });
      const worker = path.join(here, 'charge.worker.ts');
      const outs = await Promise.all(
        [1, 2].map(() => run(tsx, [worker, file, p.profile.id, '12'], { timeout: 60_000 })),
      );
      const counts = outs.map((o) => JSON.parse(o.stdout.trim()) as { ok: number; refused: number });
      expect(counts.reduce((s, c) => s + c.ok, 0)).toBe(15);
      expect(counts.reduce((s, c) => s + c.refused, 0)).toBe(9);
      expect(await balanceOf(db, { type: 'profile', id: p.profile.id })).toBe(0);
      expect(await ledgerSum(db, p.profile.id)).toBe(0);
      const charges = await db
        .selectFrom('credit_ledger')
        .select('id')
        .where('kind', '=', 'charge')
        .execute();
      expect(charges).toHaveLength(15);
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
