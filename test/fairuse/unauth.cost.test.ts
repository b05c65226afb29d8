import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBots } from '../../src/bots/bots.js';
import { createApp } from '../../src/http/app.js';
import { runDueJobs } from '../../src/jobs/worker.js';
import {
  RETENTION_EVERY_MS,
  RETENTION_JOB,
  retentionJobHandler,
  scheduleRetention,
} from '../../src/storage/retention.job.js';
import { type BotHarness, botHarness, SECRET, tgText } from '../bots/bots.harness.js';
import { makeTestDeps } from '../helpers/deps.js';

describe('/openapi.json and /docs', () => {
  it('are generated once, not for every request', async () => {
    const deps = await makeTestDeps();
    const app = createApp(deps);
    const spy = vi.spyOn(app, 'getOpenAPI31Document');
    for (let i = 0; i < 3; i++) {
      expect((await app.request('/openapi.json')).status).toBe(200);
      expect((await app.request('/docs')).status).toBe(200);
    }
    expect(spy).toHaveBeenCalledTimes(1);
    const doc = await (await app.request('http://example.test/openapi.json')).json();
    expect(doc.servers).toEqual([{ url: 'http://localhost:3000' }]);
    expect(Object.keys(doc.paths)).toContain('/api/svc/facturar-ticket');
  });
});

describe('webhooks refuse strangers before any work', () => {
  let h: BotHarness;
  beforeEach(async () => {
    h = await botHarness();
  });
  afterEach(() => h.close());

  it('Telegram: a wrong secret never makes grammY call getMe; start-up asks once', async () => {
    const bots = createBots(h.deps); // no fixed botInfo, as in production
    const app = createApp(h.deps, { publicRoutes: bots.routes });
    const post = (secret: string) =>
      app.request('/webhooks/telegram', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret },
        body: JSON.stringify({ update_id: Math.floor(Math.random() * 1e9), ...tgText(1, '/start') }),
      });
    for (let i = 0; i < 3; i++) expect((await post('wrong')).status).toBe(401);
    expect(h.tg.sent('getMe')).toEqual([]);
    await bots.start();
    expect(h.tg.sent('getMe')).toHaveLength(1);
    for (let i = 0; i < 3; i++) expect((await post(SECRET)).status).toBe(200);
    expect(h.tg.sent('getMe')).toHaveLength(1);
    await bots.stop();
  });

  it('WhatsApp: no signature is 403 without parsing the body', async () => {
    // A body that never ends: parsing it would hang the request; the unread rest is given up on after a few
    // seconds and the connection closed.
    const endless = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('Body=hola&'));
      },
    });
    const res = await Promise.race([
      h.app.request('/webhooks/whatsapp', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: endless,
        duplex: 'half',
      } as RequestInit),
      new Promise<'hung'>((r) => setTimeout(() => r('hung'), 8000)),
    ]);
    expect(res).not.toBe('hung');
    expect((res as Response).status).toBe(403);
    expect((res as Response).headers.get('connection')).toBe('close');
  }, 15_000);

  it('WhatsApp: a body far larger than any Twilio form is 413, even with a signature header', async () => {
    const res = await h.app.request('/webhooks/whatsapp', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'c2ln' },
      body: `Body=${'a'.repeat(200_000)}`,
    });
    expect(res.status).toBe(413);
  });
});

describe('delivery records are pruned by a durable job', () => {
  it('drops marks, finished jobs and sent messages older than DEDUP_RETENTION_DAYS and queues its next run', async () => {
    const h = await botHarness();
    try {
      const { deps, clock } = h;
      await h.telegram(tgText(7, '/start'));
      await h.bots.outbox.drain();
      expect(await deps.db.selectFrom('processed_updates').selectAll().execute()).toHaveLength(1);
      clock.advance(8 * 24 * 3600_000);
      await h.telegram(tgText(7, '/start')); // a fresh one, kept
      await scheduleRetention(deps);
      await scheduleRetention(deps); // a second start does not queue a second chain
      const handlers = { [RETENTION_JOB]: retentionJobHandler(deps) };
      expect(await runDueJobs(deps, handlers)).toBe(1);
      expect(await deps.db.selectFrom('processed_updates').selectAll().execute()).toHaveLength(1);
      const outbox = await deps.db.selectFrom('outbox').select('created_at').execute();
      expect(outbox.every((r) => r.created_at === clock.now().toISOString())).toBe(true);
      const queued = await deps.db
        .selectFrom('jobs')
        .selectAll()
        .where('kind', '=', RETENTION_JOB)
        .where('status', '=', 'queued')
        .execute();
      expect(queued.map((j) => j.run_at)).toEqual([
        new Date(clock.now().getTime() + RETENTION_EVERY_MS).toISOString(),
      ]);
      clock.advance(8 * 24 * 3600_000 + RETENTION_EVERY_MS);
      expect(await runDueJobs(deps, handlers)).toBe(1);
      // The first pass's own row, finished over a week ago, went with the others.
      expect(
        await deps.db.selectFrom('jobs').select('status').where('kind', '=', RETENTION_JOB).execute(),
      ).toEqual([{ status: 'done' }, { status: 'queued' }]);
      expect(await deps.db.selectFrom('processed_updates').selectAll().execute()).toEqual([]);
    } finally {
      await h.close();
    }
  });
});
