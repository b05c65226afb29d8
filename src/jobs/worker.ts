import { randomUUID } from 'node:crypto';
import { isPostgres } from '../db/db.js';
import type { JobsTable } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { type JobListener, listenForJobs } from './jobs.listen.js';
import {
  backoffMs,
  claimJobs,
  extendLease,
  markJobDone,
  markJobFailed,
  onJobEnqueued,
  rescheduleJob,
} from './queue.js';

export interface JobContext {
  jobId: string;
  /** 1 for the first attempt. */
  attempt: number;
  maxAttempts: number;
}

/**
 * A kind of job. `run` throwing means "transient, try again later"; a handler deals with permanent problems
 * itself and returns normally. `exhausted` runs once when no attempts are left (e.g. fail and refund).
 */
export interface JobHandler {
  run(payload: unknown, ctx: JobContext): Promise<void>;
  exhausted?(payload: unknown, error: string, ctx: JobContext): Promise<void>;
}

export type JobHandlers = Record<string, JobHandler>;

export interface WorkerOptions {
  workerId?: string;
  concurrency?: number;
  leaseMs?: number;
  backoffBaseMs?: number;
  pollMs?: number;
  /** How long stop() waits for in-flight jobs before releasing them for another worker. */
  stopGraceMs?: number;
}

type WorkerDeps = Pick<Deps, 'db' | 'clock' | 'logger' | 'config'>;

const errorText = (e: unknown) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e));

function resolved(deps: WorkerDeps, o: WorkerOptions) {
  return {
    workerId: o.workerId ?? `w-${process.pid}-${randomUUID().slice(0, 8)}`,
    concurrency: o.concurrency ?? deps.config.JOB_CONCURRENCY,
    leaseMs: o.leaseMs ?? deps.config.JOB_LEASE_SECONDS * 1000,
    backoffBaseMs: o.backoffBaseMs ?? 2000,
    // On PostgreSQL new jobs arrive by notification; the poll only finds expired leases and retries.
    pollMs: o.pollMs ?? (isPostgres(deps.db) ? 1000 : 250),
    stopGraceMs: o.stopGraceMs ?? 15_000,
  };
}
type Resolved = ReturnType<typeof resolved>;

/** Runs one claimed job to its next state: done, rescheduled with backoff, or failed after the last attempt. */
async function runClaimed(deps: WorkerDeps, handlers: JobHandlers, job: JobsTable, o: Resolved) {
  const { db, clock, logger } = deps;
  const ctx: JobContext = { jobId: job.id, attempt: job.attempts, maxAttempts: job.max_attempts };
  const handler = handlers[job.kind];
  const payload: unknown = JSON.parse(job.payload);
  const giveUp = async (error: string) => {
    try {
      await handler?.exhausted?.(payload, error, ctx);
      await markJobFailed(db, clock, job.id, o.workerId, error);
    } catch (e) {
      logger.error({ jobId: job.id, err: e }, 'job exhausted handler failed; will retry');
      await rescheduleJob(db, clock, job.id, o.workerId, {
        runAt: new Date(clock.now().getTime() + o.backoffBaseMs),
      });
    }
  };
  if (!handler) return giveUp(`no handler for job kind ${job.kind}`);
  // A claim beyond max_attempts means earlier attempts died without reporting (crash, kill -9).
  if (job.attempts > job.max_attempts) return giveUp(job.last_error ?? 'worker lost the job too often');

  // Renewed well before it expires, so a slow job is never taken over while this process is alive.
  const heartbeat = setInterval(
    () =>
      void extendLease(db, clock, job.id, o.workerId, o.leaseMs).then(
        (kept) => kept || logger.warn({ jobId: job.id }, 'job lease lost to another worker'),
        (err: unknown) => logger.warn({ jobId: job.id, err }, 'job lease renewal failed'),
      ),
    Math.max(250, o.leaseMs / 4),
  );
  try {
    await handler.run(payload, ctx);
    await markJobDone(db, clock, job.id, o.workerId);
  } catch (e) {
    const error = errorText(e);
    if (job.attempts >= job.max_attempts) {
      logger.error({ jobId: job.id, kind: job.kind, err: e }, 'job failed for the last time');
      await giveUp(error);
    } else {
      const delay = backoffMs(job.attempts, o.backoffBaseMs);
      logger.warn(
        { jobId: job.id, kind: job.kind, attempt: job.attempts, delay, err: e },
        'job failed; retrying',
      );
      await rescheduleJob(db, clock, job.id, o.workerId, {
        runAt: new Date(clock.now().getTime() + delay),
        error,
      });
    }
  } finally {
    clearInterval(heartbeat);
  }
}

/**
 * For tests and scripts: claims and runs due jobs until none is due, `concurrency` at a time.
 * Returns how many jobs ran.
 */
