import { type IssuedCfdi, issueCfdi } from '../cfdi/cfdi.service.js';
import { refundInvoice } from '../credits/credits.service.js';
import type { DbOrTrx } from '../db/db.js';
import type { InvoicesTable } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { isAppError } from '../errors.js';
import { enqueue } from '../jobs/queue.js';
import type { JobHandler } from '../jobs/worker.js';
import { findProfileById, getTaxInfo } from '../profiles/profiles.repo.js';
import { type ReceiptData, UnreadableImage } from '../receipts/receipt.types.js';
import { type KeyField, reviewFields } from '../receipts/review.js';
import { InvoiceFailure } from './invoice.failure.js';
import { findInvoice, markCompleted, markFailed } from './invoices.repo.js';
import { findMerchant, findMerchantRfcByName, learnMerchant, tenantOf } from './merchants.repo.js';
import { listCorrections, markPending, storedReading } from './review.repo.js';
import { applyCorrections } from './review.values.js';

export type PdfRenderer = (cfdi: IssuedCfdi, opts: { sandbox: boolean }) => Buffer | Promise<Buffer>;

export type InvoiceJobDeps = Pick<
  Deps,
  'db' | 'clock' | 'storage' | 'readReceipt' | 'issuer' | 'invoiceEvents' | 'logger' | 'config'
> & { renderPdf: PdfRenderer };

/** Fails a pending invoice whose review time ran out (scheduled at its deadline when it went to pending). */
export const REVIEW_EXPIRY_JOB = 'invoice.review_expiry';

const ms = (t0: number) => Math.round((performance.now() - t0) * 10) / 10;

/** Receipt data as stored on the invoice: the fields read, minus the bulky OCR text, plus stage timings. */
function receiptJson(receipt: ReceiptData, timings: Record<string, number>): string {
  const { text: _text, ...fields } = receipt;
  return JSON.stringify({ ...fields, timings: { ...receipt.timings, ...timings } });
}

/** The stored reading with the timings of the stages that ran since (sealing, PDF, storage). */
function withTimings(stored: string, timings: Record<string, number>): string {
  const parsed = JSON.parse(stored) as { timings?: Record<string, number> };
  return JSON.stringify({ ...parsed, timings: { ...parsed.timings, ...timings } });
}

interface Reading {
  receipt: ReceiptData;
  timings: Record<string, number>;
  /** receipt_data to store: the reading as it came (a confirmed invoice keeps the one it was reviewed on). */
  stored: string;
  corrected: boolean;
}

/** Image → receipt fields, with an unread RFC filled from the directory by the exact razón social. */
async function readTicket(deps: InvoiceJobDeps, inv: InvoicesTable): Promise<Reading> {
  // Time from acceptance to the job starting: the queue wait (bench figures).
  const wait = deps.clock.now().getTime() - new Date(inv.created_at).getTime();
  const image = await deps.storage.get(inv.receipt_key).catch((e: unknown) => {
    if (isAppError(e) && e.code === 'NotFound')
      throw new InvoiceFailure('unreadable_receipt', 'The receipt image is no longer stored');
    throw e;
  });
  const t0 = performance.now();
  const read = await deps.readReceipt(image).catch((e: unknown) => {
    // Bytes that cannot be decoded fail the same way on every attempt: refund now instead of retrying.
    if (e instanceof UnreadableImage) throw new InvoiceFailure('unreadable_receipt', e.message);
    throw e;
  });
  const timings = { wait, read: ms(t0) };
  // An RFC the OCR could not read, for a company the catalog or the payer's directory knows by its razón social.
  const knownRfc = read.vendor_rfc
    ? null
    : await findMerchantRfcByName(deps.db, tenantOf(inv), read.vendor_name);
  const receipt = knownRfc ? { ...read, vendor_rfc: knownRfc } : read;
  return { receipt, timings, stored: receiptJson(receipt, timings), corrected: false };
}

