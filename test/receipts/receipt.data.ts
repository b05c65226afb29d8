import type { FieldName, ReceiptData } from '../../src/receipts/receipt.types.js';

/** Every field a reading has a confidence for, as ReceiptFields declares them. */
export const FIELD_NAMES: FieldName[] = [
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
  'regimen_fiscal',
  'items',
];

/** A reading of nothing (every field null, every confidence 0), with what `over` gives. */
export function receiptData(over: Partial<ReceiptData> = {}): ReceiptData {
  return {
    vendor_name: null,
    vendor_store_name: null,
    vendor_rfc: null,
    date: null,
    time: null,
    total: null,
    subtotal: null,
    iva: null,
    ieps: null,
    tip: null,
    currency: 'MXN',
    payment_method: null,
    folio: null,
    postal_code: null,
    regimen_fiscal: null,
    items: [],
    confidence: Object.fromEntries(FIELD_NAMES.map((f) => [f, 0])) as ReceiptData['confidence'],
    text: '',
    timings: {},
    ...over,
  };
}
