import { createHash } from 'node:crypto';
import type { DbOrTrx } from '../db/db.js';
import type { InvoicesTable } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { conflict } from '../errors.js';
import { enqueue, notifyJobEnqueued } from '../jobs/queue.js';
import type { ReceiptData } from '../receipts/receipt.types.js';
import { KEY_FIELDS, type KeyField } from '../receipts/review.js';
import { failInvoice, failWithin } from './invoice.job.js';
import { findInvoice } from './invoices.repo.js';
import { getInvoiceForViewer, INVOICE_JOB, type Viewer } from './invoices.service.js';
import {
  insertCorrections,
  listCorrections,
  markConfirmed,
  reviewFieldsOf,
  storedReading,
  touchPending,
} from './review.repo.js';
import {
  applyCorrections,
  type Corrections,
  correctionList,
  type RawCorrections,
  validateCorrections,
  valueText,
} from './review.values.js';

type ReviewDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'invoiceEvents'>;
export type ReviewSource = 'api' | 'telegram' | 'whatsapp';

export const EXPIRED = { code: 'expired', reason: 'expired' } as const;
export const CANCELLED = { code: 'cancelled', reason: 'cancelled' } as const;

/** The reading with every correction so far: what a confirm would seal. */
export async function currentReading(db: DbOrTrx, inv: InvoicesTable): Promise<ReceiptData | null> {
  const reading = storedReading(inv);
  return reading && applyCorrections(reading, await listCorrections(db, inv.id));
}

const hashOf = (c: Corrections) =>
  createHash('sha256')
    .update(JSON.stringify(correctionList(c)))
    .digest('hex');

/** Pending past its deadline: fails as expired (refund once); the caller then answers Conflict. */
async function expiredConflict(deps: ReviewDeps, inv: InvoicesTable): Promise<never> {
  if (
    inv.status === 'pending' &&
    inv.review_expires_at &&
    inv.review_expires_at <= deps.clock.now().toISOString()
  ) {
    await failInvoice(deps, inv.id, EXPIRED, 'pending');
    throw conflict('The review period of this invoice has ended; the credit was returned');
  }
  throw conflict(`The invoice is ${inv.status}, not pending review`);
}

/** Stores corrections as (who, when, old → new) against the values they replace. */
async function recordCorrections(
  trx: DbOrTrx,
  inv: InvoicesTable,
  corrections: Corrections,
  by: { profileId: string; source: ReviewSource; now: string },
): Promise<void> {
  const before = await currentReading(trx, inv);
  const rows = correctionList(corrections).map(({ field, value }) => ({
    invoice_id: inv.id,
    field,
    old_value: valueText(field, before?.[field] ?? null),
    new_value: value,
    corrected_by_profile_id: by.profileId,
    source: by.source,
    created_at: by.now,
  }));
  await insertCorrections(trx, inv.id, rows);
}

export interface ReviewAction {
  viewer: Viewer;
  invoiceId: string;
  source: ReviewSource;
}

/** What the in-transaction steps use; db is the caller's transaction. */
export type WithinDeps = Pick<Deps, 'clock' | 'config' | 'invoiceEvents'> & { db: DbOrTrx };
type By = { profileId: string; source: ReviewSource };

/**
 * pending → processing with the corrections recorded and the sealing job queued, in the caller's transaction.
 * Undefined when the invoice was no longer pending or its review had expired (nothing changed). The caller
 * wakes the workers (notifyJobEnqueued) once it committed.
 */
export async function confirmWithin(
  d: WithinDeps,
  inv: InvoicesTable,
  corrections: Corrections,
  by: By,
): Promise<InvoicesTable | undefined> {
  const now = d.clock.now().toISOString();
  const confirmed = await markConfirmed(d.db, inv.id, now, hashOf(corrections));
  if (!confirmed) return undefined;
  await recordCorrections(d.db, inv, corrections, { ...by, now });
  await enqueue(d.db, d.clock, {
    kind: INVOICE_JOB,
    payload: { invoiceId: inv.id },
    maxAttempts: d.config.JOB_MAX_ATTEMPTS,
  });
  return confirmed;
}