/** A confirmed invoice is sealed from the reading it was reviewed on plus the person's corrections. */
async function reviewedTicket(deps: InvoiceJobDeps, inv: InvoicesTable): Promise<Reading> {
  const reading = storedReading(inv);
  if (!reading) throw new InvoiceFailure('internal', 'The reviewed reading of this invoice is missing');
  const corrections = await listCorrections(deps.db, inv.id);
  const receipt = applyCorrections(reading, corrections);
  const corrected = corrections.some((c) => c.field === 'vendor_rfc' || c.field === 'vendor_name');
  return { receipt, timings: {}, stored: inv.receipt_data ?? '', corrected };
}

/** Receipt fields → sealed CFDI → PDF → files. Throws InvoiceFailure for permanent problems. */
async function produce(deps: InvoiceJobDeps, inv: InvoicesTable, receipt: ReceiptData) {
  const { storage, clock } = deps;
  const profile = await findProfileById(deps.db, inv.profile_id);
  const tax = await getTaxInfo(deps.db, inv.profile_id);
  if (!profile)
    throw new InvoiceFailure('receptor_incomplete', 'The profile of this invoice no longer exists');
  const merchant = await findMerchant(deps.db, tenantOf(inv), receipt.vendor_rfc);
  let t0 = performance.now();
  const cfdi = await issueCfdi(deps.issuer, {
    receipt,
    receptor: {
      rfc: profile.rfc,
      nombre: tax?.taxpayer ?? '',
      codigoPostal: tax?.postal_code ?? '',
      regimenFiscal: tax?.fiscal_regimen ?? '',
    },
    usoCfdi: inv.cfdi_usage,
    expenseDescription: inv.expense_description,
    fecha: clock.now(),
    merchant,
  });
  const cfdiMs = ms(t0);
  t0 = performance.now();
  const pdf = await deps.renderPdf(cfdi, { sandbox: deps.issuer.mode === 'sandbox' });
  const pdfMs = ms(t0);
  t0 = performance.now();
  const xmlKey = `invoices/${inv.id}/${cfdi.uuid}.xml`;
  const pdfKey = `invoices/${inv.id}/${cfdi.uuid}.pdf`;
  await storage.put(xmlKey, cfdi.xml);
  await storage.put(pdfKey, pdf);
  return { cfdi, xmlKey, pdfKey, timings: { cfdi: cfdiMs, pdf: pdfMs, store: ms(t0) } };
}

/** Whether a fresh reading waits for the person: the creation's review mode and reviewFields decide. */
function needsReview(deps: InvoiceJobDeps, inv: InvoicesTable, receipt: ReceiptData): KeyField[] | null {
  if (inv.review_mode === 'never') return null;
  const unsure = reviewFields(receipt, deps.config.REVIEW_THRESHOLD);
  return unsure.length > 0 || inv.review_mode === 'always' ? unsure : null;
}

/** processing → pending with the reading stored, the expiry job queued and listeners told, atomically. */
async function holdForReview(deps: InvoiceJobDeps, inv: InvoicesTable, reading: Reading, unsure: KeyField[]) {
  const now = deps.clock.now();
  const expires = new Date(now.getTime() + deps.config.REVIEW_TTL_HOURS * 3600_000);
  await deps.db.transaction().execute(async (trx) => {
    const row = await markPending(trx, inv.id, now.toISOString(), {
      receipt_data: reading.stored,
      review_fields: unsure,
      review_expires_at: expires.toISOString(),
    });
    if (!row) return;
    await enqueue(trx, deps.clock, {
      kind: REVIEW_EXPIRY_JOB,
      payload: { invoiceId: inv.id },
      runAt: expires,
    });
    await deps.invoiceEvents?.onPendingReview?.(trx, row);
  });
  deps.logger.info({ invoiceId: inv.id, unsure }, 'invoice waits for review');
}

type FailDeps = Pick<Deps, 'clock' | 'invoiceEvents'>;
type Failure = { code: string; reason: string };

