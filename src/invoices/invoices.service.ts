import { randomUUID } from 'node:crypto';
import { isGenericRfc, rfcKind } from '../catalogs/rfc.js';
import { isValidUsoCfdi, RETIRED_USOS_CFDI, taxCodesProblem } from '../catalogs/sat.catalogs.js';
import { type Account, chargeForInvoice } from '../credits/credits.service.js';
import type { DbOrTrx } from '../db/db.js';
import type { InvoicesTable, ReviewMode } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { conflict, forbidden, notFound, validationError } from '../errors.js';
import { enqueue, notifyJobEnqueued } from '../jobs/queue.js';
import { findProfileById, getTaxInfo } from '../profiles/profiles.repo.js';
import { checkReceiptImage } from './intake.js';
import { findByIdempotencyKey, findInvoice, insertInvoice } from './invoices.repo.js';
import { checkPayerNotBusy } from './payer.limits.js';

export const INVOICE_JOB = 'invoice.issue';

export interface CreateInvoiceInput {
  ownerProfileId: string;
  createdByProfileId: string;
  chargeTo: Account;
  orgId: string | null;
  /** Decoded image bytes (intake already ran decodeReceiptImage). */
  image: Buffer;
  cfdiUsage: string;
  expenseDescription?: string | null;
  source: 'api' | 'telegram' | 'whatsapp';
  chat?: { channel: 'telegram' | 'whatsapp'; chatId: string } | null;
  idempotencyKey?: string | null;
  /** Hash of the request body, so a reused Idempotency-Key with another body is refused. */
  requestHash?: string | null;
  /** When the reading waits for the person's confirmation (decisions.md §6b); default 'auto'. */
  review?: ReviewMode;
}

type CreateDeps = Pick<Deps, 'db' | 'clock' | 'storage' | 'config'>;

/**
 * The receptor's tax information must be complete and the use allowed for its regime before a credit is
 * taken: the job would otherwise fail for a reason the person could have fixed at once.
 */
async function checkReceptor(db: DbOrTrx, profileId: string, uso: string): Promise<void> {
  if (!isValidUsoCfdi(uso)) {
    const message = RETIRED_USOS_CFDI[uso] ?? `cfdi_usage ${uso} is not a CFDI 4.0 use code (c_UsoCFDI)`;
    throw validationError(message, [{ path: 'cfdi_usage', message }]);
  }
  const profile = await findProfileById(db, profileId);
  if (!profile) throw notFound('Profile');
  const tax = await getTaxInfo(db, profileId);
  const missing = [
    !tax?.taxpayer?.trim() && 'taxpayer (legal name)',
    !/^\d{5}$/.test(tax?.postal_code?.trim() ?? '') && 'postal_code',
    !tax?.fiscal_regimen?.trim() && 'fiscal_regimen',
  ].filter((m): m is string => typeof m === 'string');
  if (missing.length > 0) {
    throw validationError(
      `The tax information of ${profile.rfc} is incomplete: missing ${missing.join(', ')}. Update it with PATCH /api/profile/${profile.rfc}/tax-info`,
      missing.map((m) => ({ path: `tax_info.${m.split(' ')[0]}`, message: 'missing' })),
    );
  }
  const problem = taxCodesProblem({
    regimen: tax!.fiscal_regimen,
    uso,
    kind: rfcKind(profile.rfc),
    generic: isGenericRfc(profile.rfc),
  });
  if (problem) {
    const path = problem.field === 'uso' ? 'cfdi_usage' : 'tax_info.fiscal_regimen';
    throw validationError(problem.message, [{ path, message: problem.message }]);
  }
}

/** Same key: the same invoice if the body matches (no new charge), Conflict if it does not. */
function replay(existing: InvoicesTable, input: CreateInvoiceInput): InvoicesTable {
  if ((existing.request_hash ?? null) !== (input.requestHash ?? null)) {
    throw conflict('Idempotency-Key was already used with a different request body');
  }
  return existing;
}

const isUniqueViolation = (e: unknown) => /unique/i.test(String((e as Error)?.message ?? ''));

/** The invoice as accepted: processing, with nothing read from the receipt yet. */
function acceptedInvoice(
  input: CreateInvoiceInput,
  id: string,
  receiptKey: string,
  now: string,
): InvoicesTable {
  return {
    id,
    profile_id: input.ownerProfileId,
    org_id: input.orgId,
    charged_account_type: input.chargeTo.type,
    charged_account_id: input.chargeTo.id,
    created_by_profile_id: input.createdByProfileId,
    source: input.source,
    status: 'processing',
    amount_cents: null,
    currency: 'MXN',
    vendor: null,
    vendor_rfc: null,
    cfdi_usage: input.cfdiUsage,
    expense_description: input.expenseDescription?.trim() || null,
    uuid: null,
    failure_reason: null,
    failure_code: null,
    receipt_key: receiptKey,
    receipt_data: null,
    xml_key: null,
    pdf_key: null,
    idempotency_key: input.idempotencyKey ?? null,
    request_hash: input.requestHash ?? null,
    chat_channel: input.chat?.channel ?? null,
    chat_id: input.chat?.chatId ?? null,
    created_at: now,
    updated_at: now,
    completed_at: null,
    review_mode: input.review ?? 'auto',
    review_fields: null,
    review_expires_at: null,
    confirmed_at: null,
    confirm_hash: null,
  };
}

