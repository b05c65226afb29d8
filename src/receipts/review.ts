import type { ReceiptData } from './receipt.types.js';

/** The fields a person must be able to trust before a CFDI is sealed: they name the emisor and the amount. */
export const KEY_FIELDS = ['vendor_name', 'vendor_rfc', 'date', 'total'] as const;
export type KeyField = (typeof KEY_FIELDS)[number];

/** The key fields that are missing or read with less confidence than `threshold`. */
export function reviewFields(data: ReceiptData, threshold: number): KeyField[] {
  return KEY_FIELDS.filter((f) => data[f] === null || data[f] === '' || data.confidence[f] < threshold);
}
