import { describe, expect, it } from 'vitest';
import { extractDateTime } from '../../src/receipts/extract/extract.dates.js';
import { extractFields } from '../../src/receipts/extract/extract.js';
import { moneyIn } from '../../src/receipts/extract/extract.text.js';
import { expectIssuer, lines, ocr, TODAY } from './extract.helpers.js';

describe('page layouts with merged and split lines and OCR noise', () => {
  describe('cut RFCs, franchise lines, till numbers, item prices and lower-case words beside the layout rules', () => {
    it.each([['RFC: CCO86052\nSUC 12'], ['RFC: CCO860\nTDA 0231'], ['RFC: CCO8605\nISLA 3']])(
      'joins no RFC from a value cut short and the line under it (%s)',
      (rfcLines) => {
        const text = `OXXO\nCADENA COMERCIAL OXXO, S.A. DE C.V.\n${rfcLines}\nAV. JUAREZ 123 C.P. 64000\nFECHA: 21/11/2026 14:32\nTOTAL 15.00`;
        expect(extractFields(text, TODAY).fields.vendor_rfc).toBeNull();
      },
    );

    it.each([
      'SUCURSAL OPERADA POR FRANQUICIATARIO, FRANQUICIANTE: TACOS CHARLY',
      ocr('misc/joins-no-rfc-from-a-value'),
    ])('keeps the franchisee under a franchise line that names both (%s)', (franchise) => {
      const text = `TACOS CHARLY\n${franchise}\nOPERADORA DE FRANQUICIAS REGIONALES, S.A. DE C.V.\nRFC: OFR050607R21\nFECHA: 21/11/2026 14:32\nTOTAL 80.00\nTARJETA 80.00\nBBVA MEXICO, S.A.\nRFC BBA830831LJ2`;
      expectIssuer(text, 'OFR050607R21', 'OPERADORA DE FRANQUICIAS REGIONALES, S.A. DE C.V.');
    });

    it('trusts a one-digit day after a till number', () => {
      const text = ocr('misc/trusts-a-one-digit-day-after');
      expect(extractDateTime(lines(text), TODAY).date).toBe('2026-11-05');
    });

    it.each([
      ["POLIN 8' 125.00", 12500],
      ["TRIPLAY 4'X8' 450.00", 45000],
      ['5 TACOS PASTOR $25 125.00', 12500],
      ['4 X $35 140.00', 14000],
      ['2 @ $ 50 100.00', 10000],
    ])('reads no thousands group in an item line (%s)', (line, cents) => {
      expect(moneyIn(line).at(-1)?.cents).toBe(cents);
    });

    it('keeps a leader-dotted quantity a quantity', () => {
      expect(moneyIn('JAMON......0.25 KG')).toEqual([]);
    });

    it.each([[ocr('misc/keeps-a-leader-dotted-quantity-a'), 'GONZALEZ HERMANOS Y ASOCIADOS, S.C.']])(
      'keeps a real short word read in lower case (%s)',
      (nameLines, name) => {
        const text = `${nameLines}\nRFC: GHA950317AB4\nFECHA: 21/11/2026 14:32\nTOTAL 80.00`;
        expect(extractFields(text, TODAY).fields.vendor_name).toBe(name);
      },
    );

    it('splits a merged IVA line too', () => {
      const text = ocr('misc/splits-a-merged-iva-line-too');
      const got = extractFields(text, TODAY).fields;
      expect(got.total).toBe(11600);
      expect(got.iva).toBe(1600);
    });
  });
});

describe('an S read as $ in a company type, a Z for a check digit 2, and garbled tax labels', () => {
  const fields = (text: string) => extractFields(text, new Date('2026-11-23')).fields;

  it('reads an S read as $ in a company type, a Z for the check digit 2, and LE.PS. / LVA. labels', () => {
    expect(fields(ocr('misc/reads-an-s-read-as-in')).vendor_name).toBe('LIBRERIAS QUIJOTE, S.A. DE C.V.');
    expect(fields(ocr('misc/reads-an-s-read-as-in-2')).vendor_rfc).toBe('CES0403211E2');
    // Not in a value cut short out of a longer run: the stray 7 is dropped, not the Z read as a check digit.
    expect(fields(ocr('misc/reads-an-s-read-as-in-3')).vendor_rfc).toBe('SARC140510ZZ7');
    expect(fields(ocr('misc/reads-an-s-read-as-in-4'))).toMatchObject({
      subtotal: 15805,
      ieps: 1264,
      iva: 2731,
    });
  });
});
