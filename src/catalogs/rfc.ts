/**
 * RFC (Registro Federal de Contribuyentes) syntax and check digit.
 * Persona moral: 3 letters + YYMMDD + 3-char homoclave (12). Persona física: 4 letters + YYMMDD + homoclave (13).
 * The last homoclave character is a mod-11 check digit over the other characters.
 */
export const GENERIC_RFC_NACIONAL = 'XAXX010101000';
export const GENERIC_RFC_EXTRANJERO = 'XEXX010101000';

const RFC_RE = /^([A-ZÑ&]{3,4})(\d{2})(\d{2})(\d{2})([A-Z\d]{2})([\dA])$/;
const CHECK_ALPHABET = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';

export type RfcKind = 'moral' | 'fisica';

export const normalizeRfc = (rfc: string): string => rfc.trim().toUpperCase().replace(/[\s-]/g, '');

export const rfcKind = (rfc: string): RfcKind => (rfc.length === 12 ? 'moral' : 'fisica');

export const isGenericRfc = (rfc: string): boolean =>
  rfc === GENERIC_RFC_NACIONAL || rfc === GENERIC_RFC_EXTRANJERO;

/** The expected check digit for the first 11 (moral) or 12 (física) characters. */
export function rfcCheckDigit(rfcWithoutDigit: string): string {
  const padded = rfcWithoutDigit.length === 11 ? ` ${rfcWithoutDigit}` : rfcWithoutDigit;
  let sum = 0;
  for (let i = 0; i < 12; i++) {
    const v = CHECK_ALPHABET.indexOf(padded[i] ?? ' ');
    sum += Math.max(v, 0) * (13 - i);
  }
  const rem = sum % 11;
  if (rem === 0) return '0';
  const d = 11 - rem;
  return d === 10 ? 'A' : String(d);
}

/**
 * Whether the check digit tells this RFC from the same one with `ch` at position `i`. It cannot where the
 * weight is 11 (3rd character of 13, 2nd of 12) or where the two characters' values differ by 11 (A/L, J/T, N/X,
 * O/Z and every other such pair of the check alphabet).
 */
export function checkDigitSees(rfc: string, i: number, ch: string): boolean {
  const body = rfc.slice(0, -1);
  return rfcCheckDigit(body.slice(0, i) + ch + body.slice(i + 1)) !== rfcCheckDigit(body);
}

/** Shape and a real calendar date (YYMMDD), without the check digit. */
export function isRfcShape(rfc: string): boolean {
  const m = RFC_RE.exec(rfc);
  if (!m || !(rfc.length === 12 || rfc.length === 13)) return false;
  if ((m[1]?.length === 3) !== (rfc.length === 12)) return false;
  const month = Number(m[3]);
  const day = Number(m[4]);
  if (month < 1 || month > 12 || day < 1) return false;
  // Year 2000 is a leap year and covers both centuries' leap rule for YY 00..99 well enough for Feb 29.
  const daysIn = new Date(Date.UTC(2000 + Number(m[2]), month, 0)).getUTCDate();
  return day <= daysIn;
}

export const hasValidCheckDigit = (rfc: string): boolean => rfcCheckDigit(rfc.slice(0, -1)) === rfc.slice(-1);

/**
 * Whether the homoclave's two characters come from the table SAT assigns them from (`1`–`9`, `A`–`Z` but `O`):
 * a 0 or an O there is a misreading (the generic RFCs aside). Not a syntax rule (the CFDI schema allows both).
 */
export const satHomoclave = (rfc: string): boolean => !/[0O]/.test(rfc.slice(-3, -1));

/** An RFC SAT could have assigned: shape, date, check digit, and a homoclave from SAT's table. */
export const isAssignableRfc = (rfc: string): boolean =>
  isRfcShape(rfc) && hasValidCheckDigit(rfc) && satHomoclave(rfc);

/**
 * Valid for a taxpayer: shape, date, and check digit. The generic RFCs are accepted as they are
 * (their check digit is conventional, not computed).
 */
export function isValidRfc(rfc: string): boolean {
  if (isGenericRfc(rfc)) return true;
  return isRfcShape(rfc) && hasValidCheckDigit(rfc);
}
