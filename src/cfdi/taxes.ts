import { IEPS_8, IVA_16, roundDiv, taxLimits, taxOf, taxWithinLimits } from './money.js';

/**
 * How a ticket line is taxed. Ticket prices include every tax; the CFDI needs them broken out.
 * - iva16: IVA 16 % (the general rate).
 * - iva0: IVA 0 % (basic food, medicines): a Traslado with Importe 0.00.
 * - ieps8_iva16: IEPS 8 % (high-calorie food) and IVA 16 % over base + IEPS, as the law sets it.
 */
export type TaxClass = 'iva16' | 'iva0' | 'ieps8_iva16';

export interface LineTaxes {
  /** Concepto Importe (before taxes). */
  base: number;
  ieps: number;
  /** IVA Base: the concepto base plus its IEPS. */
  ivaBase: number;
  iva: number;
}

/** Tries bases near the first guess, nearest first: the first guess works except at rare boundaries. */
const near = (guess: number): number[] =>
  [0, -1, 1, -2, 2, -3, 3].map((d) => guess + d).filter((b) => b >= 0);

/**
 * Splits a tax-inclusive line amount into base and taxes so that base + taxes == gross exactly and every
 * tax Importe lies inside SAT's rounding limits for its Base (what validate-cfdi and the PAC check).
 */
export function splitGross(gross: number, cls: TaxClass): LineTaxes {
  if (!Number.isSafeInteger(gross) || gross < 0) throw new RangeError(`Bad line amount: ${gross}`);
  if (cls === 'iva0') return { base: gross, ieps: 0, ivaBase: gross, iva: 0 };
  if (cls === 'iva16') {
    for (const base of near(roundDiv(gross * 100, 116))) {
      const iva = gross - base;
      if (iva >= 0 && taxWithinLimits(base, IVA_16, iva)) return { base, ieps: 0, ivaBase: base, iva };
    }
  } else {
    for (const base of near(roundDiv(gross * 10_000, 12_528))) {
      const { lo, hi } = taxLimits(base, IEPS_8);
      const natural = taxOf(base, IEPS_8);
      const candidates = [natural, ...Array.from({ length: hi - lo + 1 }, (_, i) => lo + i)];
      for (const ieps of candidates) {
        const iva = gross - base - ieps;
        if (iva >= 0 && taxWithinLimits(base + ieps, IVA_16, iva))
          return { base, ieps, ivaBase: base + ieps, iva };
      }
    }
  }
  throw new RangeError(`No tax split for ${gross} cents as ${cls}`);
}

/**
 * The IVA 16 % split of a line moved by one cent of IVA (up: +1, down: -1), when SAT's limits allow it; used to
 * make the invoice's IVA equal the ticket's printed IVA, which stores round on the ticket total.
 */
export function shiftIva(t: LineTaxes, step: 1 | -1): LineTaxes | null {
  if (t.ieps !== 0) return null;
  const base = t.base - step;
  const iva = t.iva + step;
  if (base < 0 || iva < 0 || !taxWithinLimits(base, IVA_16, iva)) return null;
  return { base, ieps: 0, ivaBase: base, iva };
}
