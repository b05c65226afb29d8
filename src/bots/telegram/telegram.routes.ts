import type { OpenAPIHono } from '@hono/zod-openapi';
import { type Bot, webhookCallback } from 'grammy';
import { newRouter } from '../../http/app.js';
import type { AppEnv } from '../../http/env.js';

export const TELEGRAM_WEBHOOK_PATH = '/webhooks/telegram';

/**
 * grammY's Hono adapter checks X-Telegram-Bot-Api-Secret-Token (401 when it is missing or wrong). Handlers only
 * write to the database (replies and photos go to the outbox and the job queue), so this answers in milliseconds.
 */
export function telegramRoutes(bot: Bot, secretToken: string): OpenAPIHono<AppEnv> {
  const router = newRouter();
  const handle = webhookCallback(bot, 'hono', {
    secretToken,
    onTimeout: 'return',
    timeoutMilliseconds: 9_000,
  });
  router.post(TELEGRAM_WEBHOOK_PATH, (c) => handle(c));
  return router;
}
