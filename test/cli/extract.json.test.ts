import { describe, expect, it } from 'vitest';
import { toPesosJson } from '../../src/cli/extract.json.js';
import { FIELD_NAMES, type FieldName, type ReceiptData } from '../../src/receipts/receipt.types.js';
import { receiptData } from '../receipts/receipt.data.js';

function reading(
  confidence: Partial<Record<FieldName, number>>,
  over: Partial<ReceiptData> = {},
): ReceiptData {
  return receiptData({
    vendor_name: 'CADENA COMERCIAL OXXO SA DE CV',
    vendor_store_name: 'OXXO',
    vendor_rfc: 'CCO8605231N4',
    date: '2026-02-06',
    time: '16:59',
    total: 10650,
    payment_method: 'cash',
    confidence: {
      ...Object.fromEntries(FIELD_NAMES.map((f) => [f, 0.99])),
      ...confidence,
    } as ReceiptData['confidence'],
    text: 'TOTAL 106.50',
    sources: { total: ['label TOTAL', 'efectivo-cambio'] },
    ...over,
  });
}

describe('extract CLI output line', () => {
  it('says no review is needed when every key field is at or above the threshold, with its sources', () => {
    const line = toPesosJson('t.jpg', reading({}), 12, false, 0.9);
    expect(line).toMatchObject({
      total: 106.5,
      needs_review: false,
      review_fields: [],
      sources: { total: ['label TOTAL', 'efectivo-cambio'] },
    });
    expect(line).not.toHaveProperty('text');
  });

  it('lists the key fields under the threshold or missing', () => {
    const line = toPesosJson('t.jpg', reading({ total: 0.85 }, { date: null }), 12, false, 0.9);
    expect(line).toMatchObject({ needs_review: true, review_fields: ['date', 'total'] });
  });

  it('ignores fields that are not key fields', () => {
    const line = toPesosJson('t.jpg', reading({ folio: 0.1, items: 0 }), 12, false, 0.9);
    expect(line).toMatchObject({ needs_review: false, review_fields: [] });
  });
});
