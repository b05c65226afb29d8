import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Clock } from '../clock.js';
import type { Db, DbOrTrx } from '../db/db.js';
import type { AccountType, LedgerKind } from '../db/schema.js';
import { AppError } from '../errors.js';

export interface Account {
  type: AccountType;
  id: string;
}

const tableOf = (type: AccountType) => (type === 'org' ? 'organizations' : 'profiles');

export async function balanceOf(db: DbOrTrx, account: Account): Promise<number> {
  const row = await db
    .selectFrom(tableOf(account.type))
    .select('credits_remaining')
    .where('id', '=', account.id)
    .executeTakeFirst();
  if (!row)
    throw new AppError('NotFound', `${account.type === 'org' ? 'Organization' : 'Profile'} not found`);
  return row.credits_remaining;
}

interface Movement {
  kind: LedgerKind;
  delta: number;
  invoiceId?: string | null;
  reason?: string | null;
}

/**
 * Moves the balance and writes the ledger row in the caller's transaction. The balance update is a single
 * conditional UPDATE (`credits_remaining + delta >= 0`), so concurrent charges serialize on the row and
 * can never take it below zero, on SQLite and on PostgreSQL alike.
 */
async function move(trx: DbOrTrx, clock: Clock, account: Account, m: Movement): Promise<number> {
  const table = tableOf(account.type);
  const res = await trx
    .updateTable(table)
    .set({ credits_remaining: sql<number>`credits_remaining + ${m.delta}` })
    .where('id', '=', account.id)
    .where(sql<boolean>`credits_remaining + ${m.delta} >= 0`)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) {
    const exists = await trx.selectFrom(table).select('id').where('id', '=', account.id).executeTakeFirst();
    if (!exists)
      throw new AppError('NotFound', `${account.type === 'org' ? 'Organization' : 'Profile'} not found`);
    throw new AppError(
      'InsufficientCredits',
      account.type === 'org' ? 'The organization has no credits left' : 'No credits left',
    );
  }
  const balanceAfter = await balanceOf(trx, account);
  await trx
    .insertInto('credit_ledger')
    .values({
      id: randomUUID(),
      account_type: account.type,
      account_id: account.id,
      kind: m.kind,
      delta: m.delta,
      balance_after: balanceAfter,
      invoice_id: m.invoiceId ?? null,
      reason: m.reason ?? null,
      created_at: clock.now().toISOString(),
    })
    .execute();
  return balanceAfter;
}

/** Takes one credit for an invoice. Call inside the transaction that creates the invoice row. */
export const chargeForInvoice = (trx: DbOrTrx, clock: Clock, account: Account, invoiceId: string) =>
  move(trx, clock, account, { kind: 'charge', delta: -1, invoiceId });

/**
 * Returns the credit of a failed invoice exactly once: the ledger's unique (invoice_id, kind) index makes a
 * second refund impossible, and we check first so the common retry path does not rely on the exception.
 * Call it inside the transaction that marks the invoice failed.
 */
export async function refundInvoice(
  trx: DbOrTrx,
  clock: Clock,
  invoiceId: string,
  reason: string,
): Promise<boolean> {
  const rows = await trx
    .selectFrom('credit_ledger')
    .selectAll()
    .where('invoice_id', '=', invoiceId)
    .where('kind', 'in', ['charge', 'refund'])
    .execute();
  const charge = rows.find((r) => r.kind === 'charge');
  if (!charge || rows.some((r) => r.kind === 'refund')) return false;
  await move(
    trx,
    clock,
    { type: charge.account_type, id: charge.account_id },
    { kind: 'refund', delta: 1, invoiceId, reason },
  );
  return true;
}

export function grantCredits(
  db: Db,
  clock: Clock,
  account: Account,
  amount: number,
  reason?: string,
): Promise<number> {
  return db.transaction().execute((trx) => grantCreditsIn(trx, clock, account, amount, reason));
}

/** The credits a new profile or organization starts with, granted in the transaction that creates it. */
export async function initialCredits(
  trx: DbOrTrx,
  clock: Clock,
  account: Account,
  credits: number,
): Promise<number> {
  return credits > 0 ? grantCreditsIn(trx, clock, account, credits, 'initial credits') : 0;
}

/** grantCredits inside the caller's transaction, so the credits exist exactly when the caller's rows do. */
export async function grantCreditsIn(
  trx: DbOrTrx,
  clock: Clock,
  account: Account,
  amount: number,
  reason?: string,
): Promise<number> {
  validAmount(amount);
  return move(trx, clock, account, { kind: amount > 0 ? 'grant' : 'adjust', delta: amount, reason });
}

function validAmount(amount: number): void {
  if (!Number.isInteger(amount) || amount === 0) {
    throw new AppError('ValidationError', 'amount must be a non-zero integer');
  }
}
