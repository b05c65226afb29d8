import { describe, expect, it } from 'vitest';
import { balanceOf } from '../../src/credits/credits.service.js';
import type { Db } from '../../src/db/db.js';
import { runDueJobs } from '../../src/jobs/worker.js';
import type { ReceiptData } from '../../src/receipts/receipt.types.js';
import { seedOrgWithAdmin, seedProfile } from '../helpers/seed.js';
import { fakeReader, fixtureB64, groundTruth, invoiceHarness, json, snapshot } from './invoice.helpers.js';

const body = { receipt_image: fixtureB64(), cfdi_usage: 'G03' };

/** The fixture as read, with the total (or other key fields) under the sealing threshold. */
const unsure = (over: Partial<ReceiptData['confidence']> = { total: 0.4 }): ReceiptData => {
  const gt = groundTruth();
  return { ...gt, confidence: { ...gt.confidence, ...over } };
};

async function setUp(read: () => ReceiptData = unsure) {
  const reader = fakeReader(read);
  const h = await invoiceHarness({ readReceipt: reader });
  const me = await seedProfile(h.deps, { credits: 5 });
  const create = async (extra: Record<string, unknown> = {}) => {
    const res = await h.app.request('/api/svc/facturar-ticket', json(me.auth, { ...body, ...extra }));
    expect(res.status).toBe(202);
    const inv = (await res.json()) as { id: string };
    await runDueJobs(h.deps, h.handlers);
    return inv.id;
  };
  const get = async (id: string, auth = me.auth) =>
    (await h.app.request(`/api/svc/invoices/${id}`, { headers: auth })).json();
  const post = (id: string, action: 'confirm' | 'cancel', payload?: unknown, auth = me.auth) =>
    h.app.request(
      `/api/svc/invoices/${id}/${action}`,
      payload === undefined ? { method: 'POST', headers: auth } : json(auth, payload),
    );
  return { ...h, reader, me, create, get, post };
}

/** The account's balance equals the sum of its ledger: no credit appears or vanishes. */
async function ledgerBalanced(db: Db, type: 'profile' | 'org', id: string) {
  const rows = await db
    .selectFrom('credit_ledger')
    .select('delta')
    .where('account_type', '=', type)
    .where('account_id', '=', id)
    .execute();
  expect(await balanceOf(db, { type, id })).toBe(rows.reduce((s, r) => s + r.delta, 0));
}

const ledgerOf = async (db: Db, invoiceId: string) =>
  (await db.selectFrom('credit_ledger').selectAll().where('invoice_id', '=', invoiceId).execute())
    .map((r) => `${r.kind}:${r.delta}`)
    .sort();

const xmlOf = async (t: Awaited<ReturnType<typeof setUp>>, id: string) => {
  const d = await t.get(id);
  return (await t.app.request(d.xml_url)).text();
};

/** SubTotal + traslados = Total, and the conceptos' importes add up to SubTotal, all to the cent. */
function sumsAddUp(xml: string) {
  const attr = (re: RegExp) => Number(re.exec(xml)?.[1]);
  const total = attr(/<cfdi:Comprobante[^>]* Total="([\d.]+)"/);
  const subtotal = attr(/<cfdi:Comprobante[^>]* SubTotal="([\d.]+)"/);
  const taxes = attr(/<cfdi:Impuestos[^>]* TotalImpuestosTrasladados="([\d.]+)"/);
  const importes = [...xml.matchAll(/<cfdi:Concepto [^>]*Importe="([\d.]+)"/g)].map((m) => Number(m[1]));
  const cents = (n: number) => Math.round(n * 100);
  expect(cents(subtotal) + cents(taxes)).toBe(cents(total));
  expect(importes.reduce((s, v) => s + cents(v), 0)).toBe(cents(subtotal));
  return total;
}

