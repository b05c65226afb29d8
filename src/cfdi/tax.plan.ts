import { splitGross, type TaxClass } from './taxes.js';

/**
 * Decides which tax class each ticket line carries, using the IVA and IEPS amounts printed on the ticket.
 * Tickets print one IVA total; when it is lower than 16 % of everything, some lines are 0 % (food); when IEPS
 * is printed, some lines carry IEPS 8 %. Lines do not say which, so we search for the assignment whose taxes
 * add up to the printed amounts (within a few cents: stores round per ticket, we round per line).
 */
export interface PrintedTaxes {
  iva: number | null;
  ieps: number | null;
}

/** A partial assignment; classes are kept as a back-linked list so extending a state is O(1). */
interface State {
  iva: number;
  ieps: number;
  cls: TaxClass | null;
  prev: State | null;
}

function classesOf(s: State): TaxClass[] {
  const out: TaxClass[] = [];
  for (let n: State | null = s; n?.cls; n = n.prev) out.push(n.cls);
  return out.reverse();
}

const tolerance = (lines: number): number => Math.max(2, lines);

/** Beyond this many partial sums (long tickets with IEPS) we stop and fall back to splitting the total by rate. */
const MAX_STATES = 20_000;

const sumTaxes = (amounts: number[], classes: TaxClass[]) =>
  amounts.reduce(
    (acc, g, i) => {
      const t = splitGross(g, classes[i] ?? 'iva16');
      return { iva: acc.iva + t.iva, ieps: acc.ieps + t.ieps };
    },
    { iva: 0, ieps: 0 },
  );

/** Per-line classes, or null when no assignment explains the printed taxes. */
export function planTaxClasses(amounts: number[], printed: PrintedTaxes): TaxClass[] | null {
  const allIva16 = amounts.map((): TaxClass => 'iva16');
  const ieps = printed.ieps ?? 0;
  if (printed.iva === null && ieps === 0) return allIva16;
  const tol = tolerance(amounts.length);
  const targetIva = printed.iva ?? sumTaxes(amounts, allIva16).iva;
  if (ieps === 0 && Math.abs(sumTaxes(amounts, allIva16).iva - targetIva) <= tol) return allIva16;
  const options: TaxClass[] = ieps > 0 ? ['iva16', 'iva0', 'ieps8_iva16'] : ['iva16', 'iva0'];
  // Dynamic programming over lines keyed by (iva, ieps) so far; sums only grow, so states past the targets
  // plus the tolerance are dropped, which keeps the search small even for long tickets.
  const iepsSpan = ieps + tol + 1;
  let states = new Map<number, State>([[0, { iva: 0, ieps: 0, cls: null, prev: null }]]);
  for (const gross of amounts) {
    const taxes = options.map((cls) => ({ cls, t: splitGross(gross, cls) }));
    const next = new Map<number, State>();
    for (const s of states.values()) {
      for (const { cls, t } of taxes) {
        const iva = s.iva + t.iva;
        const iepsSum = s.ieps + t.ieps;
        if (iva > targetIva + tol || iepsSum > ieps + tol) continue;
        const key = iva * iepsSpan + iepsSum;
        if (!next.has(key)) next.set(key, { iva, ieps: iepsSum, cls, prev: s });
      }
    }
    if (next.size > MAX_STATES) return null;
    states = next;
  }
  let best: State | null = null;
  let bestDiff = Number.POSITIVE_INFINITY;
  for (const s of states.values()) {
    const diff = Math.abs(s.iva - targetIva) + Math.abs(s.ieps - ieps);
    if (diff < bestDiff) {
      best = s;
      bestDiff = diff;
    }
  }
  return best && bestDiff <= tol ? classesOf(best) : null;
}

/**
 * When lines are not usable, splits the whole ticket by class from the printed taxes: the IEPS part from the
 * IEPS amount, the IVA 16 % part from the IVA left over, and the rest at 0 %. Null when that does not fit.
 */
export function splitTotalByClass(
  total: number,
  printed: PrintedTaxes,
): { cls: TaxClass; gross: number }[] | null {
  if (printed.iva === null) return null;
  const ieps = printed.ieps ?? 0;
  // IEPS 8 % over base b, IVA 16 % over b + IEPS: gross = b × 1.08 × 1.16, and its IVA = (b + IEPS) × 0.16.
  const iepsBase = Math.round(ieps / 0.08);
  const iepsGross = ieps > 0 ? iepsBase + ieps + Math.round((iepsBase + ieps) * 0.16) : 0;
  const iepsIva = iepsGross - iepsBase - ieps;
  const iva16Gross = Math.round(((printed.iva - iepsIva) * 116) / 16);
  const zeroGross = total - iepsGross - iva16Gross;
  if (iva16Gross < 0 || zeroGross < 0) return null;
  const parts: { cls: TaxClass; gross: number }[] = [
    { cls: 'iva16', gross: iva16Gross },
    { cls: 'iva0', gross: zeroGross },
    { cls: 'ieps8_iva16', gross: iepsGross },
  ];
  // A few stray cents of "0 %" are the ticket's own rounding, not a real exempt line: keep them in IVA 16 %.
  if (zeroGross > 0 && zeroGross <= tolerance(1) && iva16Gross > 0) {
    parts[0] = { cls: 'iva16', gross: iva16Gross + zeroGross };
    parts[1] = { cls: 'iva0', gross: 0 };
  }
  return parts.filter((p) => p.gross > 0);
}
