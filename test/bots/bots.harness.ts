import type { Update, UserFromGetMe } from 'grammy/types';
import { sql } from 'kysely';
import sharp from 'sharp';
import twilio from 'twilio';
import { type Bots, createBots } from '../../src/bots/bots.js';
import { createSandboxIssuer, defaultSandboxCsdPaths } from '../../src/cfdi/sandbox.issuer.js';
import { fixedClock } from '../../src/clock.js';
import { testConfig } from '../../src/config.js';
import type { Deps } from '../../src/deps.js';
import { createApp } from '../../src/http/app.js';
import { invoiceJobHandler, REVIEW_EXPIRY_JOB } from '../../src/invoices/invoice.job.js';
import { INVOICE_JOB } from '../../src/invoices/invoices.service.js';
import { reviewExpiryHandler } from '../../src/invoices/review.expiry.js';
import { type JobHandlers, runDueJobs } from '../../src/jobs/worker.js';
import type { ReceiptData, ReceiptFields } from '../../src/receipts/receipt.types.js';
import { makeTestDeps } from '../helpers/deps.js';
import { FakeTelegram } from './fakes/telegram.fake.js';
import { FakeTwilio } from './fakes/twilio.fake.js';

export const TOKEN = '123456:TEST-token';
export const SECRET = 'test-webhook-secret';
export const SID = `AC${'1'.repeat(32)}`;
export const AUTH = 'twilio-auth-token';
export const WA_FROM = 'whatsapp:+14155238886';
export const BOT_INFO = {
  id: 42,
  is_bot: true,
  first_name: 'Facturas',
  username: 'FacturasBot',
  can_join_groups: false,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: false,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
  can_manage_bots: false,
  supports_join_request_queries: false,
} satisfies UserFromGetMe;

/** A small real JPEG (intake checks read the bytes), different per seed so uploads are distinct. */
export const receiptJpeg = (seed = 0): Promise<Buffer> =>
  sharp({ create: { width: 64, height: 96, channels: 3, background: { r: 255, g: 255 - seed, b: 250 } } })
    .jpeg()
    .toBuffer();

/** What the fake receipt reader returns unless a test queues something else. */
export function goodReceipt(over: Partial<ReceiptData> = {}): ReceiptData {
  const fields: ReceiptFields = {
    vendor_name: 'CADENA COMERCIAL OXXO',
    vendor_store_name: 'OXXO Reforma',
    vendor_rfc: 'CCO8605231N4',
    date: '2026-11-20',
    time: '13:45',
    total: 11600,
    subtotal: 10000,
    iva: 1600,
    ieps: null,
    tip: null,
    currency: 'MXN',
    payment_method: 'cash',
    folio: 'A-123',
    postal_code: '64000',
    regimen_fiscal: '601',
    items: [{ description: 'CAFE AMERICANO', quantity: 2, amount: 11600 }],
  };
  const confidence = Object.fromEntries(Object.keys(fields).map((k) => [k, 1])) as ReceiptData['confidence'];
  return { ...fields, confidence, text: '', timings: {}, ...over };
}

/**
 * The real grammY bot and the real twilio client, pointed at local fakes; the Hono app with the bots' routes;
 * jobs run on demand. restart() builds a new bots instance and app on the same database, like a new process.
 */
