import { Bot, type BotConfig, type Context } from 'grammy';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/db.js';
import type { Logger } from '../../logger.js';
import { markProcessed } from '../conversation/chat.repo.js';
import type { Handle } from '../conversation/conversation.types.js';
import { msg } from '../conversation/messages.js';
import { enqueueOutbox } from '../conversation/outbox.repo.js';
import { contactFeature, mediaFeature, textFeature } from './telegram.features.js';

export interface TelegramBotDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  token: string;
  apiRoot: string;
  /** Tests pass a fixed botInfo so the bot never calls getMe. */
  botInfo?: BotConfig<Context>['botInfo'];
  handle: Handle;
  kick: () => void;
}

/**
 * The grammY bot: drops redelivered updates, serves private chats only, and runs every feature behind an
 * error boundary that apologises in Spanish, so the webhook is still acknowledged and Telegram does not retry.
 */
export function createTelegramBot(deps: TelegramBotDeps): Bot {
  const bot = new Bot(deps.token, {
    botInfo: deps.botInfo,
    client: { apiRoot: deps.apiRoot, timeoutSeconds: 30 },
  });

  bot.use(async (ctx, next) => {
    if (await markProcessed(deps.db, deps.clock, 'telegram', String(ctx.update.update_id))) await next();
  });

  const features = bot.chatType('private');
  features.errorBoundary(
    async (err) => {
      deps.logger.error({ err: err.error, updateId: err.ctx.update.update_id }, 'telegram update failed');
      const chatId = err.ctx.chat?.id;
      if (chatId === undefined) return;
      await enqueueOutbox(deps.db, deps.clock, { channel: 'telegram', chatId: String(chatId) }, [
        { type: 'text', text: msg.error() },
      ]).catch((e: unknown) => deps.logger.error({ err: e }, 'could not queue the apology'));
      deps.kick();
    },
    contactFeature(deps.handle),
    mediaFeature(deps.handle),
    textFeature(deps.handle),
  );
  // Anything escaping the boundary (the dedupe write itself) fails the webhook with a 500: Telegram redelivers.
  return bot;
}
