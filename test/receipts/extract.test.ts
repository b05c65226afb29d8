import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractFields } from '../../src/receipts/extract/extract.js';
import { editLine } from '../../src/receipts/extract/extract.text.js';

// The day the fixture tickets are read: dates are judged against it (a ticket cannot be from the future).
const TODAY = new Date('2026-11-22T12:00:00Z');
const fixture = (name: string) =>
  extractFields(readFileSync(`fixtures/receipts/text/${name}.txt`, 'utf8'), TODAY);

describe('extractFields over OCR text fixtures', () => {
  it('restaurant: wrapped razón social, 12 h date line, tip excluded, suggested tip ignored, customer RFC skipped', () => {
    const { fields, confidence } = fixture('restaurant-tip');
    expect(fields).toMatchObject({
      vendor_name: 'COCINA ECONOMICA DEL CENTRO, S.A. DE C.V.',
      vendor_store_name: 'EL PORTAL DE LA ABUELA',
      vendor_rfc: 'CEC100512AB9',
      date: '2026-11-21',
      time: '17:16',
      total: 22852,
      subtotal: 19700,
      iva: 3152,
      tip: 3000,
      payment_method: 'card',
      folio: '00A-5512',
      postal_code: '44100',
    });
    expect(fields.items).toEqual([
      { description: 'ENCHILADAS VERDES', quantity: 2, amount: 19000 },
      { description: 'AGUA DE JAMAICA', quantity: 1, amount: 3852 },
    ]);
    expect(confidence.total).toBeGreaterThan(0.8);
  });

  it('convenience: IEPS broken out, RFC with l read for 1, TR# folio, regime code', () => {
    const { fields } = fixture('convenience-ieps');
    expect(fields).toMatchObject({
      vendor_name: 'TIENDAS RAPIDAS DEL NORTE SA DE CV',
      vendor_store_name: 'MINI 24',
      vendor_rfc: 'TRN850510QWA',
      date: '2026-11-21',
      time: '23:05',
      total: 5650,
      subtotal: 4954,
      ieps: 396,
      iva: 300,
      tip: null,
      payment_method: 'cash',
      folio: '778812',
      regimen_fiscal: '601',
    });
  });

  it('pharmacy: IVA incluido, thousands separator, barcodes dropped from items, NOTA No. folio', () => {
    const { fields } = fixture('pharmacy-iva-incluido');
    expect(fields).toMatchObject({
      vendor_rfc: 'BUS991203K59',
      date: '2026-01-03',
      time: '09:41:07',
      total: 125750,
      subtotal: null,
      iva: 17345,
      payment_method: 'card',
      folio: '45-0099',
      postal_code: '86000',
    });
    expect(fields.items.map((i) => i.amount)).toEqual([4500, 121250]);
    expect(fields.items[0]?.description).not.toMatch(/\d{8}/);
  });

  it('persona física: the person is the vendor, RESICO regime, C.P. with O for 0', () => {
    const { fields } = fixture('hardware-fisica');
    expect(fields).toMatchObject({
      vendor_name: 'MARIA LUISA HERNANDEZ GOMEZ',
      vendor_store_name: 'FERRETERIA HERNANDEZ',
      vendor_rfc: 'HEGM850214KT6',
      date: '2025-10-15',
      total: 26000,
      postal_code: '06700',
      regimen_fiscal: '626',
      folio: 'F-00321',
    });
    expect(fields.items).toEqual([
      { description: 'TORNILLO 1/4', quantity: 3, amount: 1500 },
      { description: 'CEMENTO GRIS 50KG', quantity: 1, amount: 24500 },
    ]);
  });

  it('gas station: S DE RL razón social, RFC letters from its initials (1 read for I), vouchers are "other"', () => {
    const { fields } = fixture('gas-voucher');
    expect(fields).toMatchObject({
      vendor_name: 'COMBUSTIBLES LOS PINOS S DE RL DE CV',
      vendor_rfc: 'CPI0301017Z3',
      date: '2026-11-21',
      time: '07:02:33',
      total: 95000,
      payment_method: 'other',
      folio: '9988776',
    });
  });

  it('returns nulls and zero confidence for text that is not a receipt', () => {
    const { fields, confidence } = extractFields('hola\nmundo\n', TODAY);
    expect(fields).toMatchObject({
      total: null,
      vendor_rfc: null,
      date: null,
      folio: null,
      postal_code: null,
    });
    expect(confidence.total).toBe(0);
    expect(confidence.vendor_rfc).toBe(0);
  });
});

describe('editLine', () => {
  // Lines are counted as tesseract numbers its word boxes: non-empty lines only.
  const text = 'FARMACIA \n\n  CENTRAL\nRFC: DPC190801MKA\nTOTAL 10.00';

  it('edits the n-th non-empty line, blank lines kept where they were', () => {
    expect(editLine(text, 1, (l) => l.trim().toLowerCase())).toBe(
      'FARMACIA \n\ncentral\nRFC: DPC190801MKA\nTOTAL 10.00',
    );
  });
});