describe('review step: sure and unsure readings', () => {
  it('a sure reading is sealed at once and carries review: null', async () => {
    const t = await setUp(groundTruth);
    const id = await t.create();
    const d = await t.get(id);
    expect(d).toMatchObject({ status: 'completed', review: null, amount: 303.92 });
    expect(t.events.pending).toHaveLength(0);
  });

  it('an unsure total waits as pending with the reading shown, the credit still taken', async () => {
    const t = await setUp(() => unsure({ total: 0.4, date: 0.5 }));
    const id = await t.create();
    const d = await t.get(id);
    expect(d).toMatchObject({ status: 'pending', amount: null, uuid: null, failure_reason: null });
    expect(d.review).toEqual({
      fields: {
        vendor_name: {
          value: 'OPERADORA DE ALIMENTOS LA TERRAZA SA DE CV',
          confidence: 1,
          needs_review: false,
        },
        vendor_rfc: { value: 'OAT080813655', confidence: 1, needs_review: false },
        date: { value: '2026-02-06', confidence: 0.5, needs_review: true },
        total: { value: 303.92, confidence: 0.4, needs_review: true },
      },
      expires_at: '2026-11-24T18:00:00.000Z',
    });
    expect(t.events.pending.map((i) => [i.id, i.status])).toEqual([[id, 'pending']]);
    expect(t.events.finished).toHaveLength(0);
    expect(await balanceOf(t.deps.db, { type: 'profile', id: t.me.profile.id })).toBe(4);
    expect(await ledgerOf(t.deps.db, id)).toEqual(['charge:-1']);
    // The reading as it came is stored with the invoice.
    const row = await t.deps.db
      .selectFrom('invoices')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.receipt_data!)).toMatchObject({ total: 30392, confidence: { total: 0.4 } });
  });

  it('a missing key field waits too (review auto), and review never seals what was read', async () => {
    const t = await setUp(() => ({ ...groundTruth(), vendor_rfc: null }));
    const id = await t.create();
    expect((await t.get(id)).review.fields.vendor_rfc).toEqual({
      value: null,
      confidence: 1,
      needs_review: true,
    });
    const t2 = await setUp(() => unsure({ total: 0.1 }));
    const sealed = await t2.create({ review: 'never' });
    expect(await t2.get(sealed)).toMatchObject({ status: 'completed', amount: 303.92, review: null });
  });

  it('review always waits even when sure; anything else than auto|always|never is a 400', async () => {
    const t = await setUp(groundTruth);
    const id = await t.create({ review: 'always' });
    const d = await t.get(id);
    expect(d.status).toBe('pending');
    expect(Object.values(d.review.fields).map((f) => (f as { needs_review: boolean }).needs_review)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    const before = await snapshot(t.deps);
    for (const review of ['sometimes', true, null, 'AUTO']) {
      const res = await t.app.request('/api/svc/facturar-ticket', json(t.me.auth, { ...body, review }));
      expect(res.status).toBe(400);
      expect((await res.json()).details.map((x: { path: string }) => x.path)).toEqual(['review']);
    }
    expect(await snapshot(t.deps)).toEqual(before);
  });
});

