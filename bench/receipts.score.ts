/** Scoring against ground-truth JSON (receipts README): exact match after normalisation. */
import { FIELD_NAMES } from '../src/receipts/receipt.types.js';
/** The fields the ground truth holds: every field of a reading but the régimen, which tickets rarely print. */
export const FIELDS = FIELD_NAMES.filter((f) => f !== 'regimen_fiscal');
/** The key fields are the review step's: the ones a person must be able to trust before sealing. */
export { KEY_FIELDS } from '../src/receipts/review.js';

export interface TruthItem {
  description: string;
  quantity: number;
  amount: number;
}

export type Truth = Record<string, unknown> & {
  difficulty?: string;
  items?: TruthItem[] | null;
};

const norm = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return String(Math.round(v * 100));
  return String(v).toUpperCase().replace(/\s+/g, ' ').trim();
};

/**
 * Compares one output (amounts in pesos) with its truth; null truth fields are skipped for real images. `items`
 * is true when every item line is right and none is extra (`items`, when given, is that ticket's scoreItems).
 */
export function scoreOne(
  out: Record<string, unknown>,
  truth: Truth,
  items: ItemScore | null = scoreItems(out.items as TruthItem[] | undefined, truth.items),
): Record<string, boolean | null> {
  const real = truth.difficulty === 'real';
  const res: Record<string, boolean | null> = {};
  for (const f of FIELDS) {
    const t = truth[f];
    if (f === 'items') res[f] = items ? items.right === items.truth && items.extra === 0 : null;
    else if (t === undefined || (real && t === null)) res[f] = null;
    else res[f] = norm(out[f]) === norm(t);
  }
  return res;
}

export interface ItemScore {
  /** Item lines in the truth. */
  truth: number;
  /** Truth lines matched by description with the same quantity and amount (to the cent). */
  right: number;
  /** Lines read that match no truth line. */
  extra: number;
}

/** Similarity of two descriptions, 0..1: 1 − edit distance / longer length, on letters and digits only. */
export function similarity(a: string, b: string): number {
  const [x, y] = [a, b].map((s) => s.toUpperCase().replace(/[^A-Z0-9Ñ]/g, '')) as [string, string];
  if (!x.length && !y.length) return 1;
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    for (let j = 1; j <= y.length; j++)
      cur[j] = Math.min(
        (prev[j] ?? 0) + 1,
        (cur[j - 1] ?? 0) + 1,
        (prev[j - 1] ?? 0) + (x[i - 1] === y[j - 1] ? 0 : 1),
      );
    prev = cur;
  }
  return 1 - (prev[y.length] ?? 0) / Math.max(x.length, y.length);
}

/** Descriptions this similar are the same line read with OCR slips. */
const SAME_LINE = 0.6;

/**
 * Item lines (receipts README: matched by description similarity, then quantity and amount compared). Each
 * truth line takes the most similar line read that no other truth line took. Null when the truth does not say
 * (a real image whose items are unknown).
 */
export function scoreItems(out: TruthItem[] | undefined, truth: Truth['items']): ItemScore | null {
  if (!Array.isArray(truth)) return null;
  const left = [...(out ?? [])];
  let right = 0;
  for (const t of truth) {
    let best = -1;
    let bestSim = SAME_LINE;
    left.forEach((o, i) => {
      const sim = similarity(o.description, t.description);
      if (sim >= bestSim) [best, bestSim] = [i, sim];
    });
    if (best < 0) continue;
    const [o] = left.splice(best, 1) as [TruthItem];
    if (Math.abs(o.quantity - t.quantity) < 1e-6 && Math.round(o.amount * 100) === Math.round(t.amount * 100))
      right++;
  }
  return { truth: truth.length, right, extra: left.length };
}
