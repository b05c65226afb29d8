import { createHash } from 'node:crypto';
import type { Bot } from 'grammy';
import type { Logger } from '../../logger.js';
import { MENU } from '../conversation/commands.js';
import { TELEGRAM_WEBHOOK_PATH } from './telegram.routes.js';

/**
 * The webhook secret: TELEGRAM_WEBHOOK_SECRET, or one derived from the token so the webhook is never open
 * (Telegram allows only [A-Za-z0-9_-] there, which hex satisfies).
 */
export const webhookSecret = (token: string, configured?: string): string =>
  configured ?? createHash('sha256').update(`webhook:${token}`).digest('hex').slice(0, 48);

/**
 * Start-up step: the command menu always, the webhook when PUBLIC_BASE_URL says where we are reachable, then the
 * bot's identity (one getMe), so no update waits on it.
 */
export async function setupTelegram(
  bot: Bot,
  opts: { publicBaseUrl?: string; secret: string; logger: Logger },
): Promise<void> {
  const { api } = bot;
  await api.setMyCommands(MENU);
  if (!opts.publicBaseUrl) {
    opts.logger.info('PUBLIC_BASE_URL is unset: the Telegram webhook is not registered');
    return bot.init();
  }
  const url = `${opts.publicBaseUrl.replace(/\/$/, '')}${TELEGRAM_WEBHOOK_PATH}`;
  await api.setWebhook(url, { secret_token: opts.secret, allowed_updates: ['message', 'callback_query'] });
  opts.logger.info({ url }, 'Telegram webhook registered');
  await bot.init();
}