describe('POST /api/svc/invoices/{id}/confirm', () => {
  it('confirms as read: 202 processing, then sealed from the stored reading without reading again', async () => {
    const t = await setUp();
    const id = await t.create();
    const res = await t.post(id, 'confirm', {});
    expect(res.status).toBe(202);
    expect(await res.json()).toMatchObject({ id, status: 'processing', review: null });
    await runDueJobs(t.deps, t.handlers);
    expect(await t.get(id)).toMatchObject({ status: 'completed', amount: 303.92 });
    expect(t.reader.calls).toBe(1);
    expect(sumsAddUp(await xmlOf(t, id))).toBe(303.92);
    expect(await ledgerOf(t.deps.db, id)).toEqual(['charge:-1']);
    await ledgerBalanced(t.deps.db, 'profile', t.me.profile.id);
  });

  it('a corrected total rescales the conceptos; Total is the corrected one; corrections are stored', async () => {
    const t = await setUp();
    const id = await t.create();
    const corrections = { total: 699.05, vendor_rfc: ' oat080813655 ', date: '2026-02-10' };
    const res = await t.post(id, 'confirm', { corrections });
    expect(res.status).toBe(202);
    await runDueJobs(t.deps, t.handlers);
    const d = await t.get(id);
    expect(d).toMatchObject({ status: 'completed', amount: 699.05 });
    const xml = await xmlOf(t, id);
    expect(xml).toContain('Total="699.05"');
    expect(sumsAddUp(xml)).toBe(699.05);
    expect([...xml.matchAll(/<cfdi:Concepto /g)]).toHaveLength(4); // the items, rescaled
    const stored = await t.deps.db
      .selectFrom('invoice_corrections')
      .selectAll()
      .where('invoice_id', '=', id)
      .orderBy('seq')
      .execute();
    expect(
      stored.map((c) => [c.field, c.old_value, c.new_value, c.corrected_by_profile_id, c.source]),
    ).toEqual([
      ['vendor_rfc', 'OAT080813655', 'OAT080813655', t.me.profile.id, 'api'],
      ['date', '2026-02-06', '2026-02-10', t.me.profile.id, 'api'],
      ['total', '303.92', '699.05', t.me.profile.id, 'api'],
    ]);
    expect(stored[0]?.created_at).toBe('2026-11-21T18:00:00.000Z');

    // The same confirm retried: the invoice as it is, nothing sealed twice; another body is a conflict.
    const retry = await t.post(id, 'confirm', { corrections });
    expect(retry.status).toBe(202);
    expect((await retry.json()).status).toBe('completed');
    expect(await runDueJobs(t.deps, t.handlers)).toBe(0);
    expect((await t.post(id, 'confirm', { corrections: { total: 700 } })).status).toBe(409);
    expect((await t.post(id, 'cancel')).status).toBe(409);
    expect(t.events.finished.map((i) => i.status)).toEqual(['completed']);
    expect(await ledgerOf(t.deps.db, id)).toEqual(['charge:-1']);
  });

  it('a corrected name and RFC are sealed as the emisor but do not teach the merchant directory', async () => {
    const t = await setUp(() => unsure({ vendor_rfc: 0.3, vendor_name: 0.3 }));
    const id = await t.create();
    const corrections = { vendor_name: 'TAQUERIA EL PASTOR', vendor_rfc: 'EKU9003173C9' };
    expect((await t.post(id, 'confirm', { corrections })).status).toBe(202);
    await runDueJobs(t.deps, t.handlers);
    const xml = await xmlOf(t, id);
    expect(xml).toMatch(/<cfdi:Emisor Rfc="EKU9003173C9" Nombre="TAQUERIA EL PASTOR"/);
    expect(await t.deps.db.selectFrom('learned_merchants').selectAll().execute()).toEqual([]);
  });

  it('refuses bad corrections with 400 and details, changing nothing', async () => {
    const t = await setUp();
    const id = await t.create();
    const before = await snapshot(t.deps);
    const cases: [unknown, string[]][] = [
      [{ corrections: { vendor_rfc: 'OAT080813656' } }, ['corrections.vendor_rfc']], // check digit
      [{ corrections: { vendor_rfc: 'NOT AN RFC' } }, ['corrections.vendor_rfc']],
      [{ corrections: { total: 0 } }, ['corrections.total']],
      [{ corrections: { total: -5 } }, ['corrections.total']],
      [{ corrections: { total: 12.345 } }, ['corrections.total']],
      [{ corrections: { total: '12.34' } }, ['corrections.total']],
      [{ corrections: { date: '2026-02-30' } }, ['corrections.date']],
      [{ corrections: { date: '2026-11-22' } }, ['corrections.date']], // tomorrow
      [{ corrections: { date: '2025-11-20' } }, ['corrections.date']], // over 365 days
      [{ corrections: { date: '06/02/2026' } }, ['corrections.date']],
      [{ corrections: { vendor_name: '   ' } }, ['corrections.vendor_name']],
      [{ corrections: { iva: 1 } }, ['corrections']],
      [{ correction: { total: 1 } }, ['(root)']],
      [{ corrections: { total: 0, date: '2030-01-01' } }, ['corrections.date', 'corrections.total']],
    ];
    for (const [payload, paths] of cases) {
      const res = await t.post(id, 'confirm', payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      const err = await res.json();
      expect(err.error).toBe('ValidationError');
      expect(err.details.map((x: { path: string }) => x.path).sort(), JSON.stringify(payload)).toEqual(paths);
    }
    expect(await snapshot(t.deps)).toEqual(before);
    expect((await t.get(id)).status).toBe('pending');
    expect(await t.deps.db.selectFrom('invoice_corrections').selectAll().execute()).toEqual([]);
  });
});

describe('cancel and expiry', () => {
  it('cancel: 200 failed "cancelled", refunded exactly once; later confirm or cancel is a 409', async () => {
    const t = await setUp();
    const id = await t.create();
    const res = await t.post(id, 'cancel');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id,
      status: 'failed',
      failure_reason: 'cancelled',
      review: null,
    });
    expect((await t.post(id, 'cancel')).status).toBe(409);
    expect((await t.post(id, 'confirm')).status).toBe(409);
    expect(await ledgerOf(t.deps.db, id)).toEqual(['charge:-1', 'refund:1']);
    expect(await balanceOf(t.deps.db, { type: 'profile', id: t.me.profile.id })).toBe(5);
    expect(t.events.finished.map((i) => [i.status, i.failure_code])).toEqual([['failed', 'cancelled']]);
    // The expiry job later finds nothing to do.
    t.deps.clock.advance(73 * 3600_000);
    await runDueJobs(t.deps, t.handlers);
    expect(await ledgerOf(t.deps.db, id)).toEqual(['charge:-1', 'refund:1']);
    await ledgerBalanced(t.deps.db, 'profile', t.me.profile.id);
  });

  it('expiry: unconfirmed for REVIEW_TTL_HOURS fails as "expired" with one refund, by a durable job', async () => {
    const t = await setUp();
    const id = await t.create();
    const job = await t.deps.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'invoice.review_expiry')
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'queued', run_at: '2026-11-24T18:00:00.000Z' });
    t.deps.clock.advance(72 * 3600_000 - 1000);
    expect(await runDueJobs(t.deps, t.handlers)).toBe(0);
    expect((await t.get(id)).status).toBe('pending');
    t.deps.clock.advance(1000);
    expect(await runDueJobs(t.deps, t.handlers)).toBe(1);
    expect(await t.get(id)).toMatchObject({ status: 'failed', failure_reason: 'expired' });
    expect((await t.post(id, 'confirm')).status).toBe(409);
    expect(await ledgerOf(t.deps.db, id)).toEqual(['charge:-1', 'refund:1']);
    await ledgerBalanced(t.deps.db, 'profile', t.me.profile.id);
  });

  it('a confirm after the deadline but before the expiry job ran is a 409 and expires the invoice', async () => {
    const t = await setUp();
    const id = await t.create();
    t.deps.clock.advance(72 * 3600_000);
    expect((await t.post(id, 'confirm')).status).toBe(409);
    expect(await t.get(id)).toMatchObject({ status: 'failed', failure_reason: 'expired' });
    await runDueJobs(t.deps, t.handlers);
    expect(await ledgerOf(t.deps.db, id)).toEqual(['charge:-1', 'refund:1']);
  });

  it('confirm or cancel on an invoice that was never pending is a 409', async () => {
    const t = await setUp(groundTruth);
    const id = await t.create();
    expect((await t.post(id, 'confirm')).status).toBe(409);
    expect((await t.post(id, 'cancel')).status).toBe(409);
  });
});

