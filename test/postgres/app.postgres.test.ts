import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markProcessed } from '../../src/bots/conversation/chat.repo.js';
import { ORG_COMMANDS } from '../../src/cli/orgs.cli.js';
import { PROFILE_COMMANDS } from '../../src/cli/profiles.cli.js';
import { balanceOf } from '../../src/credits/credits.service.js';
import type { Db } from '../../src/db/db.js';
import { migrate } from '../../src/db/migrate.js';
import { failInvoice } from '../../src/invoices/invoice.job.js';
import { learnMerchant } from '../../src/invoices/merchants.repo.js';
import { claimJobs, enqueue } from '../../src/jobs/queue.js';
import { runDueJobs } from '../../src/jobs/worker.js';
import type { ReceiptData } from '../../src/receipts/receipt.types.js';
import {
  type BotHarness,
  botHarness,
  goodReceipt,
  receiptJpeg,
  tgCallback,
  tgMessage,
  tgText,
} from '../bots/bots.harness.js';
import { pgTestSchema } from '../helpers/postgres.js';
import {
  call,
  keysOf,
  makePhone,
  makeRfc,
  ORGANIZATION_KEYS,
  PROFILE_KEYS,
  seedProfile,
} from '../helpers/seed.js';
import { fixtureB64, groundTruth, invoiceHarness, json } from '../invoices/invoice.helpers.js';

/**
 * The real app, services, job queue and invoice job (fake receipt reader, sandbox issuer) on PostgreSQL, each
 * in a throwaway schema. Skipped, with the reason printed, when no server answers (test/helpers/postgres.ts).
 */
const schema = await pgTestSchema();
const botSchema = schema && (await pgTestSchema());

