import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/clock.js';
import { createDb } from '../../src/db/db.js';
import { migrate } from '../../src/db/migrate.js';
import { findInvoice } from '../../src/invoices/invoices.repo.js';
import { startJobWorker } from '../../src/jobs/worker.js';
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
    expect(verifies(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, got)).toBe(false);
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
    const never = { ...ticket, review: 'never' };
    const bad = await (await h.app.request('/api/svc/facturar-ticket', json(me.auth, never))).json();
    await h.runJobs();

    expect(all.received.map((r) => parse(r.body).type)).toEqual(['invoice.completed', 'invoice.failed']);
    expect(failuresOnly.received).toHaveLength(1);
    const ev = parse(failuresOnly.received[0]!.body);
    expect(ev.data.invoice).toMatchObject({ id: bad.id, status: 'failed', pdf_url: null });
    expect(String(ev.data.invoice.failure_reason)).not.toBe('');
    expect(verifies(String(f.body.secret), failuresOnly.received[0]!)).toBe(true);
  });

  it('invoice.pending_review carries the fields the person must confirm', async () => {
    const h = await webhookHarness();
    const rx = await receiver();
    const me = await seedProfile(h.deps);
    const ep = await h.register(me.auth, { url: rx.url });
    const body = { ...ticket, review: 'always' };
    const inv = await (await h.app.request('/api/svc/facturar-ticket', json(me.auth, body))).json();
    await h.runJobs();
    expect(rx.received).toHaveLength(1);
    const ev = parse(rx.received[0]!.body);
    expect(ev).toMatchObject({
      type: 'invoice.pending_review',
      data: { invoice: { id: inv.id, status: 'pending' } },
    });
    const review = ev.data.invoice.review as { fields: Record<string, unknown> };
    expect(Object.keys(review.fields).sort()).toEqual(['date', 'total', 'vendor_name', 'vendor_rfc']);
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

describe('at-least-once delivery', () => {
  it('500, 500, then 200: the same webhook-id three times, after 5 s and 30 s, and 3 attempts listed', async () => {
    const h = await webhookHarness();
    const rx = await receiver({ answers: [500, 500, 200] });
    const me = await seedProfile(h.deps);
    const ep = await h.register(me.auth, { url: rx.url });
    await h.app.request('/api/svc/facturar-ticket', json(me.auth, ticket));
    await h.runJobs();
    const deliveries = () =>
      call(h.app, 'GET', `/api/svc/webhook-endpoints/${ep.body.id}/deliveries`, me.auth);
    const first = ((await deliveries()).body.deliveries as Record<string, unknown>[])[0]!;
    expect(first).toMatchObject({
      event: 'invoice.completed',
      status: 'pending',
      status_code: 500,
      attempts: 1,
    });
    expect(first.next_retry_at).toBe(new Date(h.deps.clock.now().getTime() + 5000).toISOString());

    h.deps.clock.advance(4000);
    await h.runJobs();
    expect(rx.received).toHaveLength(1); // not due yet
    h.deps.clock.advance(1000);
    await h.runJobs();
    expect(rx.received).toHaveLength(2);
    h.deps.clock.advance(30_000);
    await h.runJobs();

    expect(rx.received).toHaveLength(3);
    const ids = new Set(rx.received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    expect(new Set(rx.received.map((r) => r.body)).size).toBe(1);
    for (const r of rx.received) expect(verifies(String(ep.body.secret), r)).toBe(true);
    const last = ((await deliveries()).body.deliveries as Record<string, unknown>[])[0]!;
    expect(last).toMatchObject({ status: 'delivered', status_code: 200, attempts: 3, next_retry_at: null });
    expect(last.event_id).toBe(rx.received[0]!.headers['webhook-id']);
    expect(last.response_body).toBe('answer 200');
  });

  it('a receiver down for an hour gets the event once it is back; a restart between attempts loses nothing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webhooks-'));
    closers.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'service.sqlite');
    const clock = fixedClock();
    const rx = await receiver({ answers: [503, 503, 503, 503, 503], fallback: 200 });

    const db1 = createDb({ sqliteFile: file });
    await migrate(db1);
    const one = await webhookHarness({ db: db1, clock });
    const me = await seedProfile(one.deps);
    await one.register(me.auth, { url: rx.url });
    await one.app.request('/api/svc/facturar-ticket', json(me.auth, ticket));
    await one.runJobs();
    expect(rx.received).toHaveLength(1);
    await db1.destroy();

    // Another process on the same file, an hour and a quarter later.
    const db2 = createDb({ sqliteFile: file });
    const two = await webhookHarness({ db: db2, clock });
    for (const step of [5_000, 30_000, 120_000, 600_000, 3_600_000]) {
      clock.advance(step);
      await two.runJobs();
    }
    await db2.destroy();
    expect(rx.received).toHaveLength(6);
    expect(new Set(rx.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
  });

  it('a 410 disables the endpoint, and the list says so; no further events go there', async () => {
    const h = await webhookHarness();
    const rx = await receiver({ answers: [410] });
    const me = await seedProfile(h.deps);
    const ep = await h.register(me.auth, { url: rx.url });
    await h.app.request('/api/svc/facturar-ticket', json(me.auth, ticket));
    await h.runJobs();
    const list = await call(h.app, 'GET', '/api/svc/webhook-endpoints', me.auth);
    expect(list.body.endpoints).toEqual([
      expect.objectContaining({
        id: ep.body.id,
        status: 'disabled',
        disabled_reason: 'The endpoint answered 410 Gone',
      }),
    ]);
    await h.app.request('/api/svc/facturar-ticket', json(me.auth, ticket));
    await h.runJobs();
    h.deps.clock.advance(60_000);
    await h.runJobs();
    expect(rx.received).toHaveLength(1);
  });

  it('failing for 3 days disables the endpoint; retries stop 24 h after the event', async () => {
    const h = await webhookHarness();
    const rx = await receiver({ fallback: 500 });
    const me = await seedProfile(h.deps);
    const ep = await h.register(me.auth, { url: rx.url });
    const status = async () =>
      (
        (await call(h.app, 'GET', '/api/svc/webhook-endpoints', me.auth)).body.endpoints as {
          status: string;
          disabled_reason: string | null;
        }[]
      )[0]!;
    for (let day = 0; day < 4 && (await status()).status === 'enabled'; day++) {
      await h.app.request('/api/svc/facturar-ticket', json(me.auth, ticket));
      // Jump from one due attempt to the next, then to the next day.
      const dayEnd = h.deps.clock.now().getTime() + 24 * 3_600_000;
      for (;;) {
        await h.runJobs();
        const next = await h.deps.db
          .selectFrom('jobs')
          .select('run_at')
          .where('status', '=', 'queued')
          .orderBy('run_at')
          .executeTakeFirst();
        if (!next) break;
        h.deps.clock.advance(new Date(next.run_at).getTime() - h.deps.clock.now().getTime());
      }
      h.deps.clock.advance(dayEnd - h.deps.clock.now().getTime());
    }
    expect(await status()).toEqual({
      ...(await status()),
      status: 'disabled',
      disabled_reason: 'Every delivery failed for 3 days',
    });
    const d = await call(h.app, 'GET', `/api/svc/webhook-endpoints/${ep.body.id}/deliveries`, me.auth);
    const first = (d.body.deliveries as { attempts: number; status: string }[]).at(-1)!;
    // 5 s, 30 s, 2 min, 10 min, 1 h, 2 h, 4 h, 8 h and 8 h fit in 24 h: ten attempts, then it is given up.
    expect(first).toMatchObject({ status: 'failed', attempts: 10 });
  });

  it("an org admin's endpoint gets the organization's invoices, not the members' personal ones", async () => {
    const h = await webhookHarness();
    const orgRx = await receiver();
    const memberRx = await receiver();
    const { org, admin, member } = await seedOrgWithAdmin(h.deps);
    expect((await h.register(admin.auth, { url: orgRx.url, org_id: org.id })).status).toBe(201);
    expect((await h.register(member.auth, { url: memberRx.url })).status).toBe(201);

    const billed = await (
      await h.app.request(
        '/api/svc/facturar-ticket-org',
        json(member.auth, { ...ticket, rfc: member.profile.rfc }),
      )
    ).json();
    await h.app.request('/api/svc/facturar-ticket', json(member.auth, ticket));
    await h.runJobs();

    expect(orgRx.received.map((r) => parse(r.body).data.invoice.id)).toEqual([billed.id]);
    // The member's own endpoint hears about both of its invoices.
    expect(memberRx.received).toHaveLength(2);
  });
});

describe('what one endpoint can do to the sender', () => {
  it('a hanging endpoint times out without delaying another endpoint', async () => {
    const h = await webhookHarness({ timeoutMs: 800 });
    const slow = await receiver({ delayMs: 5000 });
    const fast = await receiver();
    const me = await seedProfile(h.deps);
    await h.register(me.auth, { url: slow.url });
    await h.register(me.auth, { url: fast.url });
    await h.app.request('/api/svc/facturar-ticket', json(me.auth, ticket));
    const worker = startJobWorker(h.deps, h.handlers, { concurrency: 2, pollMs: 5 });
    await worker.drain();
    await worker.stop();
    expect(fast.received).toHaveLength(1);
    expect(slow.received).toHaveLength(1);
    // The fast endpoint got its event before the slow one's attempt was given up.
    expect(fast.received[0]!.at).toBeLessThan(slow.received[0]!.at + 800);
    const rows = await h.deps.db.selectFrom('webhook_deliveries').selectAll().execute();
    expect(rows.map((r) => [r.status, r.last_error]).sort()).toEqual([
      ['delivered', null],
      ['pending', 'timed out after 800 ms'],
    ]);
  });

  it("a dead endpoint's backlog waits behind another endpoint's delivery, not in front of it", async () => {
    const h = await webhookHarness({ timeoutMs: 400 });
    const slow = await receiver({ delayMs: 5000 });
    const fast = await receiver();
    const me = await seedProfile(h.deps);
    const dead = (await h.register(me.auth, { url: slow.url })).body;
    const live = (await h.register(me.auth, { url: fast.url })).body;
    const ping = (id: unknown) =>
      h.app.request(`/api/svc/webhook-endpoints/${id}/test`, { method: 'POST', headers: me.auth });
    for (let i = 0; i < 4; i++) await ping(dead.id);
    await ping(live.id);
    const worker = startJobWorker(h.deps, h.handlers, { concurrency: 2, pollMs: 5 });
    await worker.drain();
    await worker.stop();
    expect(slow.received).toHaveLength(4);
    expect(fast.received).toHaveLength(1);
    // Claims go to the endpoint with the fewest attempts running: the live one is served second, not fifth.
    const slowStarts = slow.received.map((r) => r.at).sort((a, b) => a - b);
    expect(fast.received[0]!.at).toBeLessThan(slowStarts[1]!);
  });

  it('redirects are not followed and only 1 KB of an answer is kept', async () => {
    const h = await webhookHarness();
    const target = await receiver();
    const big = await receiver({ answers: [500], body: 'é'.repeat(3000) });
    const redirecting = await receiver({ answers: [307], location: target.url });
    const me = await seedProfile(h.deps);
    await h.register(me.auth, { url: big.url });
    await h.register(me.auth, { url: redirecting.url });
    await h.app.request('/api/svc/facturar-ticket', json(me.auth, ticket));
    await h.runJobs();
    expect(target.received).toEqual([]);
    const rows = await h.deps.db.selectFrom('webhook_deliveries').selectAll().execute();
    const byCode = Object.fromEntries(rows.map((r) => [r.status_code, r]));
    expect(byCode[307]).toMatchObject({ status: 'pending', last_error: 'HTTP 307' });
    expect(Buffer.byteLength(byCode[500]!.response_body!)).toBeLessThanOrEqual(1024);
    expect(byCode[500]!.response_body!.length).toBeGreaterThan(400);
  });
});
