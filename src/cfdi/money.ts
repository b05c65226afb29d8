/**
 * Integer-cent arithmetic for CFDI amounts. Rates are kept in millionths (TasaOCuota has six decimals), so
 * every rounding decision is exact integer math, never floating point.
 */
export const RATE_SCALE = 1_000_000;
export const IVA_16 = 160_000;
export const IEPS_8 = 80_000;

/** Cents as a MXN amount with exactly two decimals ("1234.50"). */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0)
    throw new RangeError(`Not a non-negative cent amount: ${cents}`);
  const s = String(cents).padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}

/** "$1,234.56": cents as a Mexican reader expects them (the invoice PDF, the OCR warm-up ticket). */
export function formatPesos(cents: number): string {
  const [int = '0', dec = '00'] = formatCents(cents).split('.');
  return `$${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${dec}`;
}

/** A rate in millionths as TasaOCuota text: SAT compares fixed rates as text, so "0.16" fails and "0.160000" passes. */
export const formatRate = (ppm: number): string => (ppm / RATE_SCALE).toFixed(6);

const floorDiv = (a: number, b: number): number => Math.floor(a / b);
const ceilDiv = (a: number, b: number): number => Math.ceil(a / b);

/** a / b rounded half up (a, b >= 0). */
export const roundDiv = (a: number, b: number): number => Math.floor((2 * a + b) / (2 * b));

/**
 * SAT's limits for a tax Importe given its Base (both in cents): the product of the rate with the base widened
 * by half a cent either side, truncated below and rounded up above (Anexo 20, "límites" of Importe).
 */
export function taxLimits(baseCents: number, ratePpm: number): { lo: number; hi: number } {
  const twice = 2 * RATE_SCALE;
  return {
    lo: Math.max(0, floorDiv((2 * baseCents - 1) * ratePpm, twice)),
    hi: ceilDiv((2 * baseCents + 1) * ratePpm, twice),
  };
}

export function taxWithinLimits(baseCents: number, ratePpm: number, taxCents: number): boolean {
  const { lo, hi } = taxLimits(baseCents, ratePpm);
  return taxCents >= lo && taxCents <= hi;
}

/** Base × rate rounded half up: the tax a base "naturally" carries. */
export const taxOf = (baseCents: number, ratePpm: number): number =>
  roundDiv(baseCents * ratePpm, RATE_SCALE);

/** Pesos (a JSON number with at most two decimals) to integer cents. */
export const pesosToCents = (pesos: number): number => Math.round(pesos * 100);