const ticket = { receipt_image: fixtureB64(), cfdi_usage: 'G03' };
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe.skipIf(!schema)('the app on PostgreSQL', () => {
  let db: Db;
  let h: Awaited<ReturnType<typeof invoiceHarness>>;
  /** What the receipt reader does next (default: the fixture's ground truth). */
  const reads: (() => ReceiptData)[] = [];
  /** Filled by the first test: an organization made with the operator CLI, its admin and a member. */
  const org = { id: '', admin: { rfc: '', auth: bearer('') }, member: { rfc: '', id: '', auth: bearer('') } };

  beforeAll(async () => {
    db = await schema!.db();
    h = await invoiceHarness({ db, readReceipt: async () => (reads.shift() ?? groundTruth)() });
  });

  afterAll(async () => {
    await db?.destroy();
    await schema?.drop();
  });

  const runJobs = () => runDueJobs(h.deps, h.handlers, { backoffBaseMs: 1 });
  const ledgerOf = async (invoiceId: string) =>
    (await db.selectFrom('credit_ledger').selectAll().where('invoice_id', '=', invoiceId).execute())
      .map((r) => `${r.kind}:${r.delta}`)
      .sort();

  it('operator CLI and every profile, organization and member endpoint', async () => {
    const cli = { db, clock: h.deps.clock };
    const { app } = h;
    const created = await ORG_COMMANDS['create-org']!.run(
      cli,
      { name: 'Org PG', description: 'PostgreSQL', flags: 'chat_invoicing', credits: '6' },
      [],
    );
    org.id = (created.json.organization as { id: string }).id;
    org.admin.rfc = makeRfc();
    const adminRow = await PROFILE_COMMANDS['create-profile']!.run(
      cli,
      {
        rfc: org.admin.rfc,
        name: 'Admin PG',
        email: 'admin.pg@example.com',
        phone: makePhone(),
        org: org.id,
        admin: true,
        credits: '2',
        'postal-code': '06600',
        regimen: '612',
        'cfdi-use': 'G03',
      },
      [],
    );
    expect(adminRow.json.profile).toMatchObject({ is_admin: true, credits_remaining: 2, org_id: org.id });
    org.admin.auth = bearer(
      (await PROFILE_COMMANDS['create-key']!.run(cli, { rfc: org.admin.rfc }, [])).json.api_key as string,
    );
    const granted = await PROFILE_COMMANDS['grant-credits']!.run(cli, { org: org.id, amount: '4' }, []);
    expect(granted.json).toEqual({ credits_remaining: 10 });
    await ORG_COMMANDS['set-flags']!.run(cli, { org: org.id }, ['extra=false']);
    const shown = await ORG_COMMANDS['show-org']!.run(cli, { org: org.id }, []);
    expect(shown.json.organization).toMatchObject({
      credits_remaining: 10,
      feature_flags: { chat_invoicing: true, extra: false },
    });

    expect((await call(app, 'GET', '/health')).status).toBe(200);
    const me = await call(app, 'GET', `/api/profile/${org.admin.rfc}`, org.admin.auth);
    expect(me.status).toBe(200);
    expect(keysOf(me.body)).toEqual(PROFILE_KEYS);
    expect(me.body).toMatchObject({ is_admin: true, credits_remaining: 2, org_id: org.id });

    // An admin adds a member; two simultaneous creations of one RFC: one 201, one 409 (unique index race).
    const newMember = (rfc: string, n: number) => ({
      email: `member${n}.pg@example.com`,
      phone_number: makePhone(),
      tax_info: { tax_id: rfc, taxpayer: `MIEMBRO ${n}`, postal_code: '44100', fiscal_regimen: '612' },
    });
    org.member.rfc = makeRfc();
    const added = await call(
      app,
      'POST',
      '/api/svc/create-profile',
      org.admin.auth,
      newMember(org.member.rfc, 1),
    );
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ org_id: org.id, is_admin: false, tax_id: org.member.rfc });
    org.member.id = added.body.id as string;
    const raceRfc = makeRfc();
    const race = await Promise.all(
      [2, 3].map((n) => call(app, 'POST', '/api/svc/create-profile', org.admin.auth, newMember(raceRfc, n))),
    );
    expect(race.map((r) => r.status).sort()).toEqual([201, 409]);
    org.member.auth = bearer(
      (await PROFILE_COMMANDS['create-key']!.run(cli, { rfc: org.member.rfc }, [])).json.api_key as string,
    );

    const short = await call(app, 'GET', `/api/svc/get-profile?rfc=${org.member.rfc}`, org.member.auth);
    expect(short.status).toBe(200);
    const patched = await call(app, 'PATCH', `/api/profile/${org.member.id}`, org.admin.auth, {
      name: 'Miembro Uno',
    });
    expect(patched.body).toMatchObject({ name: 'Miembro Uno' });
    const taken = await call(app, 'PATCH', `/api/profile/${org.member.rfc}`, org.member.auth, {
      email: 'admin.pg@example.com',
    });
    expect(taken.status).toBe(409);
    const tax = await call(app, 'PATCH', `/api/profile/${org.member.rfc}/tax-info`, org.member.auth, {
      postal_code: '44130',
      invoice_cfdi_use: 'G03',
    });
    expect(tax.status).toBe(200);
    expect(
      (await call(app, 'GET', `/api/profile/${org.member.rfc}/tax-info`, org.admin.auth)).body,
    ).toMatchObject({ postal_code: '44130', invoice_fiscal_regimen: '612', invoice_cfdi_use: 'G03' });

    const got = await call(app, 'GET', `/api/organizations/${org.id}`, org.member.auth);
    expect(keysOf(got.body)).toEqual(ORGANIZATION_KEYS);
    expect(got.body.feature_flags).toEqual({ chat_invoicing: true, extra: false });
    expect((await call(app, 'GET', `/api/organizations/${org.id}/credits`, org.member.auth)).status).toBe(
      403,
    );
    expect((await call(app, 'GET', `/api/organizations/${org.id}/credits`, org.admin.auth)).body).toEqual({
      credits_remaining: 10,
    });
    const members = await call(app, 'GET', `/api/organizations/${org.id}/members`, org.admin.auth);
    expect((members.body.members as unknown[]).length).toBe(3);
    const summary = await call(app, 'GET', `/api/svc/organization-members?org_id=${org.id}`, org.admin.auth);
    expect((summary.body.members as { invoice_count: number }[]).map((m) => m.invoice_count)).toEqual([
      0, 0, 0,
    ]);
    const phone = makePhone();
    const member = await call(
      app,
      'PATCH',
      `/api/organizations/${org.id}/members/${org.member.rfc}`,
      org.admin.auth,
      {
        phone_number: phone,
      },
    );
    expect(member.status).toBe(200);
    expect(member.body.phone_number).toBe(phone);

    const removed = await call(
      app,
      'DELETE',
      `/api/organizations/${org.id}/members/${raceRfc}`,
      org.admin.auth,
    );
    expect(removed.body).toMatchObject({ success: true });
    const lastAdmin = await call(
      app,
      'DELETE',
      `/api/organizations/${org.id}/members/${org.admin.rfc}`,
      org.admin.auth,
    );
    expect(lastAdmin.status).toBe(409);

    // A revoked key stops working at once.
    const spare = await PROFILE_COMMANDS['create-key']!.run(cli, { rfc: raceRfc }, []);
    const spareAuth = bearer(spare.json.api_key as string);
    expect((await call(app, 'GET', `/api/profile/${raceRfc}`, spareAuth)).status).toBe(200);
    expect((await PROFILE_COMMANDS['revoke-keys']!.run(cli, { rfc: raceRfc }, [])).json).toEqual({
      revoked: 1,
    });
    expect((await call(app, 'GET', `/api/profile/${raceRfc}`, spareAuth)).status).toBe(401);
  });

  it('facturar-ticket: 202, the job completes, GET shows it completed with working links', async () => {
    const { deps, app } = h;
    const me = await seedProfile(deps, { credits: 3 });
    const res = await app.request('/api/svc/facturar-ticket', json(me.auth, ticket));
    expect(res.status).toBe(202);
    const { id } = await res.json();
    expect(await balanceOf(db, { type: 'profile', id: me.profile.id })).toBe(2);
    expect(await runJobs()).toBe(1);

    const details = await call(app, 'GET', `/api/svc/invoices/${id}`, me.auth);
    expect(details.body).toMatchObject({
      id,
      status: 'completed',
      amount: 303.92,
      vendor: 'OPERADORA DE ALIMENTOS LA TERRAZA SA DE CV',
      member_rfc: me.profile.rfc,
      uuid: expect.stringMatching(/^[0-9A-F-]{36}$/),
    });
    const pdf = await app.request(details.body.pdf_url as string);
    expect(pdf.status).toBe(200);
    expect((await pdf.text()).startsWith('%PDF')).toBe(true);
    const xml = await app.request(details.body.xml_url as string);
    expect(await xml.text()).toContain(`UUID="${details.body.uuid}"`);
    // The repository hands back the table's types: BIGINT money is a number, not pg's string.
    const row = await db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.amount_cents).toBe(30392);
    expect(await ledgerOf(id)).toEqual(['charge:-1']);
    expect(
      await db.selectFrom('learned_merchants').selectAll().where('rfc', '=', 'OAT080813655').execute(),
    ).toHaveLength(1);
    expect(await runJobs()).toBe(0);
  });

  it('facturar-ticket-org: parallel retries with one Idempotency-Key make one invoice and one charge', async () => {
    const { app } = h;
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        app.request(
          '/api/svc/facturar-ticket-org',
          json(org.admin.auth, { ...ticket, rfc: org.member.rfc }, { 'idempotency-key': 'pg-same' }),
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(202));
    const ids = new Set(await Promise.all(results.map(async (r) => (await r.json()).id)));
    expect(ids.size).toBe(1);
    expect(await balanceOf(db, { type: 'org', id: org.id })).toBe(9);
    expect(await runJobs()).toBe(1);
    const [id] = [...ids] as string[];
    for (const auth of [org.admin.auth, org.member.auth]) {
      const d = await call(app, 'GET', `/api/svc/invoices/${id}`, auth);
      expect(d.body).toMatchObject({ status: 'completed', member_rfc: org.member.rfc });
    }
  });

  it('a receipt that cannot be invoiced fails and its credit comes back exactly once', async () => {
    const { deps, app } = h;
    const me = await seedProfile(deps, { credits: 2 });
    // No RFC and no name the merchant directory could know it by.
    reads.push(() => ({ ...groundTruth(), vendor_rfc: null, vendor_name: null }));
    const never = { ...ticket, review: 'never' };
    const { id } = await (await app.request('/api/svc/facturar-ticket', json(me.auth, never))).json();
    expect(await balanceOf(db, { type: 'profile', id: me.profile.id })).toBe(1);
    expect(await runJobs()).toBe(1);
    const d = await call(app, 'GET', `/api/svc/invoices/${id}`, me.auth);
    expect(d.body).toMatchObject({ status: 'failed', amount: null, uuid: null });
    expect(d.body.failure_reason).toMatch(/RFC/);
    expect(await balanceOf(db, { type: 'profile', id: me.profile.id })).toBe(2);

    // A redelivered job refunds nothing more.
    await db.updateTable('jobs').set({ status: 'queued' }).where('payload', 'like', `%${id}%`).execute();
    expect(await runJobs()).toBe(1);
    expect(await ledgerOf(id)).toEqual(['charge:-1', 'refund:1']);
    expect(await balanceOf(db, { type: 'profile', id: me.profile.id })).toBe(2);

    // Three workers failing one processing invoice at once: one refund; its job then finds it finished.
    const other = (await (await app.request('/api/svc/facturar-ticket', json(me.auth, ticket))).json()).id;
    const failure = { code: 'internal', reason: 'lost' };
    await Promise.all([1, 2, 3].map(() => failInvoice(deps, other, failure)));
    expect(await runJobs()).toBe(1);
    expect(await ledgerOf(other)).toEqual(['charge:-1', 'refund:1']);
    expect(await balanceOf(db, { type: 'profile', id: me.profile.id })).toBe(2);
  });

  it('review: parallel confirms seal once, parallel cancels refund once, an unconfirmed one expires', async () => {
    const { deps, app } = h;
    const me = await seedProfile(deps, { credits: 3 });
    const unsure = () => ({ ...groundTruth(), confidence: { ...groundTruth().confidence, total: 0.3 } });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      reads.push(unsure);
      ids.push((await (await app.request('/api/svc/facturar-ticket', json(me.auth, ticket))).json()).id);
    }
    expect(await runJobs()).toBe(3);
    const [a, b, c] = ids as [string, string, string];
    const d = await call(app, 'GET', `/api/svc/invoices/${a}`, me.auth);
    expect(d.body.review).toMatchObject({
      fields: { total: { value: 303.92, confidence: 0.3, needs_review: true } },
    });
    expect((d.body.review as { fields: { total: unknown } }).fields.total).toEqual({
      value: 303.92,
      confidence: 0.3,
      needs_review: true,
    });

    const confirm = { corrections: { total: 310.5 } };
    const confirms = await Promise.all(
      [1, 2, 3].map(() => app.request(`/api/svc/invoices/${a}/confirm`, json(me.auth, confirm))),
    );
    expect(confirms.map((r) => r.status)).toEqual([202, 202, 202]);
    const cancels = await Promise.all(
      [1, 2, 3].map(() => app.request(`/api/svc/invoices/${b}/cancel`, { method: 'POST', headers: me.auth })),
    );
    expect(cancels.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await runJobs()).toBe(1);
    expect((await call(app, 'GET', `/api/svc/invoices/${a}`, me.auth)).body).toMatchObject({
      status: 'completed',
      amount: 310.5,
    });
    const corrections = await db
      .selectFrom('invoice_corrections')
      .selectAll()
      .where('invoice_id', '=', a)
      .execute();
    expect(corrections.map((r) => [r.field, r.old_value, r.new_value])).toEqual([
      ['total', '303.92', '310.50'],
    ]);

    deps.clock.advance(deps.config.REVIEW_TTL_HOURS * 3600_000);
    expect(await runJobs()).toBe(3); // the three expiry jobs; only c was still pending
    expect((await call(app, 'GET', `/api/svc/invoices/${c}`, me.auth)).body).toMatchObject({
      status: 'failed',
      failure_reason: 'expired',
    });
    expect(await ledgerOf(a)).toEqual(['charge:-1']);
    expect(await ledgerOf(b)).toEqual(['charge:-1', 'refund:1']);
    expect(await ledgerOf(c)).toEqual(['charge:-1', 'refund:1']);
    expect(await balanceOf(db, { type: 'profile', id: me.profile.id })).toBe(2);
  });

  it('transient errors are retried with backoff; when attempts run out the invoice fails once, refunded', async () => {
    const { deps, app } = h;
    const me = await seedProfile(deps, { credits: 1 });
    const attempts = deps.config.JOB_MAX_ATTEMPTS;
    for (let i = 0; i < attempts; i++)
      reads.push(() => {
        throw new Error('OCR engine crashed');
      });
    const { id } = await (await app.request('/api/svc/facturar-ticket', json(me.auth, ticket))).json();
    for (let i = 0; i < attempts; i++) {
      expect(await runJobs()).toBe(1);
      deps.clock.advance(60_000);
    }
    expect(reads).toHaveLength(0);
    const job = await db
      .selectFrom('jobs')
      .selectAll()
      .where('payload', 'like', `%${id}%`)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'failed', attempts, last_error: 'Error: OCR engine crashed' });
    expect((await call(app, 'GET', `/api/svc/invoices/${id}`, me.auth)).body.status).toBe('failed');
    expect(await ledgerOf(id)).toEqual(['charge:-1', 'refund:1']);
    expect(await balanceOf(db, { type: 'profile', id: me.profile.id })).toBe(1);
  });

  it('member-invoices pages newest first with exact totals', async () => {
    const { deps, app } = h;
    const member = await seedProfile(deps, { org_id: org.id });
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await app.request(
        '/api/svc/facturar-ticket-org',
        json(org.admin.auth, { ...ticket, rfc: member.profile.rfc }),
      );
      made.push((await res.json()).id);
      deps.clock.advance(1000);
    }
    expect(await runJobs()).toBe(5);
    const page = (limit: number, offset: number, auth = org.admin.auth) =>
      call(
        app,
        'GET',
        `/api/svc/member-invoices?org_id=${org.id}&rfc=${member.profile.rfc}&limit=${limit}&offset=${offset}`,
        auth,
      );
    const seen: string[] = [];
    for (const offset of [0, 2, 4]) {
      const p = await page(2, offset);
      expect(p.status).toBe(200);
      expect(p.body).toMatchObject({ total: 5, limit: 2, offset });
      seen.push(...(p.body.invoices as { id: string }[]).map((i) => i.id));
    }
    expect(seen).toEqual([...made].reverse());
    expect((await page(2, 10)).body).toMatchObject({ invoices: [], total: 5 });
    expect((await page(10, 0, member.auth)).body.total).toBe(5);
    expect((await page(10, 0, org.member.auth)).status).toBe(403);
    const summary = await call(app, 'GET', `/api/svc/organization-members?org_id=${org.id}`, org.admin.auth);
    const counts = Object.fromEntries(
      (summary.body.members as { tax_id: string; invoice_count: number }[]).map((m) => [
        m.tax_id,
        m.invoice_count,
      ]),
    );
    expect(counts).toMatchObject({ [member.profile.rfc]: 5, [org.member.rfc]: 1, [org.admin.rfc]: 0 });
    expect(await balanceOf(db, { type: 'org', id: org.id })).toBe(4);
  });

  it('concurrent charges through HTTP never go below zero', async () => {
    const { deps, app } = h;
    const me = await seedProfile(deps, { credits: 3 });
    const results = await Promise.all(
      Array.from({ length: 12 }, () => app.request('/api/svc/facturar-ticket', json(me.auth, ticket))),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(3);
    expect(statuses.filter((s) => s === 402)).toHaveLength(9);
    expect(await balanceOf(db, { type: 'profile', id: me.profile.id })).toBe(0);
    const charges = await db
      .selectFrom('credit_ledger')
      .select('balance_after')
      .where('account_id', '=', me.profile.id)
      .where('kind', '=', 'charge')
      .execute();
    expect(charges.map((c) => c.balance_after).sort()).toEqual([0, 1, 2]);
    expect(await runJobs()).toBe(3);
  });

  it('two invoices of a merchant seen for the first time complete together (merchant directory insert race)', async () => {
    const { deps } = h;
    const receipt = { ...groundTruth(), vendor_rfc: 'EKU9003173C9', vendor_name: 'ESCUELA KEMPER URGATE' };
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    // The first transaction has inserted the merchant and not committed when the second one looks it up.
    const first = db.transaction().execute(async (trx) => {
      await learnMerchant(trx, 'profile:race', receipt, deps.clock.now().toISOString());
      await held;
    });
    const second = db
      .transaction()
      .execute((trx) => learnMerchant(trx, 'profile:race', receipt, deps.clock.now().toISOString()));
    await new Promise((r) => setTimeout(r, 100));
    release();
    await first;
    await second;
    expect(
      await db.selectFrom('learned_merchants').selectAll().where('rfc', '=', 'EKU9003173C9').execute(),
    ).toHaveLength(1);
  });

  it('the job queue: concurrent claims never share a job, an expired lease is claimed again', async () => {
    const { deps } = h;
    for (let i = 0; i < 6; i++) await enqueue(db, deps.clock, { kind: 'echo', payload: i });
    const claims = await Promise.all(
      ['a', 'b', 'c'].map((workerId) => claimJobs(db, deps.clock, { workerId, limit: 6, leaseMs: 1000 })),
    );
    const ids = claims.flat().map((j) => j.id);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    expect(await claimJobs(db, deps.clock, { workerId: 'd', limit: 6, leaseMs: 1000 })).toEqual([]);
    deps.clock.advance(1001);
    const again = await claimJobs(db, deps.clock, { workerId: 'd', limit: 6, leaseMs: 1000 });
    expect(again.map((j) => [j.locked_by, j.attempts])).toEqual(Array(6).fill(['d', 2]));
    const seen: unknown[] = [];
    deps.clock.advance(1001);
    expect(await runDueJobs(deps, { echo: { run: async (p) => void seen.push(p) } })).toBe(6);
    expect(seen.sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('processed_updates marks a delivery once, also when two arrive at the same time', async () => {
    const { clock } = h.deps;
    expect(await markProcessed(db, clock, 'telegram', 'u-1')).toBe(true);
    expect(await markProcessed(db, clock, 'telegram', 'u-1')).toBe(false);
    const both = await Promise.all(
      [1, 2].map(() => db.transaction().execute((trx) => markProcessed(trx, clock, 'telegram', 'u-2'))),
    );
    expect(both.sort()).toEqual([false, true]);
  });
});

describe.skipIf(!schema)('migrations on PostgreSQL', () => {
  it('processes migrating one fresh database at once: one applies each file, the others skip it', async () => {
    const fresh = (await pgTestSchema())!;
    const dbs: Db[] = [];
    try {
      dbs.push(...(await Promise.all([fresh.db(), fresh.db(), fresh.db()])));
      const applied = await Promise.all(dbs.map((d) => migrate(d)));
      // Each file is claimed on its own, so one process may apply 001 and another 002 (after 001 is committed):
      // what matters is that every file is applied exactly once.
      expect(new Set(applied.flat()).size).toBe(applied.flat().length);
      const names = await dbs[0]!.selectFrom('schema_migrations').select('name').execute();
      expect(applied.flat().sort()).toEqual(names.map((n) => n.name).sort());
      expect(await migrate(dbs[1]!)).toEqual([]);
    } finally {
      await Promise.all(dbs.map((d) => d.destroy()));
      await fresh.drop();
    }
  });
});

describe.skipIf(!botSchema)('Telegram bot on PostgreSQL', () => {
  let b: BotHarness;
  const USER = 3003;
  beforeAll(async () => {
    b = await botHarness({ deps: { db: await botSchema!.migratedDb() } });
  });
  afterAll(async () => {
    await b?.close();
    await botSchema?.drop();
  });

  it('links by contact, invoices a photo, sends PDF and XML; a redelivered update is handled once', async () => {
    const phone = makePhone();
    const profile = (await seedProfile(b.deps, { phone_verified: true, phone_number: phone })).profile;
    await b.telegram(tgMessage(USER, { contact: { phone_number: phone, first_name: 'Ana', user_id: USER } }));
    b.tg.addFile('ph1', await receiptJpeg());
    const photo = tgMessage(USER, {
      photo: [{ file_id: 'ph1', file_unique_id: 'ph1', width: 64, height: 96 }],
    });
    expect((await b.telegram({ ...photo, update_id: 900 })).status).toBe(200);
    expect((await b.telegram({ ...photo, update_id: 900 })).status).toBe(200);
    await b.settle();
    const invoices = await b.deps.db.selectFrom('invoices').selectAll().execute();
    expect(invoices.map((i) => [i.status, i.source])).toEqual([['completed', 'telegram']]);
    expect(await balanceOf(b.deps.db, { type: 'profile', id: profile.id })).toBe(4);
    expect(b.tg.sent('sendDocument')).toHaveLength(2);
    await b.telegram(tgText(USER, '/saldo'));
    await b.bots.outbox.drain();
    expect(b.tg.textsTo(USER).at(-1)).toMatch(/4 créditos/);
    const outbox = await b.deps.db.selectFrom('outbox').select('status').execute();
    expect(outbox.every((r) => r.status === 'sent')).toBe(true);
  });

  it('an unsure ticket gets a review card; a correction edits it; ✅ seals the corrected total', async () => {
    const unsure = goodReceipt();
    b.receipts.push({ ...unsure, confidence: { ...unsure.confidence, total: 0.3 } });
    b.clock.advance(1000);
    b.tg.addFile('ph2', await receiptJpeg());
    await b.telegram(
      tgMessage(USER, { photo: [{ file_id: 'ph2', file_unique_id: 'ph2', width: 64, height: 96 }] }),
    );
    await b.settle();
    const inv = await b.deps.db
      .selectFrom('invoices')
      .selectAll()
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    expect(b.tg.textsTo(USER).at(-1)).toMatch(/^🧾 Revisa tu factura/);
    await b.telegram(tgCallback(USER, `rv:${inv.id}:total`));
    await b.telegram(tgText(USER, '120.50'));
    await b.settle();
    expect(b.tg.sent('editMessageText').at(-1)!.params.text).toContain('Total: $120.50');
    const press = { update_id: 990, ...tgCallback(USER, `rv:${inv.id}:ok`) };
    await b.telegram(press);
    await b.telegram(press);
    await b.settle();
    const done = await b.deps.db
      .selectFrom('invoices')
      .selectAll()
      .where('id', '=', inv.id)
      .executeTakeFirstOrThrow();
    expect(done).toMatchObject({ status: 'completed', amount_cents: 12050 });
    const ledger = await b.deps.db
      .selectFrom('credit_ledger')
      .select('kind')
      .where('invoice_id', '=', inv.id)
      .execute();
    expect(ledger.map((l) => l.kind)).toEqual(['charge']);
  });
});
