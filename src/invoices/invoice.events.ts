import type { DbOrTrx } from '../db/db.js';
import type { InvoicesTable } from '../db/schema.js';

/**
 * Listeners of invoice status changes (the chat bots, integrators' webhooks). Each is called inside the
 * transaction that changes the status, so whatever a listener writes (a chat outbox row, a webhook delivery)
 * commits atomically with the status: nothing is lost to a crash, nothing is told that did not happen.
 */
export interface InvoiceEvents {
  /** The invoice became completed or failed (also a pending one cancelled or expired). */
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
