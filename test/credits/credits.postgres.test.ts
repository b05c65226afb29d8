import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/clock.js';
import { balanceOf, chargeForInvoice, refundInvoice } from '../../src/credits/credits.service.js';
import type { Db } from '../../src/db/db.js';
import { migrate } from '../../src/db/migrate.js';
import { profileForApiKey } from '../../src/profiles/apikeys.service.js';
import { findProfileByRfc } from '../../src/profiles/profiles.repo.js';
import { pgTestSchema } from '../helpers/postgres.js';
import { seedProfile } from '../helpers/seed.js';

/**
 * The same migrations and credit code against PostgreSQL, in a fresh schema that is dropped afterwards.
 * Skipped (with the reason printed) when no server answers at PG_TEST_URL or the default (test/helpers).
 */
const schema = await pgTestSchema();

describe.skipIf(!schema)('PostgreSQL', () => {
  let db: Db;
  const clock = fixedClock();

  beforeAll(async () => {
    db = await schema!.migratedDb();
  });

  afterAll(async () => {
    await db?.destroy();
    await schema?.drop();
  });

  it('runs the migrations once (a second run applies nothing)', async () => {
    expect(await migrate(db)).toEqual([]);
    const tables = await db.selectFrom('schema_migrations').select('name').execute();
    expect(tables.length).toBeGreaterThanOrEqual(1);
  });

  it('creates a profile and charges concurrently without going below zero; refunds exactly once', async () => {
    const p = await seedProfile({ db, clock }, { credits: 4 });
    expect((await findProfileByRfc(db, p.profile.rfc))?.credits_remaining).toBe(4);
    expect((await profileForApiKey(db, clock, p.key))?.profile.id).toBe(p.profile.id);
    expect(await profileForApiKey(db, clock, 'svc_unknown')).toBeUndefined();
    const account = { type: 'profile' as const, id: p.profile.id };
    const ids = Array.from({ length: 12 }, () => randomUUID());
    const results = await Promise.allSettled(
      ids.map((id) => db.transaction().execute((trx) => chargeForInvoice(trx, clock, account, id))),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(4);
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as { code: string }).code).toBe('InsufficientCredits');
    }
    expect(await balanceOf(db, account)).toBe(0);
    const charged = ids.filter((_, i) => results[i]?.status === 'fulfilled');
    const first = charged[0]!;
    const refunds = await Promise.all(
      [1, 2, 3].map(() =>
        db
          .transaction()
          .execute((trx) => refundInvoice(trx, clock, first, 'failed'))
          .catch(() => false),
      ),
    );
    expect(refunds.filter(Boolean)).toHaveLength(1);
    expect(await balanceOf(db, account)).toBe(1);
    const ledger = await db
      .selectFrom('credit_ledger')
      .select('delta')
      .where('account_id', '=', p.profile.id)
      .execute();
    expect(ledger.reduce((s, r) => s + Number(r.delta), 0)).toBe(1);
  });
});
