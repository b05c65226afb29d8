/** Scoring against ground-truth JSON (receipts README): exact match after normalisation. */
export const FIELDS = [
  'vendor_name',
  'vendor_store_name',
  'vendor_rfc',
  'date',
  'time',
  'total',
  'subtotal',
  'iva',
  'ieps',
  'tip',
  'payment_method',
  'folio',
  'postal_code',
] as const;
export const KEY_FIELDS = ['total', 'vendor_rfc', 'date', 'vendor_name'] as const;

export type Truth = Record<string, unknown> & {
  difficulty?: string;
  items?: Array<{ amount: number }> | null;
};

const norm = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return String(Math.round(v * 100));
  return String(v).toUpperCase().replace(/\s+/g, ' ').trim();
};

/** Compares one output (amounts in pesos) with its truth; null truth fields are skipped for real images. */
export function scoreOne(out: Record<string, unknown>, truth: Truth): Record<string, boolean | null> {
  const real = truth.difficulty === 'real';
  const res: Record<string, boolean | null> = {};
  for (const f of FIELDS) {
    const t = truth[f];
    if (t === undefined || (real && t === null)) res[f] = null;
    else res[f] = norm(out[f]) === norm(t);
  }
  return res;
}
