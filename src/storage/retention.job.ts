import type { Deps } from '../deps.js';
import { enqueue } from '../jobs/queue.js';
import type { JobHandler } from '../jobs/worker.js';

/**
 * The durable housekeeping job (old receipt photos, delivery records): one queued row that runs every hour and queues its successor, so it survives
 * restarts and, with several processes, runs in one of them at a time.
 */
export const RETENTION_JOB = 'maintenance.retention';
export const RETENTION_EVERY_MS = 60 * 60_000;
const DAY_MS = 24 * 3600_000;

type RetentionDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'logger' | 'storage'>;

const daysAgo = (deps: Pick<Deps, 'clock'>, days: number) =>
  new Date(deps.clock.now().getTime() - days * DAY_MS).toISOString();

/**
 * Rows that only guard against redelivery or record what was already done: webhook delivery marks (Telegram
 * redelivers for a day at most, Twilio within hours), finished jobs and sent chat messages.
 */
export async function pruneDeliveryRecords(deps: Pick<RetentionDeps, 'db' | 'clock' | 'config'>) {
  const cutoff = daysAgo(deps, deps.config.DEDUP_RETENTION_DAYS);
  const updates = await deps.db
    .deleteFrom('processed_updates')
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  const jobs = await deps.db
    .deleteFrom('jobs')
    .where('status', 'in', ['done', 'failed'])
    .where('updated_at', '<', cutoff)
    .executeTakeFirst();
  const outbox = await deps.db
    .deleteFrom('outbox')
    .where('status', 'in', ['sent', 'failed'])
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  return {
    processedUpdates: Number(updates.numDeletedRows),
    jobs: Number(jobs.numDeletedRows),
    outbox: Number(outbox.numDeletedRows),
  };
}

const RECEIPT_BATCH = 500;

/**
 * Receipt photos of invoices finished more than RECEIPT_RETENTION_DAYS ago: the file goes, the invoice (with its
 * XML and PDF) stays and records when. Batches, so one pass never holds a long transaction; the next pass goes on.
 */
export async function deleteOldReceipts(deps: Pick<RetentionDeps, 'db' | 'clock' | 'config' | 'storage'>) {
  const cutoff = daysAgo(deps, deps.config.RECEIPT_RETENTION_DAYS);
  const due = await deps.db
    .selectFrom('invoices')
    .select(['id', 'receipt_key'])
    .where('status', 'in', ['completed', 'failed'])
    .where('receipt_deleted_at', 'is', null)
    .where('updated_at', '<', cutoff)
    .limit(RECEIPT_BATCH)
    .execute();
  const now = deps.clock.now().toISOString();
  for (const inv of due) {
    await deps.storage.delete(inv.receipt_key);
    await deps.db.updateTable('invoices').set({ receipt_deleted_at: now }).where('id', '=', inv.id).execute();
  }
  return due.length;
}

/** Queues the first run unless one is already queued or running (each start calls this). */
export async function scheduleRetention(deps: Pick<RetentionDeps, 'db' | 'clock'>): Promise<void> {
  const pending = await deps.db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', RETENTION_JOB)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  if (!pending) await enqueue(deps.db, deps.clock, { kind: RETENTION_JOB, payload: null });
}

const next = (deps: Pick<RetentionDeps, 'db' | 'clock'>) =>
  enqueue(deps.db, deps.clock, {
    kind: RETENTION_JOB,
    payload: null,
    runAt: new Date(deps.clock.now().getTime() + RETENTION_EVERY_MS),
  });

export function retentionJobHandler(deps: RetentionDeps): JobHandler {
  return {
    async run() {
      const pruned = await pruneDeliveryRecords(deps);
      const receipts = await deleteOldReceipts(deps);
      deps.logger.info({ pruned, receipts }, 'retention pass');
      await next(deps);
    },
    // A pass that keeps failing still leaves the next one queued.
    exhausted: () => next(deps).then(() => undefined),
  };
}