/**
 * Marks the invoice failed, returns its credit (once) and tells the listeners, in the caller's transaction.
 * Returns the failed row, or undefined when the invoice had already left `from` (nothing was done).
 */
export async function failWithin(
  trx: DbOrTrx,
  deps: FailDeps,
  invoiceId: string,
  failure: Failure,
  from: 'processing' | 'pending' = 'processing',
): Promise<InvoicesTable | undefined> {
  const row = await markFailed(trx, invoiceId, deps.clock.now().toISOString(), failure, from);
  if (!row) return undefined; // already finished: nothing to refund twice
  await refundInvoice(trx, deps.clock, invoiceId, `invoice failed: ${failure.code}`);
  await deps.invoiceEvents?.onFinished(trx, row);
  return row;
}

/** failWithin in a transaction of its own. */
export const failInvoice = (
  deps: FailDeps & Pick<Deps, 'db'>,
  invoiceId: string,
  failure: Failure,
  from: 'processing' | 'pending' = 'processing',
): Promise<InvoicesTable | undefined> =>
  deps.db.transaction().execute((trx) => failWithin(trx, deps, invoiceId, failure, from));

export async function runInvoiceJob(deps: InvoiceJobDeps, invoiceId: string): Promise<void> {
  const inv = await findInvoice(deps.db, invoiceId);
  if (inv?.status !== 'processing') return; // finished (or waiting for review) since an earlier attempt
  let reading: Reading;
  let produced: Awaited<ReturnType<typeof produce>>;
  try {
    reading = inv.confirmed_at ? await reviewedTicket(deps, inv) : await readTicket(deps, inv);
    const unsure = inv.confirmed_at ? null : needsReview(deps, inv, reading.receipt);
    if (unsure) return holdForReview(deps, inv, reading, unsure);
    produced = await produce(deps, inv, reading.receipt);
  } catch (e) {
    if (!(e instanceof InvoiceFailure)) throw e; // transient: the queue retries with backoff
    deps.logger.info({ invoiceId, code: e.code }, 'invoice failed');
    await failInvoice(deps, invoiceId, { code: e.code, reason: e.message });
    return;
  }
  const { receipt } = reading;
  const { cfdi, xmlKey, pdfKey } = produced;
  const timings = { ...reading.timings, ...produced.timings };
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now().toISOString();
    const row = await markCompleted(trx, invoiceId, now, {
      amount_cents: cfdi.comprobante.total,
      vendor: receipt.vendor_name ?? cfdi.comprobante.emisor.nombre,
      vendor_rfc: cfdi.comprobante.emisor.rfc,
      uuid: cfdi.uuid,
      receipt_data: withTimings(reading.stored, timings),
      xml_key: xmlKey,
      pdf_key: pdfKey,
    });
    if (!row) return;
    // A person's correction of the emisor is theirs alone: it does not teach the payer's directory.
    if (!reading.corrected) await learnMerchant(trx, tenantOf(inv), receipt, now);
    await deps.invoiceEvents?.onFinished(trx, row);
  });
  deps.logger.info(
    { invoiceId, uuid: cfdi.uuid, timings: { ...receipt.timings, ...timings } },
    'invoice completed',
  );
}

/** The queue handler: retries transient errors; when attempts run out the invoice fails as 'internal'. */
export function invoiceJobHandler(deps: InvoiceJobDeps): JobHandler {
  const idOf = (payload: unknown) => (payload as { invoiceId: string }).invoiceId;
  return {
    run: (payload) => runInvoiceJob(deps, idOf(payload)),
    exhausted: (payload, error) => {
      deps.logger.error({ invoiceId: idOf(payload), error }, 'invoice job gave up');
      return failInvoice(deps, idOf(payload), {
        code: 'internal',
        reason: 'The invoice could not be produced because of an internal error; the credit was returned',
      }).then(() => undefined);
    },
  };
}
