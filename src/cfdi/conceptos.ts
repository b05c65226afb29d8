import { InvoiceFailure } from '../invoices/invoice.failure.js';
import type { ReceiptFields, ReceiptItem } from '../receipts/receipt.types.js';
import { type Claves, clavesForItem, WHOLE_TICKET } from './claves.js';
import type { Concepto, Traslado } from './comprobante.types.js';
import { formatCantidad, valorUnitario } from './concepto.amounts.js';
import { cfdiText } from './emisor.js';
import { IEPS_8, IVA_16 } from './money.js';
import { planTaxClasses, splitTotalByClass } from './tax.plan.js';
import { type LineTaxes, shiftIva, splitGross, type TaxClass } from './taxes.js';

/** Amounts beyond this (10 million pesos) are not a store ticket; they would only be an extraction error. */
const MAX_CENTS = 1_000_000_000;

interface Line {
  description: string;
  quantity: number;
  gross: number;
  claves: Claves;
}

/** Items are used only when they account for the whole total to the cent: otherwise a line was misread. */
function reliableItems(items: ReceiptItem[], total: number): boolean {
  if (items.length === 0) return false;
  const ok = items.every(
    (i) =>
      Number.isSafeInteger(i.amount) &&
      i.amount > 0 &&
      Math.round(i.quantity * 1000) > 0 &&
      cfdiText(i.description),
  );
  return ok && items.reduce((s, i) => s + i.amount, 0) === total;
}

function traslados(t: LineTaxes, cls: TaxClass): { importe: number; traslados: Traslado[] } {
  const iva = (base: number, rate: number, importe: number): Traslado => ({
    base,
    impuesto: '002',
    tipoFactor: 'Tasa',
    tasaOCuota: rate,
    importe,
  });
  if (cls === 'iva0') return { importe: t.base, traslados: [iva(t.base, 0, 0)] };
  const list = [iva(t.ivaBase, IVA_16, t.iva)];
  if (cls === 'ieps8_iva16') {
    list.push({ base: t.base, impuesto: '003', tipoFactor: 'Tasa', tasaOCuota: IEPS_8, importe: t.ieps });
  }
  return { importe: t.base, traslados: list };
}

function concepto(line: Line, cls: TaxClass, split = splitGross(line.gross, cls)): Concepto {
  const { importe, traslados: list } = traslados(split, cls);
  const cantidad = formatCantidad(line.quantity);
  return {
    ...line.claves,
    cantidad,
    descripcion: cfdiText(line.description).slice(0, 1000),
    valorUnitario: valorUnitario(importe, cantidad),
    importe,
    objetoImp: '02',
    traslados: list,
  };
}

/**
 * Stores compute IVA on the ticket total, we compute it per line: the sums can differ by a cent or two. Lines
 * whose SAT limits allow it move one cent between base and IVA until the invoice shows the printed IVA
 * (the total never changes).
 */
function matchPrintedIva(splits: LineTaxes[], printedIva: number | null): LineTaxes[] {
  if (printedIva === null) return splits;
  let diff = printedIva - splits.reduce((s, t) => s + t.iva, 0);
  if (diff === 0 || Math.abs(diff) > splits.length) return splits;
  const out = [...splits];
  for (let i = 0; i < out.length && diff !== 0; i++) {
    const current = out[i];
    const moved = current && current.iva > 0 ? shiftIva(current, diff > 0 ? 1 : -1) : null;
    if (moved) {
      out[i] = moved;
      diff -= diff > 0 ? 1 : -1;
    }
  }
  return out;
}

const PART_LABEL: Record<TaxClass, string> = { iva16: 'IVA 16 %', iva0: 'tasa 0 %', ieps8_iva16: 'IEPS 8 %' };

function wholeTicket(receipt: ReceiptFields, total: number, description: string): Concepto[] {
  const line = (gross: number, label?: string): Line => ({
    description: label ? `${description} (${label})` : description,
    quantity: 1,
    gross,
    claves: WHOLE_TICKET,
  });
  const printed = { iva: receipt.iva, ieps: receipt.ieps };
  const single = planTaxClasses([total], printed);
  if (single?.[0]) return [concepto(line(total), single[0])];
  const parts = splitTotalByClass(total, printed);
  if (!parts || parts.length === 0) return [concepto(line(total), 'iva16')];
  if (parts.length === 1 && parts[0]) return [concepto(line(total), parts[0].cls)];
  return parts.map((p) => concepto(line(p.gross, PART_LABEL[p.cls]), p.cls));
}

/**
 * The conceptos for a ticket: its items when they were read reliably, else one concepto for the whole ticket
 * (split by tax rate when the printed taxes show mixed rates). Tickets' prices include taxes; each line is
 * split into base and taxes so the CFDI adds up to the ticket's total to the cent.
 */
export function buildConceptos(receipt: ReceiptFields, expenseDescription?: string | null): Concepto[] {
  const total = receipt.total;
  if (total === null || !Number.isSafeInteger(total) || total <= 0) {
    throw new InvoiceFailure('missing_total', 'The receipt does not show a total amount');
  }
  if (total > MAX_CENTS)
    throw new InvoiceFailure('inconsistent_amounts', 'The total is too large for a store receipt');
  const description =
    cfdiText(expenseDescription ?? '') ||
    (receipt.vendor_store_name ? `Consumo en ${cfdiText(receipt.vendor_store_name)}` : 'Consumo');
  if (!reliableItems(receipt.items, total)) return wholeTicket(receipt, total, description);
  const lines: Line[] = receipt.items.map((i) => ({
    description: i.description,
    quantity: i.quantity,
    gross: i.amount,
    claves: clavesForItem(i.description, i.quantity),
  }));
  const classes = planTaxClasses(
    lines.map((l) => l.gross),
    { iva: receipt.iva, ieps: receipt.ieps },
  );
  if (!classes) return wholeTicket(receipt, total, description);
  const splits = matchPrintedIva(
    lines.map((l, i) => splitGross(l.gross, classes[i] ?? 'iva16')),
    receipt.iva,
  );
  return lines.map((l, i) => concepto(l, classes[i] ?? 'iva16', splits[i]));
}
