import type { MiddlewareHandler } from 'hono';
import type { Clock } from '../clock.js';
import type { AppEnv } from './env.js';

/**
 * Per-profile fixed one-minute window, in memory: enough for one process. Answers 429 RateLimited with
 * Retry-After (seconds until the window resets). Runs after auth, so it counts per key holder.
 */
export function rateLimit(opts: { perMinute: number; clock: Clock }): MiddlewareHandler<AppEnv> {
  const windows = new Map<string, { start: number; count: number }>();
  return async (c, next) => {
    const who = c.get('profile')?.id;
    if (!who) return next();
    const now = opts.clock.now().getTime();
    let w = windows.get(who);
    if (!w || now - w.start >= 60_000) {
      if (windows.size > 10_000) windows.clear();
      w = { start: now, count: 0 };
      windows.set(who, w);
    }
    w.count += 1;
    if (w.count > opts.perMinute) {
      const retryAfter = Math.max(1, Math.ceil((w.start + 60_000 - now) / 1000));
      c.header('Retry-After', String(retryAfter));
      return c.json({ error: 'RateLimited', message: `Too many requests: retry in ${retryAfter} s` }, 429);
    }
    return next();
  };
}
