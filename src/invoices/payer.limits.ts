import type { Config } from '../config.js';
import { type Account, balanceOf } from '../credits/credits.service.js';
import type { DbOrTrx } from '../db/db.js';
import { AppError, RetryLater } from '../errors.js';

/** An invoice takes seconds to produce: a payer at the cap can try again shortly. */
const BUSY_RETRY_SECONDS = 30;

/** Invoices the account pays for that are still being produced. */
export async function processingCount(db: DbOrTrx, account: Account): Promise<number> {
  const row = await db
    .selectFrom('invoices')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('charged_account_type', '=', account.type)
    .where('charged_account_id', '=', account.id)
    .where('status', '=', 'processing')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * One payer may not hold more than MAX_PROCESSING_PER_PAYER invoices in the queue: a flood of receipts from one
 * account waits at the door instead of in front of everybody else's.
 */
export async function checkPayerNotBusy(
  deps: { db: DbOrTrx; config: Pick<Config, 'MAX_PROCESSING_PER_PAYER'> },
  account: Account,
): Promise<void> {
  const cap = deps.config.MAX_PROCESSING_PER_PAYER;
  const n = await processingCount(deps.db, account);
  if (n >= cap) {
    throw new RetryLater(
      `${n} invoices are already processing for this account (at most ${cap} at once); retry when one finishes`,
      BUSY_RETRY_SECONDS,
    );
  }
}

/** Before anything is downloaded or queued for a payer: a credit to spend and room in the queue. */
export async function checkPayerCanQueue(
  deps: { db: DbOrTrx; config: Pick<Config, 'MAX_PROCESSING_PER_PAYER'> },
  account: Account,
): Promise<void> {
  if ((await balanceOf(deps.db, account)) < 1) {
    throw new AppError(
      'InsufficientCredits',
      account.type === 'org' ? 'The organization has no credits left' : 'No credits left',
    );
  }
  await checkPayerNotBusy(deps, account);
}
