import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/clock.js';
import { balanceOf, chargeForInvoice, refundInvoice } from '../../src/credits/credits.service.js';
import { createDb, type Db } from '../../src/db/db.js';
import { migrate } from '../../src/db/migrate.js';
import { profileForApiKey } from '../../src/profiles/apikeys.service.js';
import { findProfileByRfc } from '../../src/profiles/profiles.repo.js';
import { seedProfile } from '../helpers/seed.js';

/**
 * The same migrations and credit code against PostgreSQL, in a fresh schema that is dropped afterwards.
 * Skipped (with the reason printed) when no server answers at PG_TEST_URL or the default below.
 */
const URL = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `t_${randomUUID().replace(/-/g, '').slice(0, 12)}`;

async function reachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    return true;
  } catch (err) {
    console.warn(`PostgreSQL test skipped: ${URL} unreachable (${(err as Error).message})`);
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const available = await reachable();

describe.skipIf(!available)('PostgreSQL', () => {
  let db: Db;
  const clock = fixedClock();

  beforeAll(async () => {
    const sep = URL.includes('?') ? '&' : '?';
    db = createDb({ databaseUrl: `${URL}${sep}options=${encodeURIComponent(`-c search_path=${schema}`)}` });
    await migrate(db);
  });

  afterAll(async () => {
    await db?.destroy();
    const client = new pg.Client({ connectionString: URL });
    await client.connect();
    await client.query(`DROP SCHEMA ${schema} CASCADE`);
    await client.end();
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
