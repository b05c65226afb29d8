import type { DbOrTrx } from '../db/db.js';
import type { InvoicesTable } from '../db/schema.js';

/**
 * Called by the invoice job inside the transaction that moves an invoice to completed or failed, so whatever
 * a listener writes (e.g. a chat outbox row) commits atomically with the status: nothing is lost to a crash.
 */
export interface InvoiceEvents {
  onFinished(trx: DbOrTrx, invoice: InvoicesTable): Promise<void>;
}
