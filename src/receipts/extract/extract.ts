import type { FieldName, ReceiptFields } from '../receipt.types.js';
import { extractTotals } from './extract.amounts.js';
import { extractDateTime } from './extract.dates.js';
import { readItems } from './extract.items.js';
import { extractFolio, extractPayment, extractPostalCode, extractRegimen } from './extract.misc.js';
import { blindLettersFromName, extractRfc, moralInitials, nameContradictsRfc } from './extract.rfc.js';
import { type Line, toLines, withoutCompanyType } from './extract.text.js';
import { extractVendor, initialFromRfc, isPersonName, type Vendor } from './extract.vendor.js';

/** extractVendor's confidence for a line ending in a company type whose initials the RFC confirms. */
const COMPANY_NAME = 0.8;

export interface Extraction {
  fields: ReceiptFields;
  confidence: Record<FieldName, number>;
}

/**
 * Pure: OCR text in, fields (amounts in cents) and per-field confidence out. `today` (the reader's clock)
 * decides which purchase dates are plausible.
 */
export function extractFields(text: string, today: Date): Extraction {
  const lines = toLines(text);
  const reading = readItems(lines);
  const read = reading.asRead;
  const itemsSum = read.length ? read.reduce((s, i) => s + i.amount, 0) : null;
  const totals = extractTotals(lines, itemsSum);
  // Line totals OCR misread are put right by the total they must add up to (a tip is no item).
  const withoutTip = totals.total !== null && totals.tip !== null ? totals.total - totals.tip : null;
  const items = reading.fitTo([totals.total, totals.subtotal, withoutTip, totals.gross]);
  const { rfc, vendor } = vendorAndRfc(lines);
  const dt = extractDateTime(lines, today);
  const folio = extractFolio(lines);
  const cp = extractPostalCode(lines);
  const pay = extractPayment(lines);
  const regimen = extractRegimen(lines);
  // Items as read that add up to the total are sure; fitted to it (a few digits assumed misread), less so.
  const itemsRead = itemsSum !== null && itemsSum === totals.total;
  const itemsFitted = items.length > 0 && items.reduce((s, i) => s + i.amount, 0) === totals.total;
  const vendorName = initialSpeltBack(vendor, rfc, lines);
  const fields: ReceiptFields = {
    vendor_name: vendorName,
    vendor_store_name: vendor.storeName,
    vendor_rfc: rfc?.rfc ?? null,
    date: dt.date,
    time: dt.time,
    total: totals.total,
    subtotal: totals.subtotal,
    iva: totals.iva,
    ieps: totals.ieps,
    tip: totals.tip,
    currency: 'MXN',
    payment_method: pay.value,
    folio: folio.value,
    postal_code: cp.value,
    regimen_fiscal: regimen.value,
    items,
  };
  const confidence: Record<FieldName, number> = {
    vendor_name: vendor.nameConfidence,
    vendor_store_name: vendor.storeConfidence,
    vendor_rfc: rfc?.score ?? 0,
    date: dt.dateConfidence,
    time: dt.timeConfidence,
    ...totals.confidence,
    payment_method: pay.confidence,
    folio: folio.confidence,
    postal_code: cp.confidence,
    regimen_fiscal: regimen.confidence,
    items: items.length ? (itemsRead ? 0.9 : itemsFitted ? 0.7 : 0.4) : 0,
  };
  return { fields, confidence };
}

/** A confident company RFC printed so spells back a look-alike initial the razón social misread (initialFromRfc). */
function initialSpeltBack(vendor: Vendor, rfc: ReturnType<typeof extractRfc>, lines: Line[]): string | null {
  const printed = rfc !== null && lines[rfc.line]?.norm.includes(rfc.rfc.slice(0, 3)) === true;
  return vendor.name && rfc && printed && rfc.score >= 0.6 && vendor.nameConfidence >= 0.5
    ? initialFromRfc(vendor.name, rfc.rfc)
    : vendor.name;
}

/** The RFC and the vendor, each read with the other's help. */
function vendorAndRfc(lines: Line[]): { rfc: ReturnType<typeof extractRfc>; vendor: Vendor } {
  // The razón social predicts the RFC's letters, and the RFC's letters confirm a persona física's name.
  const first = extractVendor(lines, null, null);
  const company = first.nameConfidence >= 0.5 ? first.name : null;
  // Without a company name, a plain person's name.
  const person = !company && first.name && isPersonName(first.name) ? first.name : null;
  const rfc = extractRfc(lines, company, person, company ? first.longerName : null);
  const vendor = extractVendor(lines, rfc?.rfc ?? null, rfc?.line ?? null);
  // A company's name that only the RFC completed judges a 13-character reading again: a company's RFC has 12.
  const typed = vendor.name !== null && withoutCompanyType(vendor.name) !== vendor.name;
  if (!company && typed && vendor.nameConfidence >= 0.5 && rfc?.rfc.length === 13) {
    const again = extractRfc(lines, vendor.name, null, vendor.longerName);
    if (again?.rfc.length === 12) return { rfc: again, vendor: extractVendor(lines, again.rfc, again.line) };
  }
  return { rfc, vendor };
}

/** A persona física's name decides the RFC letters the check digit cannot see (blindLettersFromName). */
export const withPersonLetters = (rfc: string, vendorName: string | null): string =>
  vendorName && isPersonName(vendorName) ? blindLettersFromName(rfc, vendorName) : rfc;

/** The razón social in another reading of the header, judged against a company RFC already read. */
export function razonSocialFor(text: string, rfc: string): { name: string; confidence: number } | null {
  const vendor = vendorWithRfc(text, rfc);
  if (!vendor || vendor.confidence < COMPANY_NAME || !moralInitials(vendor.name)) return null;
  return nameContradictsRfc(vendor.name, rfc) ? null : vendor;
}

/** The vendor read again from `text` beside an RFC a re-read settled or the evidence chose (none: by the name alone). */
export function vendorWithRfc(text: string, rfc: string | null): { name: string; confidence: number } | null {
  const vendor = extractVendor(toLines(text), rfc, null);
  return vendor.name ? { name: vendor.name, confidence: vendor.nameConfidence } : null;
}