/** Records corrections on a still-open pending invoice, in the caller's transaction; false if it was not. */
export async function correctWithin(d: WithinDeps, inv: InvoicesTable, corrections: Corrections, by: By) {
  const now = d.clock.now().toISOString();
  if (!(await touchPending(d.db, inv.id, now))) return false;
  await recordCorrections(d.db, inv, corrections, { ...by, now });
  return true;
}

/** pending → failed ("cancelled") with one refund, in the caller's transaction; undefined if not pending. */
export const cancelWithin = (d: WithinDeps, invoiceId: string) =>
  failWithin(d.db, d, invoiceId, CANCELLED, 'pending');

/**
 * pending → processing with the corrections, and the sealing job queued, in one transaction. A retry of the
 * confirm that already went through (same corrections) answers with the invoice as it is now.
 */
export async function confirmInvoice(
  deps: ReviewDeps,
  action: ReviewAction & { corrections?: RawCorrections },
): Promise<InvoicesTable> {
  const inv = await getInvoiceForViewer(deps.db, action.viewer, action.invoiceId);
  const corrections = validateCorrections(action.corrections ?? {}, deps.clock.now());
  const hash = hashOf(corrections);
  if (inv.status !== 'pending') {
    if (inv.confirmed_at && inv.confirm_hash === hash) return inv;
    return expiredConflict(deps, inv);
  }
  const by = { profileId: action.viewer.id, source: action.source };
  const row = await deps.db
    .transaction()
    .execute((trx) => confirmWithin({ ...deps, db: trx }, inv, corrections, by));
  if (row) {
    notifyJobEnqueued();
    return row;
  }
  const after = (await findInvoice(deps.db, inv.id)) ?? inv;
  if (after.confirmed_at && after.confirm_hash === hash) return after;
  return expiredConflict(deps, after);
}

/** Changes values of a pending invoice without confirming it (the chat card edits one value at a time). */
export async function correctInvoice(
  deps: ReviewDeps,
  action: ReviewAction & { corrections: RawCorrections },
): Promise<InvoicesTable> {
  const inv = await getInvoiceForViewer(deps.db, action.viewer, action.invoiceId);
  const corrections = validateCorrections(action.corrections, deps.clock.now());
  const by = { profileId: action.viewer.id, source: action.source };
  const ok = await deps.db
    .transaction()
    .execute((trx) => correctWithin({ ...deps, db: trx }, inv, corrections, by));
  const after = (await findInvoice(deps.db, inv.id)) ?? inv;
  return ok ? after : expiredConflict(deps, after);
}

/** pending → failed ("cancelled"), the credit refunded once, listeners told, in one transaction. */
export async function cancelInvoice(deps: ReviewDeps, action: ReviewAction): Promise<InvoicesTable> {
  const inv = await getInvoiceForViewer(deps.db, action.viewer, action.invoiceId);
  if (inv.status !== 'pending') throw conflict(`The invoice is ${inv.status}, not pending review`);
  const row = await deps.db.transaction().execute((trx) => cancelWithin({ ...deps, db: trx }, inv.id));
  if (row) return row;
  const after = (await findInvoice(deps.db, inv.id)) ?? inv;
  throw conflict(`The invoice is ${after.status}, not pending review`);
}

export interface ReviewField {
  value: string | number | null;
  confidence: number;
  needs_review: boolean;
}
export type ReviewView = { fields: Record<KeyField, ReviewField>; expires_at: string } | null;

/** The `review` member of the invoice details: null unless pending (decisions.md §6b). */
export async function reviewView(db: DbOrTrx, inv: InvoicesTable): Promise<ReviewView> {
  if (inv.status !== 'pending') return null;
  const reading = storedReading(inv);
  if (!reading) return null;
  const corrections = await listCorrections(db, inv.id);
  const current = applyCorrections(reading, corrections);
  const corrected = new Set(corrections.map((c) => c.field));
  const flagged = new Set(reviewFieldsOf(inv));
  const value = (f: KeyField) =>
    f === 'total' ? (current.total === null ? null : current.total / 100) : (current[f] ?? null);
  const fields = Object.fromEntries(
    KEY_FIELDS.map((f) => [
      f,
      {
        value: value(f),
        confidence: Math.round(current.confidence[f] * 1000) / 1000,
        needs_review: flagged.has(f) && !corrected.has(f),
      },
    ]),
  ) as Record<KeyField, ReviewField>;
  return { fields, expires_at: inv.review_expires_at ?? '' };
}
