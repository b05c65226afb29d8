import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/clock.js';
import { createDb } from '../../src/db/db.js';
import { migrate } from '../../src/db/migrate.js';
import { findInvoice } from '../../src/invoices/invoices.repo.js';
import { recordInvoiceEvent } from '../../src/webhooks/webhooks.events.js';
import { call, seedOrgWithAdmin, seedProfile } from '../helpers/seed.js';
import { fakeReader, fixtureB64, groundTruth, json } from '../invoices/invoice.helpers.js';
import { startReceiver, verifies, webhookHarness } from './webhooks.helpers.js';

const ticket = { receipt_image: fixtureB64(), cfdi_usage: 'G03' };
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

async function receiver(opts: Parameters<typeof startReceiver>[0] = {}) {
  const r = await startReceiver(opts);
  closers.push(r.close);
  return r;
}

const parse = (body: string) =>
  JSON.parse(body) as {
    id: string;
    type: string;
    created_at: string;
    data: { invoice: Record<string, unknown> };
  };

describe('invoice events reach a registered URL, signed', () => {
  it('invoice.completed carries the invoice details and verifies with the secret', async () => {
    const h = await webhookHarness();
    const rx = await receiver();
    const me = await seedProfile(h.deps);
    const ep = await h.register(me.auth, { url: rx.url });
    expect(ep.status).toBe(201);
    expect(String(ep.body.secret)).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);

    const inv = await (await h.app.request('/api/svc/facturar-ticket', json(me.auth, ticket))).json();
    await h.runJobs();

    expect(rx.received).toHaveLength(1);
    const got = rx.received[0]!;
    expect(verifies(String(ep.body.secret), got)).toBe(true);
    expect(verifies('whsec_' + Buffer.alloc(32, 1).toString('base64'), got)).toBe(false);
    const event = parse(got.body);
    expect(event.type).toBe('invoice.completed');
    expect(got.headers['webhook-id']).toBe(event.id);
    expect(got.headers['content-type']).toBe('application/json');
    const details = await call(h.app, 'GET', `/api/svc/invoices/${inv.id}`, me.auth);
    expect(Object.keys(event.data.invoice).sort()).toEqual(Object.keys(details.body).sort());
    expect(event.data.invoice).toMatchObject({ id: inv.id, status: 'completed', uuid: details.body.uuid });
    // The link in the event is a working signed link, minted when the event was recorded.
    expect((await h.app.request(String(event.data.invoice.pdf_url))).status).toBe(200);
  });

  it('invoice.failed carries the failure reason; an endpoint listening only to failures gets nothing else', async () => {
    let fail = false;
    const reader = fakeReader(() =>
      fail ? { ...groundTruth(), total: null, subtotal: null, items: [] } : groundTruth(),
    );
    const h = await webhookHarness({ readReceipt: reader });
    const all = await receiver();
    const failuresOnly = await receiver();
    const me = await seedProfile(h.deps);
    const a = await h.register(me.auth, { url: all.url });
    const f = await h.register(me.auth, { url: failuresOnly.url, events: ['invoice.failed'] });
    expect(f.body.events).toEqual(['invoice.failed']);
    expect(a.body.events).toBeNull();

    await h.app.request('/api/svc/facturar-ticket', json(me.auth, ticket));
    await h.runJobs();
    fail = true;
    const bad = await (await h.app.request('/api/svc/facturar-ticket', json(me.auth, ticket))).json();
    await h.runJobs();

    expect(all.received.map((r) => parse(r.body).type)).toEqual(['invoice.completed', 'invoice.failed']);
    expect(failuresOnly.received).toHaveLength(1);
    const ev = parse(failuresOnly.received[0]!.body);
    expect(ev.data.invoice).toMatchObject({ id: bad.id, status: 'failed', pdf_url: null });
    expect(String(ev.data.invoice.failure_reason)).not.toBe('');
    expect(verifies(String(f.body.secret), failuresOnly.received[0]!)).toBe(true);
  });

  it('invoice.pending_review goes out through the listener the review step calls', async () => {
    const h = await webhookHarness();
    const rx = await receiver();
    const me = await seedProfile(h.deps);
    const ep = await h.register(me.auth, { url: rx.url });
    const inv = await (await h.app.request('/api/svc/facturar-ticket', json(me.auth, ticket))).json();
    await h.deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('invoices').set({ status: 'pending' }).where('id', '=', inv.id).execute();
      const row = (await findInvoice(trx, inv.id))!;
      await h.deps.invoiceEvents!.onPendingReview!(trx, row);
    });
    await h.deps.db.deleteFrom('jobs').where('kind', '=', 'invoice.process').execute();
    await h.runJobs();
    expect(rx.received).toHaveLength(1);
    expect(parse(rx.received[0]!.body)).toMatchObject({
      type: 'invoice.pending_review',
      data: { invoice: { id: inv.id, status: 'pending' } },
    });
    expect(verifies(String(ep.body.secret), rx.received[0]!)).toBe(true);
  });

  it('no event row is written when the status change rolls back', async () => {
    const h = await webhookHarness();
    const rx = await receiver();
    const me = await seedProfile(h.deps);
    await h.register(me.auth, { url: rx.url });
    const inv = await (await h.app.request('/api/svc/facturar-ticket', json(me.auth, ticket))).json();
    await expect(
      h.deps.db.transaction().execute(async (trx) => {
        const row = (await findInvoice(trx, inv.id))!;
        await recordInvoiceEvent(trx, h.deps, { ...row, status: 'completed' }, 'invoice.completed');
        throw new Error('the status change failed');
      }),
    ).rejects.toThrow();
    expect(await h.deps.db.selectFrom('webhook_events').selectAll().execute()).toEqual([]);
    expect(await h.deps.db.selectFrom('webhook_deliveries').selectAll().execute()).toEqual([]);
  });
});