export async function runDueJobs(
  deps: WorkerDeps,
  handlers: JobHandlers,
  opts: WorkerOptions = {},
): Promise<number> {
  const o = resolved(deps, { concurrency: 1, ...opts });
  let count = 0;
  for (;;) {
    const jobs = await claimJobs(deps.db, deps.clock, {
      workerId: o.workerId,
      limit: o.concurrency,
      leaseMs: o.leaseMs,
    });
    if (jobs.length === 0) return count;
    await Promise.all(jobs.map((j) => runClaimed(deps, handlers, j, o)));
    count += jobs.length;
  }
}

/**
 * Fills `free` slots one claim at a time: each claim sees the jobs the previous one set running, so the queue's
 * "payer with the fewest running jobs first" hands the slots round-robin between payers.
 */
async function claimFair(deps: WorkerDeps, o: { workerId: string; leaseMs: number }, free: number) {
  const jobs: JobsTable[] = [];
  while (jobs.length < free) {
    const got = await claimJobs(deps.db, deps.clock, { workerId: o.workerId, limit: 1, leaseMs: o.leaseMs });
    if (got.length === 0) break;
    jobs.push(...got);
  }
  return jobs;
}

export interface JobWorker {
  /** Stops claiming; waits for in-flight jobs (up to the grace time), then releases the rest. */
  stop(): Promise<void>;
  /** Resolves when nothing is due and nothing is in flight. */
  drain(): Promise<void>;
  /** Look for work now instead of at the next poll. */
  kick(): void;
}

/** What a started worker keeps between polls, shared by its poll loop, drain() and stop(). */
interface WorkerState {
  inFlight: Map<string, Promise<void>>;
  stopping: boolean;
  polling: boolean;
  /** A wake-up came during a claim, so the next poll must not wait. */
  again: boolean;
  idleWaiters: (() => void)[];
  timer: NodeJS.Timeout | undefined;
}

/**
 * One poll: claims jobs for the free slots and runs them in the background; polls again at once while every
 * free slot fills or a wake-up came meanwhile, and answers drain() once nothing is due or running.
 */
async function pollJobs(
  deps: WorkerDeps,
  handlers: JobHandlers,
  o: Resolved,
  s: WorkerState,
  schedule: (ms: number) => void,
): Promise<void> {
  if (s.stopping) return;
  if (s.polling) {
    s.again = true; // a wake-up during a claim must not wait for the next poll
    return;
  }
  s.polling = true;
  s.again = false;
  try {
    const free = o.concurrency - s.inFlight.size;
    const jobs = await claimFair(deps, o, free);
    for (const job of jobs) {
      const p = runClaimed(deps, handlers, job, o)
        .catch((e) => deps.logger.error({ jobId: job.id, err: e }, 'job runner error'))
        .finally(() => {
          s.inFlight.delete(job.id);
          schedule(0);
        });
      s.inFlight.set(job.id, p);
    }
    if (jobs.length === 0 && s.inFlight.size === 0) {
      for (const w of s.idleWaiters) w();
      s.idleWaiters = [];
    }
    schedule((jobs.length === free && free > 0) || s.again ? 0 : o.pollMs);
  } catch (e) {
    deps.logger.error({ err: e }, 'job poll failed');
    schedule(o.pollMs * 4);
  } finally {
    s.polling = false;
  }
}

/** Stops claiming and listening; waits for in-flight jobs up to the grace time, then releases the rest. */
async function stopWorker(
  deps: WorkerDeps,
  o: Resolved,
  s: WorkerState,
  unsubscribe: () => void,
  listener: JobListener | undefined,
): Promise<void> {
  s.stopping = true;
  clearTimeout(s.timer);
  unsubscribe();
  await listener?.close();
  const all = Promise.all(s.inFlight.values());
  const grace = new Promise((r) => setTimeout(r, o.stopGraceMs).unref());
  await Promise.race([all, grace]);
  // Whatever is still running goes back to the queue now rather than after its lease expires.
  for (const id of s.inFlight.keys()) {
    await rescheduleJob(deps.db, deps.clock, id, o.workerId, {
      runAt: deps.clock.now(),
      refundAttempt: true,
    });
  }
  for (const w of s.idleWaiters) w();
}

export function startJobWorker(deps: WorkerDeps, handlers: JobHandlers, opts: WorkerOptions = {}): JobWorker {
  const o = resolved(deps, opts);
  const s: WorkerState = {
    inFlight: new Map(),
    stopping: false,
    polling: false,
    again: false,
    idleWaiters: [],
    timer: undefined,
  };

  const schedule = (ms: number) => {
    if (s.stopping) return;
    clearTimeout(s.timer);
    s.timer = setTimeout(() => void pollJobs(deps, handlers, o, s, schedule), ms);
  };

  const unsubscribe = onJobEnqueued(() => schedule(0));
  const listener = listenForJobs(deps.db, () => schedule(0), deps.logger);
  schedule(0);

  return {
    kick: () => schedule(0),
    drain: () =>
      new Promise<void>((resolve) => {
        s.idleWaiters.push(resolve);
        schedule(0);
      }),
    stop: () => stopWorker(deps, o, s, unsubscribe, listener),
  };
}
