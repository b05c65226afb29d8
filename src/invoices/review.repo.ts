import { randomUUID } from 'node:crypto';
import type { DbOrTrx } from '../db/db.js';
import type { InvoiceCorrectionsTable, InvoicesTable } from '../db/schema.js';
import type { ReceiptData } from '../receipts/receipt.types.js';
import type { KeyField } from '../receipts/review.js';
import { findInvoice } from './invoices.repo.js';

/** Queries of the review step. Every status change is conditional, so it happens once. */
export async function markPending(
  db: DbOrTrx,
  id: string,
  now: string,
  fields: { receipt_data: string; review_fields: KeyField[]; review_expires_at: string },
): Promise<InvoicesTable | undefined> {
  const res = await db
    .updateTable('invoices')
    .set({
      status: 'pending',
      receipt_data: fields.receipt_data,
      review_fields: JSON.stringify(fields.review_fields),
      review_expires_at: fields.review_expires_at,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1 ? findInvoice(db, id) : undefined;
}

/** pending → processing for the confirmed invoice, only while it is pending and its review has not expired. */
export async function markConfirmed(
  db: DbOrTrx,
  id: string,
  now: string,
  confirmHash: string,
): Promise<InvoicesTable | undefined> {
  const res = await db
    .updateTable('invoices')
    .set({ status: 'processing', confirmed_at: now, confirm_hash: confirmHash, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('review_expires_at', '>', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1 ? findInvoice(db, id) : undefined;
}

/** Touches a pending, unexpired invoice so a correction can only land while it is still open. */
export async function touchPending(db: DbOrTrx, id: string, now: string): Promise<boolean> {
  const res = await db
    .updateTable('invoices')
    .set({ updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('review_expires_at', '>', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export type NewCorrection = Omit<InvoiceCorrectionsTable, 'id' | 'seq'>;

/**
 * Appends corrections after the invoice's last one. Call in the transaction that just updated the invoice
 * row, whose lock keeps two writers from taking the same sequence numbers.
 */
export async function insertCorrections(db: DbOrTrx, invoiceId: string, rows: NewCorrection[]) {
  if (rows.length === 0) return;
  const last = await db
    .selectFrom('invoice_corrections')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('invoice_id', '=', invoiceId)
    .executeTakeFirst();
  const from = Number(last?.seq ?? 0);
  await db
    .insertInto('invoice_corrections')
    .values(rows.map((r, i) => ({ ...r, id: randomUUID(), seq: from + i + 1 })))
    .execute();
}

/** Oldest first: applying them in this order gives the current values. */
export const listCorrections = (db: DbOrTrx, invoiceId: string): Promise<InvoiceCorrectionsTable[]> =>
  db
    .selectFrom('invoice_corrections')
    .selectAll()
    .where('invoice_id', '=', invoiceId)
    .orderBy('seq')
    .execute();

/** The reading stored with the invoice (receipt_data holds it without the OCR text). */
export function storedReading(inv: InvoicesTable): ReceiptData | null {
  if (!inv.receipt_data) return null;
  const parsed = JSON.parse(inv.receipt_data) as Omit<ReceiptData, 'text'>;
  return { ...parsed, text: '', timings: parsed.timings ?? {} };
}

export const reviewFieldsOf = (inv: InvoicesTable): KeyField[] =>
  inv.review_fields ? (JSON.parse(inv.review_fields) as KeyField[]) : [];

/** Pending invoices of a person, newest first (the bots' card list). */
export const listPendingInvoices = (db: DbOrTrx, profileId: string, n: number): Promise<InvoicesTable[]> =>
  db
    .selectFrom('invoices')
    .selectAll()
    .where('profile_id', '=', profileId)
    .where('status', '=', 'pending')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(n)
    .execute();
