import { describe, expect, it } from 'vitest';
import { extractFields } from '../../src/receipts/extract/extract.js';
import { ocr, read, TODAY, ticket } from './extract.helpers.js';

describe('payment method, folio labels and a wrapped postal code (OCR text of generated tickets in other fonts)', () => {
  const fields = (text: string) => extractFields(text, new Date('2026-11-22')).fields;

  it('takes change handed back as cash, a balance line as no payment, and a SAT payment code as it says', () => {
    expect(fields(ocr('payment/takes-change-handed-back-as-cash')).payment_method).toBe('cash');
    expect(fields(ocr('payment/takes-change-handed-back-as-cash-2')).payment_method).toBe('cash');
    expect(fields(ocr('payment/takes-change-handed-back-as-cash-3')).payment_method).toBe('card');
    expect(fields(ocr('payment/takes-change-handed-back-as-cash-4')).payment_method).toBe('cash');
    expect(fields(ocr('payment/takes-change-handed-back-as-cash-5')).payment_method).toBe('other');
    // A monedero paid with is still another way of paying; a CAMBIO line without an amount proves nothing.
    expect(fields(ocr('payment/takes-change-handed-back-as-cash-6')).payment_method).toBe('other');
    expect(fields(ocr('payment/takes-change-handed-back-as-cash-7')).payment_method).toBeNull();
  });

  it('reads BOLETO, REMISION, COMANDA and a TR# whose # came out as %', () => {
    expect(fields('BOLETO: 027243\nTOTAL 72.00').folio).toBe('027243');
    expect(fields('REMISION: 9599\nTOTAL 72.00').folio).toBe('9599');
    expect(fields(ocr('payment/reads-boleto-remision-comanda-and-a')).folio).toBe('5622');
    expect(fields('TR% 60375\nTOTAL 72.00').folio).toBe('60375');
  });

  it('reads a postal code wrapped onto the line after its label', () => {
    expect(fields(ocr('payment/reads-a-postal-code-wrapped-onto')).postal_code).toBe('06000');
  });
});

describe('folio labels and payments in OCR text of generated tickets', () => {
  const read = (text: string) => extractFields(`RFC CGT040130V12\n${text}\nTOTAL 100.00`, TODAY).fields;

  it('reads a TR# glued to its value, a series letter first, its # read as H, £ or *, and No. with a comma', () => {
    // The image-level generator's fonts: `TR#A-79321` read `TRHA-79321`, `TR#F359804` read `TR£F359804`.
    expect(read('TRHA-79321').folio).toBe('A-79321');
    expect(read('- TRH C-94979').folio).toBe('C-94979');
    expect(read('TR£F359804').folio).toBe('F359804');
    expect(read('TR#8874770').folio).toBe('8874770');
    expect(read('CUENTA * A-16120').folio).toBe('A-16120');
    expect(read('FOLIO No, B28606').folio).toBe('B28606');
    // Words that start like the label are no label; an amount is no folio.
    expect(read('TRES PIEZAS 12345').folio).toBeNull();
    expect(read('TRH12.50').folio).toBeNull();
  });

  it('reads a folio after a # that OCR read as %, $, H or a 4 set apart, and a restaurant’s CHEQUE: number', () => {
    expect(read('TICKET %031-076055').folio).toBe('031-076055');
    expect(read('TICKET $24498628 SUC: 0701').folio).toBe('24498628');
    expect(read('TRH 31045').folio).toBe('31045');
    expect(read('TICKET 4 0259275').folio).toBe('0259275');
    expect(read('MESA: 12\nCHEQUE: FV334760').folio).toBe('FV334760');
    // A 4 before a short number is the number's own; a cheque paid with is no folio.
    expect(read('TICKET 4 123').folio).toBeNull();
    expect(read('PAGO CON CHEQUE 100.00').folio).toBeNull();
    // The bill's # read as 4, $ or *.
    expect(read('CHEQUE 4 A-87185').folio).toBe('A-87185');
    expect(read('CHEQUE $ 0010250').folio).toBe('0010250');
    expect(read('CHEQUE * 56711 CAJA 9').folio).toBe('56711');
    expect(read('PAGO CON CHEQUE $ 1,250.00').folio).toBeNull();
    expect(read('PAGO CON CHEQUE $ 250.00').folio).toBeNull();
  });

  it('reads a folio after a set-apart # read as +, +4, %* or a 4 before a series, or glued to TR as A, I, IT, 4', () => {
    // Generated tickets print `CUENTA # T-91930` and `TR# 918337` in nine fonts; a # read before
    // digits glued to it keeps the digits; a 4 before a word is no #; TRA alone is no label.
    const folios: Array<[string, string | null]> = [
      ['CUENTA + T-44998', 'T-44998'],
      ['CUENTA +4 B27197', 'B27197'],
      ['CUENTA %* 196474', '196474'],
      ['CUENTA 4 A-39313', 'A-39313'],
      ['CUENTA 4 B56871 CAJA 2', 'B56871'],
      ['TRA 918337', '918337'],
      ['TRI A-28849', 'A-28849'],
      ['TRIT 8440529', '8440529'],
      ['TR4 0091672', '0091672'],
      ['TICKET #4123', '4123'],
      ['CUENTA 4 MESA 2', null],
      ['TRAMITE 12345', null],
      // Generated tickets glue TR# to its value: the # reads 4 (`TR#8141203`, `TR#B-09557`).
      ['TR40091672', '0091672'],
      ['TR48141203 CAJA: 2', '8141203'],
      ['TR4B-09557', 'B-09557'],
      ['TR43575', '3575'],
      ['TR412', null],
    ];
    for (const [line, folio] of folios) expect([line, read(line).folio]).toEqual([line, folio]);
  });

  it('reads TARJ: as a card, and a bill’s CHEQUE: number as no payment', () => {
    expect(read('TARJ: XXXX XXXX XXXX 4762').payment_method).toBe('card');
    expect(read(ocr('payment/reads-tarj-as-a-card-and')).payment_method).toBe('card');
    expect(read('CHEQUE: FV334760').payment_method).toBeNull();
    expect(read('PAGO CON CHEQUE 100.00').payment_method).toBe('other');
  });
});

