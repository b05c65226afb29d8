import type { MiddlewareHandler } from 'hono';
import type { Clock } from '../clock.js';
import type { Db } from '../db/db.js';
import { AppError } from '../errors.js';
import { profileForApiKey } from '../profiles/apikeys.service.js';
import type { AppEnv } from './env.js';
import { errorResponse } from './errors.js';

/** 401 with the interface's exact body, `{ "error": "Unauthorized", "message" }`. */
const unauthorized = (message: string) => new AppError('Unauthorized', message);

export function bearerAuth(deps: { db: Db; clock: Clock }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match?.[1]) {
      return errorResponse(c, unauthorized('API key is missing: send Authorization: Bearer <API_KEY>'));
    }
    const found = await profileForApiKey(deps.db, deps.clock, match[1]);
    if (!found) return errorResponse(c, unauthorized('API key is invalid or revoked'));
    c.set('profile', found.profile);
    await next();
  };
}
