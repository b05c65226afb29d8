import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db.js';
import { createApp } from '../../src/http/app.js';
import { findProfileById, getTaxInfo } from '../../src/profiles/profiles.repo.js';
import { createProfile } from '../../src/profiles/profiles.service.js';
import { makeTestDeps } from '../helpers/deps.js';
import { pgTestSchema } from '../helpers/postgres.js';
import { call, makeRfc, seedProfile } from '../helpers/seed.js';
import { FISICA_DOS, renderConstancia } from '../profiles/constancia.fixtures.js';

/** Migration 004 and the identity rules on PostgreSQL (skipped with the reason printed when no server answers). */
const schema = await pgTestSchema();

describe.skipIf(!schema)('identity on PostgreSQL', () => {
  let db: Db;
  beforeAll(async () => {
    db = await schema!.migratedDb();
  });
  afterAll(async () => {
    await db?.destroy();
    await schema?.drop();
  });

  it('reads a Constancia, refuses a generic RFC, and a phone change unlinks the chats', async () => {
    const sqlite = await makeTestDeps();
    await sqlite.db.destroy();
    const deps = { ...sqlite, db };
    const app = createApp(deps);
    const me = await seedProfile(deps, { tax_info: { fiscal_regimen: '612', cfdi_use: 'G03' } });

    const pdf = await renderConstancia({ rfc: me.profile.rfc, ...FISICA_DOS });
    const res = await call(app, 'POST', `/api/profile/${me.profile.rfc}/tax-info/constancia`, me.auth, {
      document: pdf.toString('base64'),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ taxpayer: 'JUAN PÉREZ NUÑEZ', invoice_fiscal_regimen: '626' });
    expect((await findProfileById(db, me.profile.id))?.constancia_issued_on).toBe('2025-02-03');
    const other = await renderConstancia({ rfc: makeRfc(), ...FISICA_DOS });
    const conflict = await call(app, 'POST', `/api/profile/${me.profile.rfc}/tax-info/constancia`, me.auth, {
      document: other.toString('base64'),
    });
    expect(conflict.status).toBe(409);
    expect((await getTaxInfo(db, me.profile.id))?.fiscal_regimen).toBe('626');

    const now = new Date().toISOString();
    await db
      .insertInto('chat_identities')
      .values({
        channel: 'telegram',
        external_id: '77',
        profile_id: me.profile.id,
        phone_number: me.profile.phone_number,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const patch = await call(app, 'PATCH', `/api/profile/${me.profile.rfc}`, me.auth, {
      phone_number: '+525500001111',
    });
    expect(patch.status).toBe(200);
    expect(await db.selectFrom('chat_identities').selectAll().execute()).toEqual([]);
    expect((await findProfileById(db, me.profile.id))?.phone_verified).toBe(0);

    await expect(createProfile(deps, { rfc: 'XAXX010101000', name: 'Público' })).rejects.toMatchObject({
      code: 'ValidationError',
    });
  });
});
