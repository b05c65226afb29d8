import { createHash } from 'node:crypto';
import type { Bot } from 'grammy';
import type { Logger } from '../../logger.js';
import { MENU } from '../conversation/commands.js';
import { TELEGRAM_WEBHOOK_PATH } from './telegram.routes.js';
import type { WebhookOnce } from './webhook.once.js';

/**
 * The webhook secret: TELEGRAM_WEBHOOK_SECRET, or one derived from the token so the webhook is never open
 * (Telegram allows only [A-Za-z0-9_-] there, which hex satisfies).
 */
export const webhookSecret = (token: string, configured?: string): string =>
  configured ?? createHash('sha256').update(`webhook:${token}`).digest('hex').slice(0, 48);

/**
 * Start-up step: the command menu always; the webhook when PUBLIC_BASE_URL says where we are reachable (with
 * `once`, instances starting together register it once, see webhook.once.ts); then the bot's identity (one
 * getMe), so no update waits on it.
 */
export async function setupTelegram(
  bot: Bot,
  opts: { publicBaseUrl?: string; secret: string; logger: Logger; once?: WebhookOnce },
): Promise<void> {
  const { api } = bot;
  await api.setMyCommands(MENU);
  if (!opts.publicBaseUrl) {
    opts.logger.info('PUBLIC_BASE_URL is unset: the Telegram webhook is not registered');
    return bot.init();
  }
  const url = `${opts.publicBaseUrl.replace(/\/$/, '')}${TELEGRAM_WEBHOOK_PATH}`;
  const register = () =>
    api.setWebhook(url, { secret_token: opts.secret, allowed_updates: ['message', 'callback_query'] });
  let done = true;
  if (opts.once) done = await opts.once(`${url}\n${opts.secret}`, register);
  else await register();
  opts.logger.info(
    { url },
    done ? 'Telegram webhook registered' : 'Telegram webhook registered by another instance',
  );
  await bot.init();
}
