import type { DbOrTrx } from '../db/db.js';
import type { InvoiceStatus, InvoicesTable } from '../db/schema.js';

/** Queries on the invoices table. Status changes are conditional on 'processing' so they happen once. */
export const findInvoice = (db: DbOrTrx, id: string): Promise<InvoicesTable | undefined> =>
  db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();

export const findByIdempotencyKey = (
  db: DbOrTrx,
  createdByProfileId: string,
  key: string,
): Promise<InvoicesTable | undefined> =>
  db
    .selectFrom('invoices')
    .selectAll()
    .where('created_by_profile_id', '=', createdByProfileId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();

export async function insertInvoice(db: DbOrTrx, row: InvoicesTable): Promise<void> {
  await db.insertInto('invoices').values(row).execute();
}

export type CompletedFields = Pick<
  InvoicesTable,
  'amount_cents' | 'vendor' | 'vendor_rfc' | 'uuid' | 'receipt_data' | 'xml_key' | 'pdf_key'
>;

/** Returns the updated row, or undefined when the invoice was no longer processing. */
export async function markCompleted(
  db: DbOrTrx,
  id: string,
  now: string,
  fields: CompletedFields,
): Promise<InvoicesTable | undefined> {
  const res = await db
    .updateTable('invoices')
    .set({ ...fields, status: 'completed', completed_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1 ? findInvoice(db, id) : undefined;
}

export async function markFailed(
  db: DbOrTrx,
  id: string,
  now: string,
  failure: { code: string; reason: string; receiptData?: string | null },
  from: InvoiceStatus = 'processing',
): Promise<InvoicesTable | undefined> {
  const res = await db
    .updateTable('invoices')
    .set({
      status: 'failed',
      failure_code: failure.code,
      failure_reason: failure.reason,
      ...(failure.receiptData !== undefined ? { receipt_data: failure.receiptData } : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1 ? findInvoice(db, id) : undefined;
}
