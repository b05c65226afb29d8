import { isGenericRfc, isValidRfc, normalizeRfc, rfcKind } from '../catalogs/rfc.js';
import { isValidRegimen } from '../catalogs/sat.catalogs.js';
import { InvoiceFailure } from '../invoices/invoice.failure.js';
import type { ReceiptFields } from '../receipts/receipt.types.js';
import type { Emisor } from './comprobante.types.js';

export interface MerchantInfo {
  name: string;
  regimen_fiscal: string | null;
  postal_code: string | null;
}

/**
 * SAT's 4.0 rule: Emisor/Nombre is the razón social exactly as registered, which excludes the régimen
 * societario ("SA DE CV", "S. DE R.L. DE C.V.", ...). Tickets print it in many spellings, so we strip the
 * trailing company-type suffix in any dotted/spaced form.
 */
const REGIMEN_SOCIETARIO =
  /[\s,]+(S\.?\s?A\.?\s?P\.?\s?I\.?|S\.?\s?A\.?\s?B\.?|S\.?\s?A\.?|S\.?\s?DE\s?R\.?\s?L\.?|S\.?\s?C\.?|S\.?\s?C\.?\s?P\.?)(\s*DE\s*C\.?\s?V\.?)?\.?$/;

const isControl = (ch: string): boolean => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f;

/** Text as CFDI attributes accept it: no "|" (the cadena separator), no control characters, single spaces. */
export const cfdiText = (s: string): string =>
  Array.from(s.replace(/\|/g, '/'), (ch) => (isControl(ch) ? ' ' : ch))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();

/** A name that ends in a régimen societario (SA DE CV, S. DE R.L., S.C. …): a company, not a person. */
export const hasRegimenSocietario = (name: string): boolean =>
  REGIMEN_SOCIETARIO.test(cfdiText(name).toUpperCase());

export function emisorNombre(razonSocial: string): string {
  const upper = cfdiText(razonSocial).toUpperCase();
  const stripped = upper.replace(REGIMEN_SOCIETARIO, '').replace(/[\s,]+$/, '');
  return stripped.length > 0 ? stripped : upper;
}

const fiveDigits = (cp: string | null | undefined): string | null =>
  cp && /^\d{5}$/.test(cp.trim()) ? cp.trim() : null;

/** RegimenFiscal: the ticket's, else the merchant directory's, else the usual one for the kind of person. */
function regimen(receipt: ReceiptFields, merchant: MerchantInfo | null | undefined, rfc: string): string {
  const kind = rfcKind(rfc);
  for (const r of [receipt.regimen_fiscal, merchant?.regimen_fiscal]) {
    if (r && isValidRegimen(r.trim(), kind)) return r.trim();
  }
  return kind === 'moral' ? '601' : '612';
}

/** The merchant on the ticket as CFDI Emisor, plus its postal code when known (for LugarExpedicion). */
export function emisorFromReceipt(
  receipt: ReceiptFields,
  merchant: MerchantInfo | null | undefined,
): { emisor: Emisor; postalCode: string | null } {
  if (!receipt.vendor_rfc)
    throw new InvoiceFailure('missing_vendor_rfc', "The receipt does not show the store's RFC");
  const rfc = normalizeRfc(receipt.vendor_rfc);
  if (!isValidRfc(rfc) || isGenericRfc(rfc)) {
    throw new InvoiceFailure('invalid_vendor_rfc', `The store's RFC ${rfc} is not a valid RFC`);
  }
  const name = receipt.vendor_name ?? merchant?.name ?? receipt.vendor_store_name;
  if (!name || cfdiText(name) === '') {
    throw new InvoiceFailure('missing_vendor_data', "The receipt does not show the store's legal name");
  }
  return {
    emisor: { rfc, nombre: emisorNombre(name), regimenFiscal: regimen(receipt, merchant, rfc) },
    postalCode: fiveDigits(receipt.postal_code) ?? fiveDigits(merchant?.postal_code),
  };
}
