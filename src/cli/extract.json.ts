/**
 * The extract CLI's output line for one image: ReceiptData with amounts in pesos, like the ground-truth files.
 * Its own module so the bench can print the same form without running the CLI (importing extract.ts runs it).
 */
import type { ReceiptData } from '../receipts/receipt.types.js';

const pesos = (c: number | null): number | null => (c === null ? null : Math.round(c) / 100);

export function toPesosJson(
  file: string,
  d: ReceiptData,
  ms: number,
  withText: boolean,
): Record<string, unknown> {
  const { text, timings: _t, confidence, items, ...fields } = d;
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
    ms: Math.round(ms),
    ...(withText ? { text } : {}),
  };
}
