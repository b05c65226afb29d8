/**
 * The extract CLI's output line for one image: ReceiptData with amounts in pesos, like the ground-truth files.
 * Its own module so the bench can print the same form without running the CLI (importing extract.ts runs it).
 */
import type { ReceiptData } from '../receipts/receipt.types.js';
import { reviewFields } from '../receipts/review.js';

const pesos = (c: number | null): number | null => (c === null ? null : Math.round(c) / 100);

export function toPesosJson(
  file: string,
  d: ReceiptData,
  ms: number,
  withText: boolean,
  threshold = 0.9,
): Record<string, unknown> {
  const { text, timings: _t, confidence, items, sources, ...fields } = d;
  const review = reviewFields(d, threshold);
  return {
    file,
    ...fields,
    total: pesos(d.total),
    subtotal: pesos(d.subtotal),
    iva: pesos(d.iva),
    ieps: pesos(d.ieps),
    tip: pesos(d.tip),
    items: items.map((i) => ({ description: i.description, quantity: i.quantity, amount: pesos(i.amount) })),
    confidence,
    needs_review: review.length > 0,
    review_fields: review,
    sources: sources ?? {},
    ms: Math.round(ms),
    ...(withText ? { text } : {}),
  };
}
