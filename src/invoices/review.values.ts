import { isValidRfc, normalizeRfc } from '../catalogs/rfc.js';
import type { InvoiceCorrectionsTable } from '../db/schema.js';
import { type ErrorDetail, validationError } from '../errors.js';
import type { ReceiptData, ReceiptItem } from '../receipts/receipt.types.js';
import { KEY_FIELDS, type KeyField } from '../receipts/review.js';

/** Key-field values a person may set on a pending invoice; total in cents, date YYYY-MM-DD. */
export interface Corrections {
  vendor_name?: string;
  vendor_rfc?: string;
  date?: string;
  total?: number;
}

/** Corrections as a client sends them: total in pesos. */
export interface RawCorrections {
  vendor_name?: string;
  vendor_rfc?: string;
  date?: string;
  total?: number;
}

/** Beyond this (10 million pesos) an amount is not a store ticket; the CFDI builder refuses it too. */
const MAX_TOTAL_CENTS = 1_000_000_000;
const DAY_MS = 24 * 3600 * 1000;
/** A ticket older than this cannot be invoiced as a current expense. */
export const MAX_TICKET_AGE_DAYS = 365;

export function totalProblem(pesos: number): string | null {
  if (!Number.isFinite(pesos) || pesos <= 0) return 'must be an amount greater than 0';
  const cents = Math.round(pesos * 100);
  if (Math.abs(cents - pesos * 100) > 1e-6) return 'must have at most 2 decimals';
  if (cents > MAX_TOTAL_CENTS) return 'is too large for a store ticket';
  return null;
}

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** A real calendar date, not after today (UTC, a day ahead of Mexico at night) nor older than a year. */
export function dateProblem(date: string, now: Date): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!d || Number.isNaN(d.getTime()) || utcDay(d) !== date) return 'must be a real date as YYYY-MM-DD';
  if (date > utcDay(now)) return 'must not be in the future';
  if (date < utcDay(new Date(now.getTime() - MAX_TICKET_AGE_DAYS * DAY_MS)))
    return `must not be more than ${MAX_TICKET_AGE_DAYS} days old`;
  return null;
}

export function rfcProblem(rfc: string): string | null {
  return isValidRfc(normalizeRfc(rfc)) ? null : 'not a valid RFC (pattern and check digit)';
}

/** Validates every correction at once (all problems reported together) and returns them in cents. */
export function validateCorrections(raw: RawCorrections, now: Date): Corrections {
  const out: Corrections = {};
  const details: ErrorDetail[] = [];
  const bad = (field: KeyField, message: string) => details.push({ path: `corrections.${field}`, message });
  if (raw.vendor_name !== undefined) {
    const name = raw.vendor_name.replace(/\s+/g, ' ').trim();
    if (name.length < 1 || name.length > 254) bad('vendor_name', 'must be 1 to 254 characters');
    else out.vendor_name = name;
  }
  if (raw.vendor_rfc !== undefined) {
    const problem = rfcProblem(raw.vendor_rfc);
    if (problem) bad('vendor_rfc', problem);
    else out.vendor_rfc = normalizeRfc(raw.vendor_rfc);
  }
  if (raw.date !== undefined) {
    const problem = dateProblem(raw.date, now);
    if (problem) bad('date', problem);
    else out.date = raw.date;
  }
  if (raw.total !== undefined) {
    const problem = totalProblem(raw.total);
    if (problem) bad('total', problem);
    else out.total = Math.round(raw.total * 100);
  }
  if (details.length > 0) {
    throw validationError(`Invalid corrections: ${details.map((d) => d.path).join(', ')}`, details);
  }
  return out;
}

/** Splits `total` over the items in proportion to their amounts; the largest remainders take the spare cents. */
function rescaleItems(items: ReceiptItem[], from: number, total: number): ReceiptItem[] {
  const exact = items.map((i) => (i.amount * total) / from);
  const floors = exact.map(Math.floor);
  let spare = total - floors.reduce((s, v) => s + v, 0);
  const order = exact.map((v, i) => ({ i, r: v - Math.floor(v) })).sort((a, b) => b.r - a.r);
  for (const { i } of order) {
    if (spare <= 0) break;
    floors[i] = (floors[i] ?? 0) + 1;
    spare -= 1;
  }
  return items.map((item, i) => ({ ...item, amount: floors[i] ?? 0 }));
}

/**
 * A corrected total moves everything that was read in proportion: items (when they added up to the old
 * total), subtotal and taxes, so the CFDI's sums still add up and its rates stay those of the ticket.
 */
export function withTotal(r: ReceiptData, total: number): ReceiptData {
  const old = r.total;
  if (old === null || old <= 0 || old === total) return { ...r, total };
  const scale = (v: number | null) => (v === null ? null : Math.round((v * total) / old));
  const itemsAddUp = r.items.length > 0 && r.items.reduce((s, i) => s + i.amount, 0) === old;
  return {
    ...r,
    total,
    subtotal: scale(r.subtotal),
    iva: scale(r.iva),
    ieps: scale(r.ieps),
    tip: scale(r.tip),
    items: itemsAddUp ? rescaleItems(r.items, old, total) : r.items,
  };
}

/** The text a correction stores for a value (total in pesos with two decimals). */
export function valueText(field: KeyField, v: string | number | null): string | null {
  if (v === null) return null;
  return field === 'total' ? (Number(v) / 100).toFixed(2) : String(v);
}

/** The reading with the person's corrections applied in order; corrected fields count as certain. */
export function applyCorrections(
  reading: ReceiptData,
  corrections: Pick<InvoiceCorrectionsTable, 'field' | 'new_value'>[],
): ReceiptData {
  let r: ReceiptData = { ...reading, confidence: { ...reading.confidence } };
  for (const c of corrections) {
    if (c.field === 'total') r = withTotal(r, Math.round(Number(c.new_value) * 100));
    else r = { ...r, [c.field]: c.new_value };
    r.confidence[c.field] = 1;
  }
  return r;
}

/** Corrections as (field, new value text) in a fixed order, for storage and for recognising a retry. */
export function correctionList(c: Corrections): { field: KeyField; value: string }[] {
  return KEY_FIELDS.filter((f) => c[f] !== undefined).map((f) => ({
    field: f,
    value: valueText(f, c[f] ?? null) ?? '',
  }));
}