/**
 * Inserts the invoice, takes the credit and enqueues its job in one transaction, so none happens without the
 * others; an invoice committed meanwhile under the same key is replayed instead.
 */
function commitInvoice(
  deps: Pick<CreateDeps, 'db' | 'clock' | 'config'>,
  input: CreateInvoiceInput,
  row: InvoicesTable,
): Promise<InvoicesTable> {
  const { clock } = deps;
  const key = row.idempotency_key;
  return deps.db.transaction().execute(async (trx) => {
    if (key) {
      const existing = await findByIdempotencyKey(trx, input.createdByProfileId, key);
      if (existing) return replay(existing, input);
    }
    await insertInvoice(trx, row);
    await chargeForInvoice(trx, clock, input.chargeTo, row.id);
    await enqueue(trx, clock, {
      kind: INVOICE_JOB,
      payload: { invoiceId: row.id },
      maxAttempts: deps.config.JOB_MAX_ATTEMPTS,
      payerKey: `${input.chargeTo.type}:${input.chargeTo.id}`,
    });
    return row;
  });
}

/**
 * Accepts a receipt: one transaction inserts the invoice (processing), takes the credit and enqueues the job.
 * The image is stored first and deleted again if the transaction does not commit, so nothing is orphaned.
 */
export async function createInvoice(deps: CreateDeps, input: CreateInvoiceInput): Promise<InvoicesTable> {
  const { db, clock, storage } = deps;
  const key = input.idempotencyKey ?? null;
  if (key) {
    const existing = await findByIdempotencyKey(db, input.createdByProfileId, key);
    if (existing) return replay(existing, input);
  }
  const image = await checkReceiptImage(input.image, deps.config.MAX_IMAGE_PIXELS);
  await checkReceptor(db, input.ownerProfileId, input.cfdiUsage);
  await checkPayerNotBusy(deps, input.chargeTo);

  const id = randomUUID();
  const receiptKey = `receipts/${id}.${image.format === 'png' ? 'png' : 'jpg'}`;
  await storage.put(receiptKey, input.image);
  const row = acceptedInvoice(input, id, receiptKey, clock.now().toISOString());
  try {
    const result = await commitInvoice(deps, input, row);
    if (result.id !== id) await storage.delete(receiptKey);
    else notifyJobEnqueued();
    return result;
  } catch (e) {
    await storage.delete(receiptKey).catch(() => {});
    // Two requests with one key raced past the first check: the loser answers like a replay.
    if (key && isUniqueViolation(e)) {
      const existing = await findByIdempotencyKey(db, input.createdByProfileId, key);
      if (existing) return replay(existing, input);
    }
    throw e;
  }
}

export type Viewer = { id: string; org_id: string | null; is_admin: number };

/**
 * An invoice as its owner, or an admin of the organization it was made in, may see it. A fellow member of
 * that organization learns only that it is not theirs (403, decisions.md §4); anyone else: 404.
 */
export async function getInvoiceForViewer(
  db: DbOrTrx,
  viewer: Viewer,
  invoiceId: string,
): Promise<InvoicesTable> {
  const inv = await findInvoice(db, invoiceId);
  if (!inv) throw notFound('Invoice');
  if (inv.profile_id === viewer.id) return inv;
  if (inv.org_id && inv.org_id === viewer.org_id) {
    if (viewer.is_admin === 1) return inv;
    throw forbidden("Only an admin of the organization may see other members' invoices");
  }
  throw notFound('Invoice');
}

/** Invoices of one member made within one organization, newest first, with the exact total. */
export async function listMemberInvoices(
  db: DbOrTrx,
  q: { orgId: string; profileId: string; limit: number; offset: number },
): Promise<{ rows: InvoicesTable[]; total: number }> {
  const base = db.selectFrom('invoices').where('org_id', '=', q.orgId).where('profile_id', '=', q.profileId);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string | bigint>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The person's latest invoices, whoever paid (the bots' /facturas). */
export const listRecentInvoices = (db: DbOrTrx, profileId: string, n: number): Promise<InvoicesTable[]> =>
  db
    .selectFrom('invoices')
    .selectAll()
    .where('profile_id', '=', profileId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(n)
    .execute();
