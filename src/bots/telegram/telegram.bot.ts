import { Bot, type BotConfig, type Context } from 'grammy';
import type { Handle } from '../conversation/conversation.types.js';
import { contactFeature, mediaFeature, textFeature } from './telegram.features.js';

export interface TelegramBotDeps {
  token: string;
  apiRoot: string;
  /** Tests pass a fixed botInfo so the bot never calls getMe. */
  botInfo?: BotConfig<Context>['botInfo'];
  handle: Handle;
}

/**
 * The grammY bot: serves private chats only. The core drops redelivered updates (by update_id) and, when
 * handling fails, records nothing and apologises once; the error reaches the webhook route, which answers 500
 * so Telegram redelivers the update.
 */
export function createTelegramBot(deps: TelegramBotDeps): Bot {
  const bot = new Bot(deps.token, {
    botInfo: deps.botInfo,
    client: { apiRoot: deps.apiRoot, timeoutSeconds: 30 },
  });
  bot
    .chatType('private')
    .use(contactFeature(deps.handle), mediaFeature(deps.handle), textFeature(deps.handle));
  return bot;
}