export async function botHarness(opts: { deps?: Partial<Deps> } = {}) {
  const tg = await new FakeTelegram(TOKEN).start();
  const tw = await new FakeTwilio(SID, AUTH).start();
  const config = testConfig({
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_WEBHOOK_SECRET: SECRET,
    TELEGRAM_API_ROOT: tg.url,
    TWILIO_ACCOUNT_SID: SID,
    TWILIO_AUTH_TOKEN: AUTH,
    TWILIO_WHATSAPP_FROM: WA_FROM,
    TWILIO_API_BASE_URL: tw.url,
    MAX_IMAGE_BYTES: 200_000,
  });
  const receipts: ReceiptData[] = [];
  const clock = fixedClock();
  const base = await makeTestDeps({ config, clock });
  const deps: Deps = {
    ...base,
    readReceipt: async () => receipts.shift() ?? goodReceipt(),
    issuer: createSandboxIssuer({ ...defaultSandboxCsdPaths(), clock }),
    ...opts.deps,
  };
  const renderPdf = () => Buffer.from('%PDF-1.4 fake invoice');
  let bots: Bots = createBots(deps, { telegramBotInfo: BOT_INFO });
  const wire = (b: Bots) => {
    deps.invoiceEvents = b.invoiceEvents;
    return createApp(deps, { publicRoutes: b.routes });
  };
  let app = wire(bots);
  let updateId = 1;
  let triggers = 0;

  const h = {
    tg,
    tw,
    deps,
    clock,
    /** Receipts the fake reader returns next, in order. */
    receipts,
    get bots() {
      return bots;
    },
    get app() {
      return app;
    },
    /** Posts an update to the webhook with the right secret (or the given one). */
    telegram(update: Omit<Update, 'update_id'> & { update_id?: number }, secret: string | null = SECRET) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (secret !== null) headers['x-telegram-bot-api-secret-token'] = secret;
      const body = JSON.stringify({ update_id: update.update_id ?? updateId++, ...update });
      return app.request('/webhooks/telegram', { method: 'POST', headers, body });
    },
    /** Posts a Twilio form with a valid signature for PUBLIC_BASE_URL + path (or a given signature). */
    whatsapp(params: Record<string, string>, signature?: string) {
      const url = `${config.PUBLIC_BASE_URL}/webhooks/whatsapp`;
      const sig = signature ?? twilio.getExpectedTwilioSignature(AUTH, url, params);
      return app.request('/webhooks/whatsapp', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': sig },
        body: new URLSearchParams(params).toString(),
      });
    },
    /**
     * A crash in the middle of handling: inserts into `table` (those matching `when`, an SQL condition on NEW)
     * fail until the returned function is called. SQLite trigger, as the tests run on SQLite.
     */
    async failInserts(table: string, when = '1'): Promise<() => Promise<void>> {
      const name = `fail_${table}_${++triggers}`;
      await sql
        .raw(
          `CREATE TRIGGER ${name} BEFORE INSERT ON ${table} WHEN ${when} BEGIN SELECT RAISE(ABORT, 'injected failure'); END`,
        )
        .execute(deps.db);
      return async () => {
        await sql.raw(`DROP TRIGGER ${name}`).execute(deps.db);
      };
    },
    async runJobs(): Promise<number> {
      const handlers: JobHandlers = {
        ...bots.jobHandlers,
        [INVOICE_JOB]: invoiceJobHandler({ ...deps, renderPdf }),
        [REVIEW_EXPIRY_JOB]: reviewExpiryHandler(deps),
      };
      return runDueJobs(deps, handlers, { backoffBaseMs: 1 });
    },
    /** Runs every due job, then delivers everything the outbox has due. */
    async settle(): Promise<void> {
      for (let i = 0; i < 5; i++) {
        const ran = await h.runJobs();
        await bots.outbox.drain();
        if (ran === 0) return;
      }
    },
    async restart(): Promise<void> {
      await bots.stop();
      bots = createBots(deps, { telegramBotInfo: BOT_INFO });
      app = wire(bots);
    },
    async close(): Promise<void> {
      await bots.stop();
      await Promise.all([tg.stop(), tw.stop()]);
      await deps.db.destroy();
    },
  };
  return h;
}

export type BotHarness = Awaited<ReturnType<typeof botHarness>>;

/** A private-chat Telegram message from user `id`. */
export function tgMessage(id: number, extra: Record<string, unknown>) {
  return {
    message: {
      message_id: Math.floor(Math.random() * 1e6),
      date: 1_763_740_800,
      chat: { id, type: 'private' as const, first_name: 'Ana' },
      from: { id, is_bot: false, first_name: 'Ana' },
      ...extra,
    },
  } as unknown as Omit<Update, 'update_id'>;
}

export const tgText = (id: number, text: string) => tgMessage(id, { text });

/** A press on an inline button whose callback_data is `data`. */
export const tgCallback = (id: number, data: string) =>
  ({
    callback_query: {
      id: `cb-${data}`,
      from: { id, is_bot: false, first_name: 'Ana' },
      chat_instance: 'x',
      data,
      message: { message_id: 1, date: 0, chat: { id, type: 'private', first_name: 'Ana' } },
    },
  }) as unknown as Omit<Update, 'update_id'>;

/** The operator vouches for the profile's number (as `admin create-profile` does): a chat links without asking. */
export const proveNumber = async (h: BotHarness, profileId: string): Promise<void> => {
  await h.deps.db.updateTable('profiles').set({ phone_verified: 1 }).where('id', '=', profileId).execute();
};
