import type { OpenAPIHono } from '@hono/zod-openapi';
import type { UserFromGetMe } from 'grammy/types';
import type { Deps } from '../deps.js';
import type { AppEnv } from '../http/env.js';
import type { InvoiceEvents } from '../invoices/invoice.events.js';
import { enqueue, notifyJobEnqueued } from '../jobs/queue.js';
import type { JobHandlers } from '../jobs/worker.js';
import type { ChatJobs, CoreDeps } from './conversation/chat.context.js';
import { handleIncoming } from './conversation/conversation.service.js';
import type { Channel } from './conversation/conversation.types.js';
import { chatInvoiceEvents } from './conversation/invoice.notices.js';
import { chatMediaHandler, type MediaFetcher } from './conversation/media.flow.js';
import { createDispatcher, type Dispatcher, type Sender } from './conversation/outbox.dispatcher.js';
import { createTelegramBot } from './telegram/telegram.bot.js';
import { telegramFetcher } from './telegram/telegram.media.js';
import { telegramRoutes } from './telegram/telegram.routes.js';
import { telegramSender } from './telegram/telegram.sender.js';
import { setupTelegram, webhookSecret } from './telegram/telegram.setup.js';
import { createTwilioClient } from './whatsapp/whatsapp.client.js';
import { whatsappFetcher } from './whatsapp/whatsapp.media.js';
import { whatsappRoutes } from './whatsapp/whatsapp.routes.js';
import { whatsappSender } from './whatsapp/whatsapp.sender.js';

export const CHAT_MEDIA_JOB = 'chat.media';

export interface BotsOptions {
  /** Fixed bot identity (tests); otherwise grammY asks getMe on the first update. */
  telegramBotInfo?: UserFromGetMe;
  dispatcher?: { pollMs?: number };
}

export interface Bots {
  /** Webhook routes, mounted outside /api (no API key). */
  routes: OpenAPIHono<AppEnv>[];
  /** Pass as deps.invoiceEvents: completion notices are queued in the invoice job's transaction. */
  invoiceEvents: InvoiceEvents;
  /** Job handlers to register with the job worker, by kind ('chat.media'). */
  jobHandlers: JobHandlers;
  /** The outbox dispatcher (tests drain it). */
  outbox: Dispatcher;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Builds both bots from the config; a bot whose credentials are unset is off and says so in the log. */
export function createBots(deps: Deps, opts: BotsOptions = {}): Bots {
  const { config, logger } = deps;
  const senders: Partial<Record<Channel, Sender>> = {};
  const fetchers: Partial<Record<Channel, MediaFetcher>> = {};
  const routes: OpenAPIHono<AppEnv>[] = [];
  const startSteps: (() => Promise<void>)[] = [];
  let outbox: Dispatcher | undefined;
  const kick = () => outbox?.kick();

  const jobs: ChatJobs = {
    async enqueueMedia(job) {
      await enqueue(deps.db, deps.clock, { kind: CHAT_MEDIA_JOB, payload: job, maxAttempts: 4 });
      notifyJobEnqueued();
    },
  };
  const core: CoreDeps = { db: deps.db, clock: deps.clock, config, logger, jobs, kick };
  const handle = (
    chat: Parameters<typeof handleIncoming>[1],
    incoming: Parameters<typeof handleIncoming>[2],
  ) => handleIncoming(core, chat, incoming);

  const token = config.TELEGRAM_BOT_TOKEN;
  if (token) {
    const bot = createTelegramBot({
      ...deps,
      token,
      apiRoot: config.TELEGRAM_API_ROOT,
      botInfo: opts.telegramBotInfo,
      handle,
      kick,
    });
    const secret = webhookSecret(token, config.TELEGRAM_WEBHOOK_SECRET);
    routes.push(telegramRoutes(bot, secret));
    senders.telegram = telegramSender({ api: bot.api, db: deps.db, storage: deps.storage });
    fetchers.telegram = telegramFetcher({
      api: bot.api,
      token,
      apiRoot: config.TELEGRAM_API_ROOT,
      maxBytes: config.MAX_IMAGE_BYTES,
    });
    startSteps.push(() =>
      setupTelegram(bot.api, { publicBaseUrl: config.PUBLIC_BASE_URL, secret, logger }).catch(
        (err: unknown) =>
          logger.error(
            { err },
            'Telegram set-up failed (commands/webhook); the bot still answers a configured webhook',
          ),
      ),
    );
  } else {
    logger.info('Telegram bot is off: TELEGRAM_BOT_TOKEN is unset');
  }

  const { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: authToken, TWILIO_WHATSAPP_FROM: from } = config;
  if (sid && authToken && from) {
    const client = createTwilioClient({ accountSid: sid, authToken, baseUrl: config.TWILIO_API_BASE_URL });
    routes.push(whatsappRoutes({ ...deps, authToken, publicBaseUrl: config.PUBLIC_BASE_URL, handle, kick }));
    senders.whatsapp = whatsappSender({ client, from, db: deps.db, config, clock: deps.clock });
    fetchers.whatsapp = whatsappFetcher({
      accountSid: sid,
      authToken,
      baseUrl: config.TWILIO_API_BASE_URL,
      maxBytes: config.MAX_IMAGE_BYTES,
    });
  } else {
    logger.info(
      'WhatsApp bot is off: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_WHATSAPP_FROM are needed',
    );
  }

  outbox = createDispatcher(deps, senders, { pollMs: opts.dispatcher?.pollMs });
  const mediaDeps = { ...deps, fetchMedia: fetchers, kick };
  return {
    routes,
    invoiceEvents: chatInvoiceEvents({ clock: deps.clock, kick }),
    jobHandlers: { [CHAT_MEDIA_JOB]: chatMediaHandler(mediaDeps) },
    outbox,
    async start() {
      for (const step of startSteps) await step();
      outbox?.start();
    },
    async stop() {
      await outbox?.stop();
    },
  };
}
