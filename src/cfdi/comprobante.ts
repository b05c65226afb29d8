import { InvoiceFailure } from '../invoices/invoice.failure.js';
import type { PaymentMethod, ReceiptFields } from '../receipts/receipt.types.js';
import type { Comprobante, Concepto, Traslado } from './comprobante.types.js';
import { buildConceptos } from './conceptos.js';
import { emisorFromReceipt, type MerchantInfo } from './emisor.js';
import { cfdiFecha } from './fecha.js';
import { type ReceptorInput, receptorFor } from './receptor.js';

export interface CfdiInput {
  /** Amounts in integer cents. */
  receipt: ReceiptFields;
  receptor: ReceptorInput;
  usoCfdi: string;
  expenseDescription?: string | null;
  /** Issue time; Fecha is this in Mexico City time (SAT stamps only CFDI dated within the last 72 hours). */
  fecha: Date;
  merchant?: MerchantInfo | null;
}

/** c_FormaPago. Tickets say "card" without credit/debit more often than not: 04 (crédito) is the usual choice. */
const FORMA_PAGO: Record<PaymentMethod, string> = { cash: '01', card: '04', other: '99' };

/** Comprobante-level Traslados: concepto taxes grouped by impuesto and rate (IVA before IEPS, higher rate first). */
function groupTraslados(conceptos: Concepto[]): Traslado[] {
  const groups = new Map<string, Traslado>();
  for (const t of conceptos.flatMap((c) => c.traslados)) {
    const key = `${t.impuesto}|${t.tasaOCuota}`;
    const g = groups.get(key);
    if (g) {
      g.base += t.base;
      g.importe += t.importe;
    } else {
      groups.set(key, { ...t });
    }
  }
  return [...groups.values()].sort(
    (a, b) => a.impuesto.localeCompare(b.impuesto) || b.tasaOCuota - a.tasaOCuota,
  );
}

/** Builds the unsealed CFDI 4.0 ingreso for a ticket. Throws InvoiceFailure for what a retry cannot fix. */
export function buildComprobante(input: CfdiInput): Comprobante {
  if (input.receipt.currency && input.receipt.currency.toUpperCase() !== 'MXN') {
    throw new InvoiceFailure(
      'inconsistent_amounts',
      `Only receipts in Mexican pesos can be invoiced (got ${input.receipt.currency})`,
    );
  }
  const { emisor, postalCode } = emisorFromReceipt(input.receipt, input.merchant);
  // LugarExpedicion: the store's postal code; failing that, the receptor's, so a ticket without a legible C.P.
  // can still be invoiced (documented in docs/cfdi.md).
  const receptorCp = /^\d{5}$/.test(input.receptor.codigoPostal?.trim() ?? '')
    ? input.receptor.codigoPostal.trim()
    : null;
  const lugarExpedicion = postalCode ?? receptorCp;
  const receptor = receptorFor(input.receptor, input.usoCfdi, lugarExpedicion);
  if (!lugarExpedicion)
    throw new InvoiceFailure('missing_vendor_data', "The receipt does not show the store's postal code");
  const conceptos = buildConceptos(input.receipt, input.expenseDescription);
  const traslados = groupTraslados(conceptos);
  const subTotal = conceptos.reduce((s, c) => s + c.importe, 0);
  const totalImpuestosTrasladados = traslados.reduce((s, t) => s + t.importe, 0);
  const total = subTotal + totalImpuestosTrasladados;
  if (total !== input.receipt.total) {
    throw new InvoiceFailure(
      'inconsistent_amounts',
      `The CFDI total ${total} does not match the receipt's ${input.receipt.total}`,
    );
  }
  return {
    version: '4.0',
    fecha: cfdiFecha(input.fecha),
    formaPago: FORMA_PAGO[input.receipt.payment_method ?? 'other'],
    subTotal,
    moneda: 'MXN',
    total,
    tipoDeComprobante: 'I',
    exportacion: '01',
    metodoPago: 'PUE',
    lugarExpedicion,
    emisor,
    receptor,
    conceptos,
    impuestos: { totalImpuestosTrasladados, traslados },
  };
}
