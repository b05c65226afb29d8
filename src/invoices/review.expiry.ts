import type { Deps } from '../deps.js';
import { enqueue } from '../jobs/queue.js';
import type { JobHandler } from '../jobs/worker.js';
import { failInvoice, REVIEW_EXPIRY_JOB } from './invoice.job.js';
import { findInvoice } from './invoices.repo.js';
import { EXPIRED } from './review.service.js';

type ExpiryDeps = Pick<Deps, 'db' | 'clock' | 'invoiceEvents'>;

/**
 * Fails a pending invoice whose review deadline passed, refunding its credit once. The job is queued with
 * run_at at the deadline, so it survives restarts; a confirmed or cancelled invoice makes it a no-op.
 */
export async function expireReview(deps: ExpiryDeps, invoiceId: string): Promise<void> {
  const inv = await findInvoice(deps.db, invoiceId);
  if (inv?.status !== 'pending' || !inv.review_expires_at) return;
  const deadline = new Date(inv.review_expires_at);
  if (deadline > deps.clock.now()) {
    // Ran early (clocks of two hosts disagree): look again at the deadline.
    await enqueue(deps.db, deps.clock, { kind: REVIEW_EXPIRY_JOB, payload: { invoiceId }, runAt: deadline });
    return;
  }
  await failInvoice(deps, invoiceId, EXPIRED, 'pending');
}

export function reviewExpiryHandler(deps: ExpiryDeps): JobHandler {
  return { run: (payload) => expireReview(deps, (payload as { invoiceId: string }).invoiceId) };
}
