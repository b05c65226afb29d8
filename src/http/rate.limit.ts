import type { MiddlewareHandler } from 'hono';
import { sql } from 'kysely';
import type { Clock } from '../clock.js';
import { type Db, isPostgres } from '../db/db.js';
import { RetryLater } from '../errors.js';
import type { AppEnv } from './env.js';

const WINDOW_MS = 60_000;

/** Counts one request of `who` in its current window; returns the count so far and when the window began. */
type Counter = (who: string, now: number) => Promise<{ count: number; start: number }>;

/** One process (SQLite): windows in memory, starting at each key's first request. */
function memoryCounter(): Counter {
  const windows = new Map<string, { start: number; count: number }>();
  return async (who, now) => {
    let w = windows.get(who);
    if (!w || now - w.start >= WINDOW_MS) {
      if (windows.size > 10_000) windows.clear();
      w = { start: now, count: 0 };
      windows.set(who, w);
    }
    w.count += 1;
    return w;
  };
}

/**
 * Several instances (PostgreSQL): one row per key and minute, counted by an atomic upsert, so the limit holds
 * for the sum of all instances. Windows are aligned to the minute; past ones are pruned about once a minute.
 */
function databaseCounter(db: Db): Counter {
  let pruned = 0;
  return async (who, now) => {
    const start = Math.floor(now / WINDOW_MS) * WINDOW_MS;
    if (now - pruned > WINDOW_MS) {
      pruned = now;
      void db
        .deleteFrom('rate_windows')
        .where('window_start', '<', start)
        .execute()
        .catch(() => {});
    }
    const { rows } = await sql<{ count: number }>`
      INSERT INTO rate_windows (key, window_start, count) VALUES (${who}, ${start}, 1)
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_windows.window_start = excluded.window_start THEN rate_windows.count + 1 ELSE 1 END,
        window_start = excluded.window_start
      RETURNING count`.execute(db);
    return { count: Number(rows[0]?.count ?? 1), start };
  };
}

/**
 * Per-profile one-minute window: in the database when it is PostgreSQL (shared by every instance), in memory
 * otherwise. Answers 429 RateLimited with Retry-After (seconds until the window resets). Runs after auth, so it
 * counts per key holder.
 */
export function rateLimit(opts: { perMinute: number; clock: Clock; db?: Db }): MiddlewareHandler<AppEnv> {
  const count = opts.db && isPostgres(opts.db) ? databaseCounter(opts.db) : memoryCounter();
  return async (c, next) => {
    const who = c.get('profile')?.id;
    if (!who) return next();
    const now = opts.clock.now().getTime();
    const w = await count(who, now);
    if (w.count > opts.perMinute) {
      const retryAfter = Math.max(1, Math.ceil((w.start + WINDOW_MS - now) / 1000));
      throw new RetryLater(`Too many requests: retry in ${retryAfter} s`, retryAfter);
    }
    return next();
  };
}
