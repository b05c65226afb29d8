import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fixedClock } from '../../src/clock.js';
import { testConfig } from '../../src/config.js';
import type { Db } from '../../src/db/db.js';
import { composeInvoiceEvents } from '../../src/invoices/invoice.events.js';
import { runDueJobs } from '../../src/jobs/worker.js';
import type { ReceiptReader } from '../../src/receipts/receipt.types.js';
import type { memoryStorage } from '../../src/storage/memory.storage.js';
import { webhookDeliveryHandler } from '../../src/webhooks/webhooks.delivery.js';
import { WEBHOOK_DELIVERY_JOB, webhookInvoiceEvents } from '../../src/webhooks/webhooks.events.js';
import type { HostResolver } from '../../src/webhooks/webhooks.url.js';
import { call } from '../helpers/seed.js';
import { invoiceHarness, recordingEvents } from '../invoices/invoice.helpers.js';

/** One request as the receiver saw it. */
export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * A real HTTP server on 127.0.0.1 (ephemeral port) that records every request and answers from a script:
 * `answers` are used in order, then `fallback`.
 */
export async function startReceiver(
  opts: { answers?: number[]; fallback?: number; delayMs?: number; body?: string; location?: string } = {},
) {
  const received: Received[] = [];
  const answers = [...(opts.answers ?? [])];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const status = answers.shift() ?? opts.fallback ?? 200;
      const headers = { 'content-type': 'text/plain', ...(opts.location ? { location: opts.location } : {}) };
      const answer = () => res.writeHead(status, headers).end(opts.body ?? `answer ${status}`);
      setTimeout(answer, opts.delayMs ?? 0);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    url: `http://127.0.0.1:${port}/hooks`,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

/**
 * Verification written from the Standard Webhooks specification: the key is the base64 after `whsec_`, the
 * signed content `id.timestamp.body`, and any `v1,` entry of the space-separated list may match.
 */
export function verifies(secret: string, r: Pick<Received, 'headers' | 'body'>): boolean {
  const id = String(r.headers['webhook-id']);
  const ts = String(r.headers['webhook-timestamp']);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${ts}.${r.body}`).digest();
  return String(r.headers['webhook-signature'] ?? '')
    .split(' ')
    .some((entry) => {
      const [version, sig] = entry.split(',');
      const given = Buffer.from(sig ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

/** Host names tests resolve without a network: anything else does not resolve. */
export const fakeResolver =
  (names: Record<string, string[]>): HostResolver =>
  async (host) => {
    const a = names[host];
    if (!a) throw new Error(`ENOTFOUND ${host}`);
    return a;
  };

/** The invoice harness with webhooks wired as in main.ts: events composed with the recording listener. */
export async function webhookHarness(
  over: {
    db?: Db;
    clock?: ReturnType<typeof fixedClock>;
    readReceipt?: ReceiptReader;
    storage?: ReturnType<typeof memoryStorage>;
    timeoutMs?: number;
  } = {},
) {
  const clock = over.clock ?? fixedClock();
  const config = testConfig({ WEBHOOK_ALLOW_INSECURE: true });
  const recorded = recordingEvents();
  const resolveHost = fakeResolver({
    localhost: ['127.0.0.1'],
    'internal.example.test': ['10.1.2.3'],
    'mixed.example.test': ['93.184.216.34', '192.168.1.20'],
    'metadata.example.test': ['169.254.169.254'],
  });
  const invoiceEvents = composeInvoiceEvents(recorded, webhookInvoiceEvents({ config, clock }));
  const { timeoutMs, ...rest } = over;
  const h = await invoiceHarness({ ...rest, clock, config, invoiceEvents, resolveHost });
  const handlers = {
    ...h.handlers,
    [WEBHOOK_DELIVERY_JOB]: webhookDeliveryHandler(Object.assign(h.deps, { timeoutMs })),
  };
  return {
    ...h,
    handlers,
    recorded,
    runJobs: () => runDueJobs(h.deps, handlers),
    register: (auth: { authorization: string }, body: Record<string, unknown>) =>
      call(h.app, 'POST', '/api/svc/webhook-endpoints', auth, body),
  };
}
