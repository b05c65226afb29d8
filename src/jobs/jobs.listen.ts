import type pg from 'pg';
import { type Db, pgPoolOf } from '../db/db.js';
import type { Logger } from '../logger.js';
import { JOBS_CHANNEL } from './queue.js';

export interface JobListener {
  close(): Promise<void>;
}

/**
 * On PostgreSQL, holds one connection that LISTENs for enqueued jobs of any instance and calls `wake` for each,
 * so an idle worker starts a job within milliseconds of its commit. A lost connection is re-opened after a
 * pause; meanwhile the worker's poll still finds the work. Undefined on SQLite (one process, in-process wake).
 */
export function listenForJobs(db: Db, wake: () => void, logger: Logger): JobListener | undefined {
  const pool = pgPoolOf(db);
  if (!pool) return undefined;
  let client: pg.PoolClient | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    if (closed) return;
    try {
      const c = await pool.connect();
      if (closed) return c.release();
      client = c;
      c.on('notification', (n) => {
        if (n.channel === JOBS_CHANNEL) wake();
      });
      c.on('error', (err) => lost(c, err));
      await c.query(`LISTEN ${JOBS_CHANNEL}`);
      wake(); // jobs enqueued while no connection listened
    } catch (err) {
      lost(client, err);
    }
  };
  const lost = (c: pg.PoolClient | undefined, err: unknown) => {
    if (c && c === client) {
      client = undefined;
      c.release(err instanceof Error ? err : true);
    }
    if (closed) return;
    logger.warn({ err }, 'job notifications lost; polling until they are back');
    clearTimeout(retry);
    retry = setTimeout(() => void connect(), 2000);
  };

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      if (c) {
        await c.query(`UNLISTEN ${JOBS_CHANNEL}`).catch(() => {});
        c.release();
      }
    },
  };
}
