import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Clock } from '../clock.js';
import { type DbOrTrx, isPostgres } from '../db/db.js';
import type { JobsTable } from '../db/schema.js';

/**
 * Durable job queue in the `jobs` table. A job is claimed by setting a short lease (status running,
 * lease_until) that its worker renews while it runs; a worker that dies stops renewing, the lease expires and
 * any instance claims the job again. A claim is one statement: on PostgreSQL it skips rows another claimer has
 * locked (FOR UPDATE SKIP LOCKED), so instances and workers never wait on each other or run one job twice.
 * Among due jobs, the payer with the fewest running jobs goes first, then the oldest job.
 */
export interface NewJob {
  kind: string;
  payload: unknown;
  runAt?: Date;
  maxAttempts?: number;
  /** Who pays ('profile:<id>', 'org:<id>'): claims are fair between payers. */
  payerKey?: string;
}

const DEFAULT_MAX_ATTEMPTS = 5;
/** The PostgreSQL channel an enqueue notifies on commit; idle workers of every instance listen to it. */
export const JOBS_CHANNEL = 'jobs_enqueued';
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

/**
 * Adds a job inside the caller's transaction, so it exists exactly when the caller's rows do. On PostgreSQL the
 * notification is part of the transaction too: listeners hear of the job when it commits, never before.
 */
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
      payer_key: job.payerKey ?? null,
    })
    .execute();
  if (isPostgres(trx)) await sql`SELECT pg_notify(${JOBS_CHANNEL}, '')`.execute(trx);
  return id;
}

/** Due: queued and run_at reached, or running with an expired lease (its worker crashed or hung). */
const due = (now: string) =>
  sql`((j.status = 'queued' AND j.run_at <= ${now}) OR (j.status = 'running' AND j.lease_until < ${now}))`;

/** Due jobs, fewest running jobs of the same payer first, then oldest. */
function candidates(now: string, limit: number, kinds?: string[]) {
  const byKind = kinds?.length ? sql`AND j.kind IN (${sql.join(kinds)})` : sql``;
  return sql`SELECT j.id FROM jobs j
    LEFT JOIN (SELECT payer_key, count(*) AS n FROM jobs
               WHERE status = 'running' AND lease_until >= ${now} AND payer_key IS NOT NULL
               GROUP BY payer_key) r ON r.payer_key = j.payer_key
    WHERE ${due(now)} ${byKind}
    ORDER BY coalesce(r.n, 0), j.run_at, j.id
    LIMIT ${limit}`;
}

/** Claims up to `limit` due jobs for `workerId` in one statement. Each claim counts as one attempt. */
export async function claimJobs(
  db: DbOrTrx,
  clock: Clock,
  opts: { workerId: string; limit: number; leaseMs: number; kinds?: string[] },
): Promise<JobsTable[]> {
  const now = clock.now().toISOString();
  const leaseUntil = new Date(clock.now().getTime() + opts.leaseMs).toISOString();
  const set = sql`status = 'running', lease_until = ${leaseUntil}, locked_by = ${opts.workerId},
    attempts = attempts + 1, updated_at = ${now}`;
  const pick = candidates(now, opts.limit, opts.kinds);
  // SQLite runs one writer at a time, so the sub-select and the update cannot interleave with another claim.
  const query = isPostgres(db)
    ? sql<JobsTable>`WITH picked AS (${pick} FOR UPDATE OF j SKIP LOCKED)
        UPDATE jobs SET ${set} FROM picked WHERE jobs.id = picked.id RETURNING jobs.*`
    : sql<JobsTable>`UPDATE jobs SET ${set} WHERE id IN (${pick}) RETURNING *`;
  const { rows } = await query.execute(db);
  return rows.sort((a, b) => a.run_at.localeCompare(b.run_at) || a.id.localeCompare(b.id));
}

/** Updates a job only while `workerId` still holds it: a worker whose lease was taken over changes nothing. */
const held = (db: DbOrTrx, id: string, workerId: string) =>
  db
    .updateTable('jobs')
    .where('id', '=', id)
    .where('locked_by', '=', workerId)
    .where('status', '=', 'running');

/** Renews a held lease; false when the job is no longer this worker's (its lease expired and was taken). */
export async function extendLease(
  db: DbOrTrx,
  clock: Clock,
  id: string,
  workerId: string,
  leaseMs: number,
): Promise<boolean> {
  const leaseUntil = new Date(clock.now().getTime() + leaseMs).toISOString();
  const res = await held(db, id, workerId).set({ lease_until: leaseUntil }).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
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
