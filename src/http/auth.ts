import type { MiddlewareHandler } from 'hono';
import type { Clock } from '../clock.js';
import type { Db } from '../db/db.js';
import { profileForApiKey } from '../profiles/apikeys.service.js';
import type { AppEnv } from './env.js';

/** The exact 401 body of the interface document. */
export const unauthorizedBody = (message: string) => ({ error: 'Unauthorized' as const, message });

export function bearerAuth(deps: { db: Db; clock: Clock }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match?.[1]) {
      return c.json(unauthorizedBody('API key is missing: send Authorization: Bearer <API_KEY>'), 401);
    }
    const found = await profileForApiKey(deps.db, deps.clock, match[1]);
    if (!found) return c.json(unauthorizedBody('API key is invalid or revoked'), 401);
    c.set('profile', found.profile);
    await next();
  };
}
