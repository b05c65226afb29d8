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
  /** The invoice became pending: it waits for the person to confirm or correct its key fields. */
  onPendingReview?(trx: DbOrTrx, invoice: InvoicesTable): Promise<void>;
}
