import { FIELD_NAMES, type ReceiptData } from '../../src/receipts/receipt.types.js';

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
