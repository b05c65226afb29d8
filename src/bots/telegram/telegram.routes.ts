import { createHash, timingSafeEqual } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { type Bot, BotError, webhookCallback } from 'grammy';
import { AppError } from '../../errors.js';
import type { AppEnv } from '../../http/env.js';
import { errorResponse } from '../../http/errors.js';
import { newRouter } from '../../http/router.js';
import type { Logger } from '../../logger.js';

export const TELEGRAM_WEBHOOK_PATH = '/webhooks/telegram';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Constant time whatever the lengths: both sides are hashed to 32 bytes first. */
export const secretMatches = (given: string | undefined, secret: string): boolean =>
  given !== undefined && timingSafeEqual(digest(given), digest(secret));

/**
 * The secret is checked here, before grammY runs: grammY initialises the bot (getMe, with retries) before its own
 * check, so a stranger's request would otherwise cost an outbound call. grammY's Hono adapter checks X-Telegram-Bot-Api-Secret-Token (401 when it is missing or wrong). Handlers only
 * write to the database (replies and photos go to the outbox and the job queue), so this answers in milliseconds.
 * An update whose handling failed answers 500: nothing of it was recorded, and Telegram redelivers it.
 */
export function telegramRoutes(bot: Bot, secretToken: string, logger: Logger): OpenAPIHono<AppEnv> {
  const router = newRouter();
  const handle = webhookCallback(bot, 'hono', {
    secretToken,
    onTimeout: 'return',
    timeoutMilliseconds: 9_000,
  });
  router.post(TELEGRAM_WEBHOOK_PATH, async (c) => {
    if (!secretMatches(c.req.header('x-telegram-bot-api-secret-token'), secretToken)) {
      return errorResponse(c, new AppError('Unauthorized', 'Invalid webhook secret'));
    }
    try {
      return await handle(c);
    } catch (err) {
      const updateId = err instanceof BotError ? err.ctx.update.update_id : undefined;
      logger.error({ err: err instanceof BotError ? err.error : err, updateId }, 'telegram update failed');
      return errorResponse(c, new AppError('InternalError', 'The update could not be handled'));
    }
  });
  return router;
}
