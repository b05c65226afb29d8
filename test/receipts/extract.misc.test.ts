import { describe, expect, it } from 'vitest';
import { extractDateTime } from '../../src/receipts/extract/extract.dates.js';
import { extractFields } from '../../src/receipts/extract/extract.js';
import { moneyIn } from '../../src/receipts/extract/extract.text.js';
import { expectIssuer, lines, ocr, read, TODAY, ticket } from './extract.helpers.js';

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
      ocr('misc/keeps-the-franchisee-under-a-franchise'),
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

    it.each([[ocr('misc/keeps-a-real-short-word-read'), 'GONZALEZ HERMANOS Y ASOCIADOS, S.C.']])(
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

describe('the branch’s C.P. over the head office’s, and the first date kept', () => {
  it("takes the branch's C.P. over the head office's printed before it, and SAT's place of issue first", () => {
    const head = ocr('misc/head');
    expect(read(`${head}SUCURSAL: 042\nBLVD. AVILA CAMACHO 2361\nC. P. 61875\nTOTAL 10.00`).postal_code).toBe(
      '61875',
    );
    expect(read(`${head}SUC. CENTRO\nCOL. OBRERA C.P. 24016\nTOTAL 10.00`).postal_code).toBe('24016');
    expect(read(ocr('misc/takes-the-branchs-c-p-over')).postal_code).toBe('84402');
    // A branch number among the till's, below the address, moves nothing (a fiscal C.P. in the footer stays out).
    expect(read(ocr('misc/takes-the-branchs-c-p-over-2')).postal_code).toBe('20348');
  });

  it('keeps the first date, the store’s C.P. and the like when neighbouring rules could take another', () => {
    const dt = (t: string) => extractDateTime(lines(t), TODAY).date;
    // A label's letter read as a digit before its colon is no time; the first date stays first.
    expect(dt('FECH4:21/11/2026')).toBe('2026-11-21');
    expect(dt('FECHA 21/11/2826 ULT. COMPRA: 02/10/2026')).toBe('2026-11-21');
    expect(dt('FECHA: 21.11/2026 14:05 CAD: 12/05/2027')).toBe('2026-11-21');
    expect(dt('14:05 LOTE 12MAY27 21NOV26')).toBe('2026-11-21');
    // A branch number by the till's, or an ad naming branches, does not send the C.P. to the footer's.
    const footer = ocr('misc/footer');
    for (const till of ['SUCURSAL 0123 CAJA 02', 'VALIDO EN CUALQUIER SUCURSAL'])
      expect(read(`LA PALMA\nCOL. CENTRO C.P. 72000\n${till}\nTOTAL 10.00\n${footer}`).postal_code).toBe(
        '72000',
      );
    // Card words OCR glued, cash back on a card ticket, an accepting word on the paying line.
    expect(read(ticket(ocr('misc/keeps-the-first-date-the-stores'))).payment_method).toBe('card');
    expect(read(ticket(ocr('misc/keeps-the-first-date-the-stores-2'))).payment_method).toBe('card');
    expect(read(ticket(ocr('misc/keeps-the-first-date-the-stores-3'))).payment_method).toBe('card');
    expect(read(ticket(ocr('misc/keeps-the-first-date-the-stores-4'))).payment_method).toBe('card');
    // `TOTAL IVA INCLUIDO 10.28` beside the TOTAL is the tax's own line.
    expect(read(ticket(ocr('misc/keeps-the-first-date-the-stores-5')))).toMatchObject({
      iva: 1028,
      total: 7450,
    });
    // A buffet is an item.
    expect(read(ticket(ocr('misc/keeps-the-first-date-the-stores-6'))).items).toHaveLength(2);
  });
});
