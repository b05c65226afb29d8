import type { Issuer } from './cfdi/issuer.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Db } from './db/db.js';
import type { InvoiceEvents } from './invoices/invoice.events.js';
import type { Logger } from './logger.js';
import type { ReceiptReader } from './receipts/receipt.types.js';
import type { Storage } from './storage/storage.js';
import type { HostResolver } from './webhooks/webhooks.url.js';

/**
 * Everything slow, external or nondeterministic, built once in main.ts (or by a test) and passed down.
 * Services take only the parts they use: `(deps: Pick<Deps, 'db' | 'clock'>, input)`.
 */
export interface Deps {
  config: Config;
  db: Db;
  clock: Clock;
  logger: Logger;
  storage: Storage;
  readReceipt: ReceiptReader;
  issuer: Issuer;
  /** Listeners told when an invoice job finishes (the chat bots). */
  invoiceEvents?: InvoiceEvents;
  /** DNS lookups for webhook URLs; the system resolver when unset. */
  resolveHost?: HostResolver;
}
