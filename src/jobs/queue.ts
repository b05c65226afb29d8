import { randomUUID } from 'node:crypto';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Clock } from '../clock.js';
import type { DbOrTrx } from '../db/db.js';
import type { Database, JobsTable } from '../db/schema.js';

/**
 * Durable job queue in the `jobs` table. A job is claimed by setting a lease (status running, lease_until);
 * a worker that dies leaves a lease that expires, and the job becomes claimable again. Claims are single
 * conditional UPDATEs, so two workers (or two processes on one SQLite file / one PostgreSQL) never run the
 * same claim twice.
 */
export interface NewJob {
  kind: string;
  payload: unknown;
  runAt?: Date;
  maxAttempts?: number;
}

const DEFAULT_MAX_ATTEMPTS = 5;
const listeners = new Set<() => void>();

/** In-process workers subscribe to hear about new jobs at once instead of at their next poll. */
export function onJobEnqueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Call after the enqueuing transaction committed, to wake in-process workers. */
export function notifyJobEnqueued(): void {
  for (const l of listeners) setImmediate(l);
}

/** Adds a job inside the caller's transaction, so it exists exactly when the caller's rows do. */
export async function enqueue(trx: DbOrTrx, clock: Clock, job: NewJob): Promise<string> {
  const id = randomUUID();
  const now = clock.now().toISOString();
  await trx
    .insertInto('jobs')
    .values({
      id,
      kind: job.kind,
      payload: JSON.stringify(job.payload ?? null),
      status: 'queued',
      attempts: 0,
      max_attempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      run_at: (job.runAt ?? clock.now()).toISOString(),
      lease_until: null,
      locked_by: null,
      last_error: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** Due: queued and run_at reached, or running with an expired lease (its worker crashed or hung). */
const claimable = (now: string) => (eb: ExpressionBuilder<Database, 'jobs'>) =>
  eb.or([
    eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
    eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)]),
  ]);

/** Claims up to `limit` due jobs for `workerId`. Each claim counts as one attempt. */
export async function claimJobs(
  db: DbOrTrx,
  clock: Clock,
  opts: { workerId: string; limit: number; leaseMs: number; kinds?: string[] },
): Promise<JobsTable[]> {
  const now = clock.now().toISOString();
  let q = db.selectFrom('jobs').select('id').where(claimable(now)).orderBy('run_at').limit(opts.limit);
  if (opts.kinds) q = q.where('kind', 'in', opts.kinds);
  const candidates = await q.execute();
  const claimed: JobsTable[] = [];
  for (const { id } of candidates) {
    const leaseUntil = new Date(clock.now().getTime() + opts.leaseMs).toISOString();
    const res = await db
      .updateTable('jobs')
      .set({
        status: 'running',
        lease_until: leaseUntil,
        locked_by: opts.workerId,
        attempts: sql<number>`attempts + 1`,
        updated_at: now,
      })
      .where('id', '=', id)
      .where(claimable(now))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) continue; // another worker won this one
    const row = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    if (row) claimed.push(row);
  }
  return claimed;
}

/** Updates a job only while `workerId` still holds it: a worker whose lease was taken over changes nothing. */
const held = (db: DbOrTrx, id: string, workerId: string) =>
  db
    .updateTable('jobs')
    .where('id', '=', id)
    .where('locked_by', '=', workerId)
    .where('status', '=', 'running');

export async function extendLease(db: DbOrTrx, clock: Clock, id: string, workerId: string, leaseMs: number) {
  const leaseUntil = new Date(clock.now().getTime() + leaseMs).toISOString();
  await held(db, id, workerId).set({ lease_until: leaseUntil }).execute();
}

export async function markJobDone(db: DbOrTrx, clock: Clock, id: string, workerId: string) {
  const now = clock.now().toISOString();
  await held(db, id, workerId).set({ status: 'done', lease_until: null, updated_at: now }).execute();
}

export async function markJobFailed(db: DbOrTrx, clock: Clock, id: string, workerId: string, error: string) {
  const now = clock.now().toISOString();
  await held(db, id, workerId)
    .set({ status: 'failed', lease_until: null, last_error: error.slice(0, 2000), updated_at: now })
    .execute();
}

/** Puts a job back for another attempt at runAt. */
export async function rescheduleJob(
  db: DbOrTrx,
  clock: Clock,
  id: string,
  workerId: string,
  opts: { runAt: Date; error?: string; refundAttempt?: boolean },
) {
  await held(db, id, workerId)
    .set({
      status: 'queued',
      run_at: opts.runAt.toISOString(),
      lease_until: null,
      locked_by: null,
      // A job released at shutdown did not really fail: its attempt is given back.
      attempts: opts.refundAttempt ? sql<number>`attempts - 1` : sql<number>`attempts`,
      last_error: opts.error?.slice(0, 2000) ?? null,
      updated_at: clock.now().toISOString(),
    })
    .execute();
}

/** Exponential backoff: base, 2×base, 4×base ... capped, with ±20 % jitter so retries do not stampede. */
export function backoffMs(attempt: number, baseMs: number, capMs = 5 * 60_000): number {
  const raw = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(raw * (0.8 + Math.random() * 0.4));
}
