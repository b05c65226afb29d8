import { type IssuedCfdi, issueCfdi } from '../cfdi/cfdi.service.js';
import { refundInvoice } from '../credits/credits.service.js';
import type { InvoicesTable } from '../db/schema.js';
import type { Deps } from '../deps.js';
import type { JobHandler } from '../jobs/worker.js';
import { findProfileById, getTaxInfo } from '../profiles/profiles.repo.js';
import type { ReceiptData } from '../receipts/receipt.types.js';
import { InvoiceFailure } from './invoice.failure.js';
import { findInvoice, markCompleted, markFailed } from './invoices.repo.js';
import { findMerchant, findMerchantRfcByName, learnMerchant, tenantOf } from './merchants.repo.js';

export type PdfRenderer = (cfdi: IssuedCfdi, opts: { sandbox: boolean }) => Buffer | Promise<Buffer>;

export type InvoiceJobDeps = Pick<
  Deps,
  'db' | 'clock' | 'storage' | 'readReceipt' | 'issuer' | 'invoiceEvents' | 'logger'
> & { renderPdf: PdfRenderer };

const ms = (t0: number) => Math.round((performance.now() - t0) * 10) / 10;

/** Receipt data as stored on the invoice: the fields read, minus the bulky OCR text, plus stage timings. */
function receiptJson(receipt: ReceiptData, timings: Record<string, number>): string {
  const { text: _text, ...fields } = receipt;
  return JSON.stringify({ ...fields, timings: { ...receipt.timings, ...timings } });
}

/** Image → receipt fields → sealed CFDI → PDF → files. Throws InvoiceFailure for permanent problems. */
async function produce(deps: InvoiceJobDeps, inv: InvoicesTable) {
  const { storage, clock } = deps;
  // Time from acceptance to the job starting: the queue wait (bench figures).
  const wait = clock.now().getTime() - new Date(inv.created_at).getTime();
  const image = await storage.get(inv.receipt_key);
  let t0 = performance.now();
  const read = await deps.readReceipt(image);
  const readMs = ms(t0);
  // An RFC the OCR could not read, for a company the catalog or the payer's directory knows by its razón social.
  const tenant = tenantOf(inv);
  const knownRfc = read.vendor_rfc ? null : await findMerchantRfcByName(deps.db, tenant, read.vendor_name);
  const receipt = knownRfc ? { ...read, vendor_rfc: knownRfc } : read;
  const profile = await findProfileById(deps.db, inv.profile_id);
  const tax = await getTaxInfo(deps.db, inv.profile_id);
  if (!profile)
    throw new InvoiceFailure('receptor_incomplete', 'The profile of this invoice no longer exists');
  const merchant = await findMerchant(deps.db, tenant, receipt.vendor_rfc);
  t0 = performance.now();
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
  const timings = { wait, read: readMs, cfdi: cfdiMs, pdf: pdfMs, store: ms(t0) };
  return { receipt, cfdi, xmlKey, pdfKey, timings };
}

/** Marks the invoice failed, returns its credit (once) and tells the listeners, all in one transaction. */
export async function failInvoice(
  deps: Pick<Deps, 'db' | 'clock' | 'invoiceEvents'>,
  invoiceId: string,
  failure: { code: string; reason: string },
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await markFailed(trx, invoiceId, deps.clock.now().toISOString(), failure);
    if (!row) return; // already finished: nothing to refund twice
    await refundInvoice(trx, deps.clock, invoiceId, `invoice failed: ${failure.code}`);
    await deps.invoiceEvents?.onFinished(trx, row);
  });
}

export async function runInvoiceJob(deps: InvoiceJobDeps, invoiceId: string): Promise<void> {
  const inv = await findInvoice(deps.db, invoiceId);
  if (inv?.status !== 'processing') return; // finished by an earlier attempt
  let produced: Awaited<ReturnType<typeof produce>>;
  try {
    produced = await produce(deps, inv);
  } catch (e) {
    if (!(e instanceof InvoiceFailure)) throw e; // transient: the queue retries with backoff
    deps.logger.info({ invoiceId, code: e.code }, 'invoice failed');
    return failInvoice(deps, invoiceId, { code: e.code, reason: e.message });
  }
  const { receipt, cfdi, xmlKey, pdfKey, timings } = produced;
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now().toISOString();
    const row = await markCompleted(trx, invoiceId, now, {
      amount_cents: cfdi.comprobante.total,
      vendor: receipt.vendor_name ?? cfdi.comprobante.emisor.nombre,
      vendor_rfc: cfdi.comprobante.emisor.rfc,
      uuid: cfdi.uuid,
      receipt_data: receiptJson(receipt, timings),
      xml_key: xmlKey,
      pdf_key: pdfKey,
    });
    if (!row) return;
    await learnMerchant(trx, tenantOf(inv), receipt, now);
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
      });
    },
  };
}