describe('review authorization and organizations', () => {
  it('owner and org admin may act; a fellow member gets 403, a stranger 404; the org credit is exact', async () => {
    const h = await invoiceHarness({ readReceipt: fakeReader(unsure) });
    const { org, admin, member } = await seedOrgWithAdmin(h.deps, { credits: 3 });
    const colleague = await seedProfile(h.deps, { org_id: org.id });
    const stranger = await seedProfile(h.deps);
    const make = async () => {
      const res = await h.app.request(
        '/api/svc/facturar-ticket-org',
        json(admin.auth, { ...body, rfc: member.profile.rfc }),
      );
      return ((await res.json()) as { id: string }).id;
    };
    const a = await make();
    const b = await make();
    await runDueJobs(h.deps, h.handlers);
    const post = (id: string, action: string, auth: { authorization: string }) =>
      h.app.request(`/api/svc/invoices/${id}/${action}`, { method: 'POST', headers: auth });
    for (const action of ['confirm', 'cancel']) {
      expect((await post(a, action, colleague.auth)).status).toBe(403);
      expect((await post(a, action, stranger.auth)).status).toBe(404);
    }
    const list = await (
      await h.app.request(`/api/svc/member-invoices?org_id=${org.id}&rfc=${member.profile.rfc}`, {
        headers: admin.auth,
      })
    ).json();
    expect(list.invoices.map((i: { status: string }) => i.status)).toEqual(['pending', 'pending']);
    expect((await post(a, 'confirm', admin.auth)).status).toBe(202);
    expect((await post(b, 'cancel', member.auth)).status).toBe(200);
    await runDueJobs(h.deps, h.handlers);
    expect(await balanceOf(h.deps.db, { type: 'org', id: org.id })).toBe(2);
    await ledgerBalanced(h.deps.db, 'org', org.id);
  });
});
