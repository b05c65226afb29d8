import { describe, expect, it } from 'vitest';
import { balanceOf } from '../../src/credits/credits.service.js';
import { runDueJobs } from '../../src/jobs/worker.js';
import { seedOrgWithAdmin, seedProfile } from '../helpers/seed.js';
import { fixtureB64, invoiceHarness, json, snapshot } from './invoice.helpers.js';

const body = { receipt_image: `data:image/jpeg;base64,${fixtureB64()}`, cfdi_usage: 'G03' };

describe('POST /api/svc/facturar-ticket → job → completed', () => {
  it('answers 202 processing, charges one credit, completes with working links', async () => {
    const { deps, app, handlers, events } = await invoiceHarness();
    const me = await seedProfile(deps, { credits: 3 });

    const res = await app.request('/api/svc/facturar-ticket', json(me.auth, body));
    expect(res.status).toBe(202);
    const created = await res.json();
    expect(created).toEqual({
      id: expect.any(String),
      status: 'processing',
      amount: null,
      currency: 'MXN',
      vendor: null,
      created_at: expect.any(String),
      pdf_url: null,
      xml_url: null,
    });
    expect(await balanceOf(deps.db, { type: 'profile', id: me.profile.id })).toBe(2);

    const pending = await app.request(`/api/svc/invoices/${created.id}`, { headers: me.auth });
    expect((await pending.json()).status).toBe('processing');

    expect(await runDueJobs(deps, handlers)).toBe(1);
    const details = await (await app.request(`/api/svc/invoices/${created.id}`, { headers: me.auth })).json();
    expect(details).toMatchObject({
      id: created.id,
      status: 'completed',
      amount: 303.92,
      currency: 'MXN',
      vendor: 'OPERADORA DE ALIMENTOS LA TERRAZA SA DE CV',
      member_rfc: me.profile.rfc,
      cfdi_usage: 'G03',
      uuid: expect.stringMatching(/^[0-9A-F-]{36}$/),
      failure_reason: null,
    });
    expect(details.pdf_url).toMatch(/^http:\/\/localhost:3000\/files\/invoices\/.+\/pdf\?exp=\d+&sig=/);

    // Links open without an API key.
    const pdf = await app.request(details.pdf_url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="factura-${details.uuid}.pdf"`);
    expect((await pdf.text()).startsWith('%PDF')).toBe(true);
    const xml = await app.request(details.xml_url);
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toMatch(/^application\/xml/);
    const text = await xml.text();
    expect(text).toContain('Total="303.92"');
    expect(text).toContain(`UUID="${details.uuid}"`);
    expect(text).toContain(`Rfc="${me.profile.rfc}"`);

    // One charge, no refund; the finished hook saw the completed row; the merchant directory learned the store.
    const ledger = await deps.db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('invoice_id', '=', created.id)
      .execute();
    expect(ledger.map((l) => l.kind)).toEqual(['charge']);
    expect(events.finished.map((i) => i.status)).toEqual(['completed']);
    const merchant = await deps.db.selectFrom('learned_merchants').selectAll().executeTakeFirst();
    expect(merchant).toMatchObject({ rfc: 'OAT080813655', postal_code: '58300', confirmations: 1 });
    // Running the queue again does nothing more.
    expect(await runDueJobs(deps, handlers)).toBe(0);
  });

  it('accepts plain Base64 and keeps expense_description', async () => {
    const { deps, app } = await invoiceHarness();
    const me = await seedProfile(deps);
    const res = await app.request(
      '/api/svc/facturar-ticket',
      json(me.auth, {
        receipt_image: fixtureB64(),
        cfdi_usage: 'g03',
        expense_description: 'Comida con cliente',
      }),
    );
    expect(res.status).toBe(202);
    const row = await deps.db.selectFrom('invoices').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ expense_description: 'Comida con cliente', cfdi_usage: 'G03', org_id: null });
  });
});

describe('Idempotency-Key', () => {
  it('same key and body: same invoice, one charge; another body: 409 and nothing changes', async () => {
    const { deps, app } = await invoiceHarness();
    const me = await seedProfile(deps, { credits: 5 });
    const key = { 'idempotency-key': 'abc-123' };
    const first = await app.request('/api/svc/facturar-ticket', json(me.auth, body, key));
    const again = await app.request('/api/svc/facturar-ticket', json(me.auth, body, key));
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect((await again.json()).id).toBe((await first.json()).id);
    expect(await balanceOf(deps.db, { type: 'profile', id: me.profile.id })).toBe(4);

    const before = await snapshot(deps);
    const other = await app.request(
      '/api/svc/facturar-ticket',
      json(me.auth, { ...body, cfdi_usage: 'G01' }, key),
    );
    expect(other.status).toBe(409);
    expect((await other.json()).error).toBe('Conflict');
    expect(await snapshot(deps)).toEqual(before);
  });

  it('keys are per caller: the same key from someone else is a new invoice', async () => {
    const { deps, app } = await invoiceHarness();
    const a = await seedProfile(deps);
    const b = await seedProfile(deps);
    const key = { 'idempotency-key': 'shared' };
    const ra = await (await app.request('/api/svc/facturar-ticket', json(a.auth, body, key))).json();
    const rb = await (await app.request('/api/svc/facturar-ticket', json(b.auth, body, key))).json();
    expect(ra.id).not.toBe(rb.id);
  });
});

describe('POST /api/svc/facturar-ticket-org', () => {
  it('an admin invoices for a member: org credit, invoice owned by the member, member_rfc in the answer', async () => {
    const { deps, app, handlers } = await invoiceHarness();
    const { org, admin, member } = await seedOrgWithAdmin(deps, { credits: 2 });
    const res = await app.request(
      '/api/svc/facturar-ticket-org',
      json(admin.auth, { ...body, rfc: member.profile.rfc.toLowerCase() }),
    );
    expect(res.status).toBe(202);
    const inv = await res.json();
    expect(inv).toMatchObject({ status: 'processing', member_rfc: member.profile.rfc, amount: null });
    expect(await balanceOf(deps.db, { type: 'org', id: org.id })).toBe(1);
    expect(await balanceOf(deps.db, { type: 'profile', id: admin.profile.id })).toBe(5);
    expect(await balanceOf(deps.db, { type: 'profile', id: member.profile.id })).toBe(5);

    await runDueJobs(deps, handlers);
    // The member sees it as its own; the admin as an admin of the org.
    for (const who of [member, admin]) {
      const d = await (await app.request(`/api/svc/invoices/${inv.id}`, { headers: who.auth })).json();
      expect(d).toMatchObject({ status: 'completed', member_rfc: member.profile.rfc });
    }
    const xml = await (
      await app.request(
        (
          await (await app.request(`/api/svc/invoices/${inv.id}`, { headers: member.auth })).json()
        ).xml_url,
      )
    ).text();
    expect(xml).toContain(`Rfc="${member.profile.rfc}"`);
  });

  it('a member may invoice for itself (org credit) but not for another member (403)', async () => {
    const { deps, app } = await invoiceHarness();
    const { org, admin, member } = await seedOrgWithAdmin(deps, { credits: 2 });
    const own = await app.request(
      '/api/svc/facturar-ticket-org',
      json(member.auth, { ...body, rfc: member.profile.rfc }),
    );
    expect(own.status).toBe(202);
    expect(await balanceOf(deps.db, { type: 'org', id: org.id })).toBe(1);
    const before = await snapshot(deps);
    const other = await app.request(
      '/api/svc/facturar-ticket-org',
      json(member.auth, { ...body, rfc: admin.profile.rfc }),
    );
    expect(other.status).toBe(403);
    expect(await snapshot(deps)).toEqual(before);
  });

  it('a foreign or unknown member is 404; a caller without organization is 404', async () => {
    const { deps, app } = await invoiceHarness();
    const { admin } = await seedOrgWithAdmin(deps);
    const other = await seedOrgWithAdmin(deps);
    const loner = await seedProfile(deps);
    const before = await snapshot(deps);
    for (const [auth, rfc] of [
      [admin.auth, other.member.profile.rfc],
      [admin.auth, loner.profile.rfc],
      [admin.auth, 'XIQB891116QE4'],
      [loner.auth, loner.profile.rfc],
    ] as const) {
      const res = await app.request('/api/svc/facturar-ticket-org', json(auth, { ...body, rfc }));
      expect(res.status).toBe(404);
      expect((await res.json()).error).toBe('NotFound');
    }
    expect(await snapshot(deps)).toEqual(before);
  });

  it('402 when the organization has no credits, even if the admin has some', async () => {
    const { deps, app } = await invoiceHarness();
    const { member, admin } = await seedOrgWithAdmin(deps, { credits: 0 });
    const before = await snapshot(deps);
    const res = await app.request(
      '/api/svc/facturar-ticket-org',
      json(admin.auth, { ...body, rfc: member.profile.rfc }),
    );
    expect(res.status).toBe(402);
    expect((await res.json()).error).toBe('InsufficientCredits');
    expect(await snapshot(deps)).toEqual(before);
  });
});

describe('GET /api/svc/invoices/{id}', () => {
  it('is 403 for fellow non-admin members, 404 for strangers and unknown ids; 400 for a malformed id', async () => {
    const { deps, app } = await invoiceHarness();
    const { admin, member } = await seedOrgWithAdmin(deps);
    const colleague = await seedProfile(deps, { org_id: admin.profile.org_id });
    const stranger = await seedProfile(deps);
    const inv = await (
      await app.request(
        '/api/svc/facturar-ticket-org',
        json(admin.auth, { ...body, rfc: member.profile.rfc }),
      )
    ).json();
    const asColleague = await app.request(`/api/svc/invoices/${inv.id}`, { headers: colleague.auth });
    expect(asColleague.status).toBe(403);
    expect((await asColleague.json()).error).toBe('Forbidden');
    expect((await app.request(`/api/svc/invoices/${inv.id}`, { headers: stranger.auth })).status).toBe(404);
    expect(
      (await app.request(`/api/svc/invoices/${crypto.randomUUID()}`, { headers: member.auth })).status,
    ).toBe(404);
    expect((await app.request('/api/svc/invoices/nope', { headers: member.auth })).status).toBe(400);
    expect((await app.request(`/api/svc/invoices/${inv.id}`)).status).toBe(401);
  });
});

describe('GET /api/svc/member-invoices', () => {
  async function withInvoices(n: number) {
    const h = await invoiceHarness();
    const seeded = await seedOrgWithAdmin(h.deps, { credits: 50 });
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      h.deps.clock.advance(1000);
      const r = await h.app.request(
        '/api/svc/facturar-ticket-org',
        json(seeded.admin.auth, { ...body, rfc: seeded.member.profile.rfc }),
      );
      ids.push((await r.json()).id);
    }
    return { ...h, ...seeded, ids };
  }
  const url = (org: string, rfc: string, extra = '') =>
    `/api/svc/member-invoices?org_id=${org}&rfc=${rfc}${extra}`;

  it('pages newest first with the exact total and the defaults 10/0', async () => {
    const { app, org, admin, member, ids } = await withInvoices(12);
    const page1 = await (await app.request(url(org.id, member.profile.rfc), { headers: admin.auth })).json();
    expect(page1.total).toBe(12);
    expect(page1.limit).toBe(10);
    expect(page1.offset).toBe(0);
    expect(page1.invoices.map((i: { id: string }) => i.id)).toEqual([...ids].reverse().slice(0, 10));
    expect(Object.keys(page1.invoices[0]).sort()).toEqual(
      ['amount', 'created_at', 'currency', 'id', 'pdf_url', 'status', 'vendor', 'xml_url'].sort(),
    );
    const page2 = await (
      await app.request(url(org.id, member.profile.rfc, '&limit=5&offset=10'), { headers: member.auth })
    ).json();
    expect(page2).toMatchObject({ total: 12, limit: 5, offset: 10 });
    expect(page2.invoices.map((i: { id: string }) => i.id)).toEqual([ids[1], ids[0]]);
  });

  it('enforces the rules: member sees only its own (403 otherwise), foreign org 404, bad limit 400', async () => {
    const { deps, app, org, admin, member } = await withInvoices(1);
    const other = await seedOrgWithAdmin(deps);
    expect((await app.request(url(org.id, admin.profile.rfc), { headers: member.auth })).status).toBe(403);
    expect(
      (await app.request(url(other.org.id, other.member.profile.rfc), { headers: admin.auth })).status,
    ).toBe(404);
    expect((await app.request(url(org.id, other.member.profile.rfc), { headers: admin.auth })).status).toBe(
      404,
    );
    for (const q of ['&limit=0', '&limit=101', '&offset=-1', '&limit=abc']) {
      const res = await app.request(url(org.id, member.profile.rfc, q), { headers: admin.auth });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe('ValidationError');
    }
    const max = await (
      await app.request(url(org.id, member.profile.rfc, '&limit=100'), { headers: admin.auth })
    ).json();
    expect(max).toMatchObject({ total: 1, limit: 100 });
  });
});