describe('payment and folio beside franchise, PAC and wrapped-price lines', () => {
  const fields = (text: string) => extractFields(text, new Date('2026-11-23')).fields;

  it('reads payment and folio as before where the new rules have nothing to say', () => {
    const pay = (text: string) => fields(`TOTAL $85.00\n${text}`).payment_method;
    expect(pay(ocr('payment/reads-payment-and-folio-as-before'))).toBe('other');
    expect(pay('VALES DE DESPENSA SALDO $85.00')).toBe('other');
    expect(pay(ocr('payment/reads-payment-and-folio-as-before-2'))).toBe('card');
    expect(pay(ocr('payment/reads-payment-and-folio-as-before-3'))).toBe('card');
    expect(pay(ocr('payment/reads-payment-and-folio-as-before-4'))).toBe('cash');
    expect(fields(ocr('payment/reads-payment-and-folio-as-before-5')).folio).toBe('A-98765');
    // A reprint's date and time are not the purchase's.
    expect(fields(ocr('payment/reads-payment-and-folio-as-before-6'))).toMatchObject({
      date: '2026-03-12',
      time: '12:10',
    });
  });
});

describe('vouchers as a payment when the TOTAL line was lost', () => {
  it('takes vouchers for a payment, not an item, when the TOTAL line was lost', () => {
    const text = ocr('payment/takes-vouchers-for-a-payment-not');
    const f = read(text);
    expect(f.total).toBe(60110);
    expect(f.items).toHaveLength(3);
  });
});

describe('no card in words holding VISA or AMEX, no folio from TOTAL VENTA, a folio with look-alike letters', () => {
  it('finds no card in words that hold VISA or AMEX, nor in what a shop says it accepts', () => {
    expect(read(ticket(ocr('payment/finds-no-card-in-words-that'))).payment_method).toBe('cash');
    expect(read(ticket(ocr('payment/finds-no-card-in-words-that-2'))).payment_method).toBe('cash');
    expect(read(ticket(ocr('payment/finds-no-card-in-words-that-3'))).payment_method).toBe('card');
  });

  it('takes no folio from TOTAL VENTA or FECHA DE VENTA, nor an amount as one', () => {
    expect(read(ticket(ocr('payment/takes-no-folio-from-total-venta'))).folio).toBe('378-128605');
    expect(read(ocr('payment/takes-no-folio-from-total-venta-2')).folio).toBe('12345');
    // `NOTA DE VENTA: 11976` and `No. VENTA: 4411` keep theirs.
    expect(read(ticket(ocr('payment/takes-no-folio-from-total-venta-3'))).folio).toBe('11976');
    expect(read(ticket(ocr('payment/takes-no-folio-from-total-venta-4'))).folio).toBe('4411');
  });

  it("reads a folio whose label or value carries look-alike letters, and keeps a series' letters", () => {
    const folio = (t: string) => read(ticket(`${t}\nTOTAL 10.00`)).folio;
    expect(folio('TICKET No. B-I2648')).toBe('B-12648');
    expect(folio('CUENTA # 3S59279')).toBe('3559279');
    expect(folio('No. VENTA: 422O8327')).toBe('42208327');
    expect(folio('CAJA: 02 # TICKET: O085277')).toBe('0085277');
    expect(folio('N0TA No. 0040834')).toBe('0040834');
    expect(folio('TRAN5ACCION: 2768116')).toBe('2768116');
    // A series stays, and a word after a label is no folio.
    expect(folio('# T1CKET: B656576')).toBe('B656576');
    expect(folio('CHEQUE: FV334760')).toBe('FV334760');
    expect(folio('TICKET: HOLA')).toBeNull();
  });
});
