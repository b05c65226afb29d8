import type { OpenAPIHono } from '@hono/zod-openapi';
import type { UserFromGetMe } from 'grammy/types';
import type { Deps } from '../deps.js';
import type { AppEnv } from '../http/env.js';
import type { InvoiceEvents } from '../invoices/invoice.events.js';
import { enqueue, notifyJobEnqueued } from '../jobs/queue.js';
import type { JobHandlers } from '../jobs/worker.js';
import type { ChatJobs, CoreDeps } from './conversation/chat.context.js';
import { createChatLimiter } from './conversation/chat.limits.js';
import { chatConstanciaHandler } from './conversation/constancia.flow.js';
import { handleIncoming } from './conversation/conversation.service.js';
import type { Channel, Handle } from './conversation/conversation.types.js';
import { chatInvoiceEvents } from './conversation/invoice.notices.js';
import { chatMediaHandler, type MediaFetcher } from './conversation/media.flow.js';
import { createDispatcher, type Dispatcher, type Sender } from './conversation/outbox.dispatcher.js';
import { createTelegramBot } from './telegram/telegram.bot.js';
import { telegramFetcher } from './telegram/telegram.media.js';
import { telegramRoutes } from './telegram/telegram.routes.js';
import { telegramSender } from './telegram/telegram.sender.js';
import { setupTelegram, webhookSecret } from './telegram/telegram.setup.js';
import { webhookOnce } from './telegram/webhook.once.js';
import { createTwilioClient } from './whatsapp/whatsapp.client.js';
import { whatsappFetcher } from './whatsapp/whatsapp.media.js';
import { whatsappRoutes } from './whatsapp/whatsapp.routes.js';
import { whatsappSender } from './whatsapp/whatsapp.sender.js';

export const CHAT_MEDIA_JOB = 'chat.media';
export const CHAT_CONSTANCIA_JOB = 'chat.constancia';

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

/** What one channel adds: its webhook route, how to send, how to download media, a start-up step. */
interface ChannelParts {
  route: OpenAPIHono<AppEnv>;
  send: Sender;
  fetch: MediaFetcher;
  setup?: () => Promise<void>;
}

type Wiring = { deps: Deps; handle: Handle; botInfo?: UserFromGetMe };

function wireTelegram({ deps, handle, botInfo }: Wiring, token: string): ChannelParts {
  const { config, logger } = deps;
  const apiRoot = config.TELEGRAM_API_ROOT;
  const bot = createTelegramBot({ token, apiRoot, botInfo, handle });
  const secret = webhookSecret(token, config.TELEGRAM_WEBHOOK_SECRET);
  return {
    route: telegramRoutes(bot, secret, logger),
    send: telegramSender({ api: bot.api, db: deps.db, storage: deps.storage }),
    fetch: telegramFetcher({ api: bot.api, token, apiRoot, maxBytes: config.MAX_IMAGE_BYTES }),
    setup: () =>
      setupTelegram(bot, {
        publicBaseUrl: config.PUBLIC_BASE_URL,
        secret,
        logger,
        once: webhookOnce(deps.db, deps.clock),
      }).catch((err: unknown) =>
        logger.error(
          { err },
          'Telegram set-up (commands/webhook) failed; an already registered webhook still works',
        ),
      ),
  };
}

function wireWhatsapp({ deps, handle }: Wiring, creds: { sid: string; authToken: string; from: string }) {
  const { config } = deps;
  const { sid, authToken, from } = creds;
  const client = createTwilioClient({ accountSid: sid, authToken, baseUrl: config.TWILIO_API_BASE_URL });
  return {
    route: whatsappRoutes({ logger: deps.logger, authToken, publicBaseUrl: config.PUBLIC_BASE_URL, handle }),
    send: whatsappSender({ client, from, db: deps.db, config, clock: deps.clock }),
    fetch: whatsappFetcher({
      accountSid: sid,
      authToken,
      baseUrl: config.TWILIO_API_BASE_URL,
      maxBytes: config.MAX_IMAGE_BYTES,
    }),
  } satisfies ChannelParts;
}

function channelsOf(w: Wiring): Partial<Record<Channel, ChannelParts>> {
  const { config, logger } = w.deps;
  const channels: Partial<Record<Channel, ChannelParts>> = {};
  if (config.TELEGRAM_BOT_TOKEN) channels.telegram = wireTelegram(w, config.TELEGRAM_BOT_TOKEN);
  else logger.info('Telegram bot is off: TELEGRAM_BOT_TOKEN is unset');
  const { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: authToken, TWILIO_WHATSAPP_FROM: from } = config;
  if (sid && authToken && from) channels.whatsapp = wireWhatsapp(w, { sid, authToken, from });
  else
    logger.info(
      'WhatsApp bot is off: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_WHATSAPP_FROM are needed',
    );
  return channels;
}

/** Builds both bots from the config; a bot whose credentials are unset is off and says so in the log. */
export function createBots(deps: Deps, opts: BotsOptions = {}): Bots {
  let outbox: Dispatcher | undefined;
  const kick = () => outbox?.kick();
  const jobs: ChatJobs = {
    async enqueueMedia(trx, job) {
      const payerKey = `profile:${job.profileId}`;
      await enqueue(trx, deps.clock, { kind: CHAT_MEDIA_JOB, payload: job, maxAttempts: 4, payerKey });
    },
    async enqueueConstancia(trx, job) {
      await enqueue(trx, deps.clock, { kind: CHAT_CONSTANCIA_JOB, payload: job, maxAttempts: 4 });
    },
    notify: notifyJobEnqueued,
  };
  const limits = createChatLimiter({
    clock: deps.clock,
    messagesPerMinute: deps.config.CHAT_MESSAGES_PER_MINUTE,
    photosPerMinute: deps.config.CHAT_PHOTOS_PER_MINUTE,
  });
  const core: CoreDeps = { ...deps, jobs, limits, kick, events: () => deps.invoiceEvents };
  const handle: Handle = (chat, incoming, deliveryId) => handleIncoming(core, chat, incoming, deliveryId);
  const channels = Object.entries(channelsOf({ deps, handle, botInfo: opts.telegramBotInfo })) as [
    Channel,
    ChannelParts,
  ][];

  outbox = createDispatcher(deps, Object.fromEntries(channels.map(([c, p]) => [c, p.send])), {
    pollMs: opts.dispatcher?.pollMs,
  });
  const fetchMedia = Object.fromEntries(channels.map(([c, p]) => [c, p.fetch]));
  return {
    routes: channels.map(([, p]) => p.route),
    invoiceEvents: chatInvoiceEvents({ clock: deps.clock, kick }),
    jobHandlers: {
      [CHAT_MEDIA_JOB]: chatMediaHandler({ ...deps, fetchMedia, kick }),
      [CHAT_CONSTANCIA_JOB]: chatConstanciaHandler({ ...deps, fetchMedia, kick }),
    },
    outbox,
    async start() {
      outbox?.start();
      // Set-up talks to Telegram: wait a little for it, but never hold the server's start-up on a slow API.
      const setup = Promise.all(channels.map(([, p]) => p.setup?.()));
      await Promise.race([setup, new Promise((r) => setTimeout(r, 5000).unref())]);
    },
    async stop() {
      await outbox?.stop();
    },
  };
}
