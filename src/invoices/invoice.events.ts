import type { DbOrTrx } from '../db/db.js';
import type { InvoicesTable } from '../db/schema.js';

/**
 * Called by the invoice job inside the transaction that moves an invoice to completed or failed, so whatever
 * a listener writes (e.g. a chat outbox row) commits atomically with the status: nothing is lost to a crash.
 */
export interface InvoiceEvents {
  onFinished(trx: DbOrTrx, invoice: InvoicesTable): Promise<void>;
  /** Called in the transaction that moves an invoice to `pending` (waiting for the person's review). */
  onPendingReview?(trx: DbOrTrx, invoice: InvoicesTable): Promise<void>;
}

/** Several listeners as one: each runs in turn inside the same transaction, so all commit or none does. */
export function composeInvoiceEvents(...listeners: InvoiceEvents[]): InvoiceEvents {
  return {
    async onFinished(trx, invoice) {
      for (const l of listeners) await l.onFinished(trx, invoice);
    },
    async onPendingReview(trx, invoice) {
      for (const l of listeners) await l.onPendingReview?.(trx, invoice);
    },
  };
}
