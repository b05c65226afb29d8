import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createFakeOcrEngine } from '../../src/receipts/ocr.fake.js';
import { createReceiptReader } from '../../src/receipts/receipts.reader.js';

const image = readFileSync('fixtures/receipts/dev-001-clean.jpg');
const good = readFileSync('fixtures/receipts/text/restaurant-tip.txt', 'utf8');

describe('createReceiptReader with a fake OCR engine', () => {
  it('returns fields, confidence, text and timings from one pass when the key fields are confident', async () => {
    const engine = createFakeOcrEngine([good]);
    const reader = createReceiptReader({ engine });
    const data = await reader.read(image);
    expect(data).toMatchObject({
      total: 22852,
      vendor_rfc: 'CEC100512AB9',
      date: '2026-11-21',
      currency: 'MXN',
    });
    expect(data.text).toBe(good);
    expect(Object.keys(data.timings)).toEqual(expect.arrayContaining(['prepare', 'ocr', 'total']));
    expect(engine.calls).toBe(1);
    await reader.close();
    expect(engine.closed).toBe(true);
  });

  it('runs a second pass when a key field is missing and keeps the more confident reading', async () => {
    const engine = createFakeOcrEngine(['TOTAL 228.52\nGARBLED', good]);
    const reader = createReceiptReader({ engine, secondPass: true, headerPass: false });
    const data = await reader.read(image);
    expect(engine.calls).toBe(2);
    expect(data.vendor_rfc).toBe('CEC100512AB9');
    expect(data.total).toBe(22852);
    expect(data.text).toContain('GARBLED');
    await reader.close();
  });

  it('by default re-reads only the header when the RFC or date is weak, and takes only header fields from it', async () => {
    const engine = createFakeOcrEngine([
      'TOTAL 228.52\nGARBLED',
      'R.F.C. CEC1O0512AB9\nFECHA: 21/11/2026\nTOTAL 999.99',
    ]);
    const reader = createReceiptReader({ engine });
    const data = await reader.read(image);
    expect(engine.calls).toBe(2);
    expect(data).toMatchObject({ total: 22852, vendor_rfc: 'CEC100512AB9', date: '2026-11-21' });
    expect(data.timings.header_pass).toBeGreaterThan(0);
    await reader.close();
  });

  it('reads once when re-reading is turned off, and reports missing fields with zero confidence', async () => {
    const engine = createFakeOcrEngine(['TOTAL 228.52\nGARBLED', good]);
    const reader = createReceiptReader({ engine, headerPass: false });
    const data = await reader.read(image);
    expect(engine.calls).toBe(1);
    expect(data).toMatchObject({ total: 22852, vendor_rfc: null, date: null });
    expect(data.confidence.vendor_rfc).toBe(0);
    await reader.close();
  });
});
