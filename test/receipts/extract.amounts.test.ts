import { describe, expect, it } from 'vitest';
import {
  centsInWords,
  extractTotals,
  includedIvaRepair,
  taxBlocks,
} from '../../src/receipts/extract/extract.amounts.js';
import { extractFields } from '../../src/receipts/extract/extract.js';
import { moneyIn } from '../../src/receipts/extract/extract.text.js';
import { lines, ocr, read, TODAY, ticket } from './extract.helpers.js';

describe('amounts', () => {
  it('reads the TOTAL label as OCR misreads it (T0TAL, TOTAI, letter-spaced), so the line is no item', () => {
    const items = ocr('amounts/items');
    for (const label of ['T O T A L $63.50', 'T0TAL 63.50', 'TOTAI 63.50'])
      expect(extractFields(`${items}${label}\nGRACIAS`, TODAY).fields.total).toBe(6350);
    expect(extractFields('TIENDA\nT O T A L $63.50', TODAY).fields.total).toBe(6350);
  });

  it('takes a TOTAL printed below the tip as including it, and a discount above the total off the items', () => {
    const tipped = extractTotals(lines(ocr('amounts/takes-a-total-printed-below-the')), 45000);
    expect({ total: tipped.total, tip: tipped.tip }).toEqual({ total: 45000, tip: 4500 });
    // A TOTAL above the tip is the purchase, as before.
    expect(extractTotals(lines(ocr('amounts/takes-a-total-printed-below-the-2')), 70473).total).toBe(70473);
    const text = ocr('amounts/takes-a-total-printed-below-the-3');
    expect(extractTotals(lines(text), 8000).total).toBe(7000);
    // Savings printed after the total (already in the prices) change nothing.
    expect(extractTotals(lines(ocr('amounts/takes-a-total-printed-below-the-4')), 8000).total).toBe(8000);
  });

  it('finds subtotal, tax and total whose labels OCR garbled by their arithmetic, and lets them outvote the items', () => {
    // A tilted ticket: the subtotal's `$` read as 5 made it look like an item, and the labels are lost.
    const text = ocr('amounts/finds-subtotal-tax-and-total-whose');
    expect(taxBlocks(lines(text))).toEqual([{ subtotal: 12661, tax: 1283, total: 13944 }]);
    const totals = extractTotals(lines(text), 1637 + 1600 + 3247 + 512661);
    expect(totals).toMatchObject({ total: 13944, subtotal: 12661, iva: 1283 });
  });

  it('finds subtotal, tax and total whose amounts drifted a line down past their labels, SUBTOTAL lost', () => {
    // A hard photo after one more JPEG generation: each amount read beside the label below its own.
    const text = ocr('amounts/finds-subtotal-tax-and-total-whose-2');
    expect(taxBlocks(lines(text))).toEqual([{ subtotal: 43938, tax: 3714, total: 47652 }]);
    expect(extractTotals(lines(text), 20281)).toMatchObject({ total: 47652, subtotal: 43938, iva: 3714 });
    // Read where they belong, the same labels add up to nothing: a total is never 16 % of the IVA.
    const right = ocr('amounts/right');
    expect(extractTotals(lines(right), null)).toMatchObject({ total: 47652, subtotal: 43938, iva: 3714 });
    expect(taxBlocks(lines(ocr('amounts/finds-subtotal-tax-and-total-whose-3')))).toEqual([]);
    // A purchase priced with tax in is no tax line, nor a savings summary or a tip a TOTAL.
    const savings = ocr('amounts/savings');
    expect(extractTotals(lines(savings), null).total).toBe(50000);
    const tip = ocr('amounts/tip');
    expect(extractTotals(lines(tip), null).total).toBe(50000);
  });

  it('takes no tax block from lines that merely add up: tax above 16 %, or no percentage or TOTAL beside them', () => {
    // 5.00 is half of 10.00: no tax rate does that.
    expect(taxBlocks(lines(ocr('amounts/takes-no-tax-block-from-lines')))).toEqual([]);
    // Three items that happen to add up, nothing marks them as the tax block.
    expect(taxBlocks(lines(ocr('amounts/takes-no-tax-block-from-lines-2')))).toEqual([]);
    // A tip (or a service charge) adds up like a tax: it is not one.
    expect(taxBlocks(lines(ocr('amounts/takes-no-tax-block-from-lines-3')))).toEqual([]);
    expect(taxBlocks(lines(ocr('amounts/takes-no-tax-block-from-lines-4')))).toEqual([]);
  });

  it('reads thousands separators, $ signs and decimal commas as cents', () => {
    expect(moneyIn('TOTAL $1,257.60').map((m) => m.cents)).toEqual([125760]);
    expect(moneyIn('TOTAL $1, 164.06').map((m) => m.cents)).toEqual([116406]);
    expect(moneyIn('SUMME 17,70').map((m) => m.cents)).toEqual([1770]);
    expect(moneyIn('IVA 16% 10.63').map((m) => m.cents)).toEqual([1063]);
  });

  it('repairs a $ misread as 5 when the arithmetic says so', () => {
    const t = extractTotals(lines(ocr('amounts/repairs-a-misread-as-5-when')), null);
    expect(t).toMatchObject({ total: 22524, subtotal: 19417, iva: 3107 });
  });

  it('takes the total from subtotal + IVA when the TOTAL line is garbled', () => {
    const t = extractTotals(lines(ocr('amounts/takes-the-total-from-subtotal-iva')), null);
    expect(t.total).toBe(12857);
  });

  it('takes the TOTAL as printed over payment lines a digit off it (the evidence leaves it unsure)', () => {
    for (const name of ['', '-2']) {
      const t = extractTotals(
        lines(ocr(`amounts/takes-the-total-as-printed-over-payments-a-digit-off${name}`)),
        null,
      );
      expect(t.total).toBe(116466);
    }
  });

  it('repairs a total and its included IVA that disagree by one confusable digit each', () => {
    const text = ocr('amounts/repairs-a-total-and-its-included');
    expect(extractTotals(lines(text), null)).toMatchObject({ total: 64383, iva: 8880, subtotal: null });
    // The total was right and only the IVA was misread.
    expect(includedIvaRepair(64383, 8380)).toEqual({ total: 64383, iva: 8880 });
  });

  it('leaves a total alone when its IVA is not 16 % of it or other readings back it (0 % items, 8 % border)', () => {
    const mixed = extractTotals(lines(ocr('amounts/leaves-a-total-alone-when-its')), 2970);
    expect(mixed).toMatchObject({ total: 2970, iva: 287 });
    const border = extractTotals(lines(ocr('amounts/leaves-a-total-alone-when-its-2')), null);
    expect(border).toMatchObject({ total: 4839, iva: 358 });
  });

  it('leaves an included IVA alone when it agrees, or when no single repair explains it', () => {
    expect(includedIvaRepair(64383, 8880)).toBeNull();
    expect(includedIvaRepair(64383, 8881)).toBeNull();
    // Part of the ticket at 0 %: no one-digit misreading makes 50.00 the IVA of 1,000.00.
    expect(includedIvaRepair(100000, 5000)).toBeNull();
    const t = extractTotals(lines(ocr('amounts/leaves-an-included-iva-alone-when')), null);
    expect(t).toMatchObject({ total: 100000, iva: 5000 });
  });

  it('lets the cents of the total in words decide between two readings', () => {
    const text = ocr('amounts/lets-the-cents-of-the-total');
    expect(extractTotals(lines(text), 293265).total).toBe(293266);
    // Without the words, the item sum outweighs cash minus change.
    expect(extractTotals(lines(text.replace('66/100', '')), 293265).total).toBe(293265);
    expect(centsInWords(lines('SON: CIENTO VEINTE PESOS 05/100 MN'))).toBe(5);
    // A fraction that is not an amount in words is not read as cents, nor one below the words.
    expect(centsInWords(lines('DESCUENTO 10/100'))).toBeNull();
    expect(centsInWords(lines('CIEN PESOS M.N.\nHOY 34/100'))).toBeNull();
  });

  it('reads values that drifted one line below their labels when the arithmetic agrees', () => {
    const text = ocr('amounts/reads-values-that-drifted-one-line');
    expect(extractTotals(lines(text), null)).toMatchObject({ total: 47652, subtotal: 43938, iva: 3714 });
  });

  it('excludes the tip from the total and ignores suggested tips', () => {
    const t = extractTotals(lines(ocr('amounts/excludes-the-tip-from-the-total')), null);
    expect(t).toMatchObject({ total: 10000, tip: null });
    const u = extractTotals(lines(ocr('amounts/excludes-the-tip-from-the-total-2')), null);
    expect(u).toMatchObject({ total: 10000, tip: 1500 });
  });
});

describe('a tip on the bill and what was paid', () => {
  const fields = (text: string) => extractFields(text, new Date('2026-11-23')).fields;

  it('takes the purchase without the tip when the TOTAL below the tip includes it and the payment covers both', () => {
    const text = ocr('amounts/takes-the-purchase-without-the-tip');
    expect(fields(text)).toMatchObject({ total: 50000, tip: 5000, iva: null });
  });

  it('keeps a total the tip was paid apart from, and a priced-with-tax line is no IVA amount', () => {
    expect(fields(ocr('amounts/keeps-a-total-the-tip-was'))).toMatchObject({ total: 50000 });
    expect(fields(ocr('amounts/keeps-a-total-the-tip-was-2'))).toMatchObject({
      total: 8000,
      iva: null,
    });
    expect(fields(ocr('amounts/keeps-a-total-the-tip-was-3'))).toMatchObject({ iva: 1103 });
  });
});

describe('a TOTAL with a zero against items that add up with a 9', () => {
  it('keeps the labelled zero over one reading whose 9 is the common slip of a dotted zero', () => {
    // A hard dev photo saved once more: IMPORTE 857.50 read 857.59, so the items add up to 1,047.49.
    const text = ocr('amounts/keeps-the-labelled-zero-over-one');
    expect(extractTotals(lines(text), 104749).total).toBe(104740);
    // The items and the change agreeing on the 9 are two readings: they win.
    const paid = text.replace('CAMBIO 151.68', 'CAMBIO 152.51');
    expect(extractTotals(lines(paid), 104749).total).toBe(104749);
  });
});

describe('a subtotal beside a tax line whose amount was not read', () => {
  it('is no total: the tax is missing from it', () => {
    // A hard dev photo sent as a messaging app would (0.85×, JPEG q80): the IVA's amount garbled, TOTAL's lost.
    const text = ocr('amounts/is-no-total-the-tax-is');
    expect(extractTotals(lines(text), null).total).toBeNull();
    // Prices with the tax in, said in a note without figures: the subtotal still is the total.
    expect(extractTotals(lines(ocr('amounts/is-no-total-the-tax-is-2')), null).total).toBe(10000);
  });
});

describe('a German receipt’s total label', () => {
  it('reads SUMME, GESAMTBETRAG and ZU ZAHLEN as the total, with a decimal comma', () => {
    const at = (text: string) => extractFields(text, TODAY).fields.total;
    expect(at(ocr('amounts/reads-summe-gesamtbetrag-and-zu-zahlen'))).toBe(1250);
    expect(at(ocr('amounts/reads-summe-gesamtbetrag-and-zu-zahlen-2'))).toBe(340);
    expect(at(ocr('amounts/reads-summe-gesamtbetrag-and-zu-zahlen-3'))).toBe(899);
  });
});

describe('a restaurant’s SUMA and IMPUESTOS (OCR text of generated tickets)', () => {
  it('reads them as subtotal and tax, not as items', () => {
    const f = extractFields(ocr('amounts/reads-them-as-subtotal-and-tax'), TODAY).fields;
    expect(f).toMatchObject({ total: 48650, subtotal: 41940, iva: 6710, tip: 7298 });
    expect(f.items.map((i) => i.amount)).toEqual([11700, 8200, 14400, 14350]);
    // `SUMA DE ARTICULOS` counts pieces.
    expect(extractFields(ocr('amounts/reads-them-as-subtotal-and-tax-2'), TODAY).fields.subtotal).toBeNull();
  });
});

describe('an IVA read with a digit too many or one lost', () => {
  const taxes = (iva: string, subtotal = '$542.93') => {
    const f = extractFields(
      `RFC CGT040130V12\nSUBTOTAL ${subtotal}\nIVA 16% ${iva}\nTOTAL $611.61`,
      TODAY,
    ).fields;
    return [f.subtotal, f.iva, f.total];
  };

  it('is the amount the subtotal and total leave for it (image-level generator, Inconsolata: `$658.68`)', () => {
    expect(taxes('$658.68')).toEqual([54293, 6868, 61161]);
    expect(taxes('$8.68')).toEqual([54293, 6868, 61161]);
  });

  it('is not replaced when it differs from that amount by a digit misread, nor by more than one digit', () => {
    // A same-length difference may be the subtotal's misread cent: the IVA as read stays.
    expect(taxes('$68.78')[1]).toBe(6878);
    expect(taxes('$6588.68')[1]).toBe(658868);
  });
});

describe('a subtotal or IVA read without its decimal point', () => {
  const taxes = (subtotal: string, iva: string, total = '$611.61') => {
    const f = extractFields(
      `RFC CGT040130V12\nSUBTOTAL ${subtotal}\nIVA 16% ${iva}\nTOTAL ${total}`,
      TODAY,
    ).fields;
    return [f.subtotal, f.iva, f.total];
  };

  it('is read as cents where it adds up with the total (image-level generator: `SUBTOTAL 20315`)', () => {
    expect(taxes('54293', '$68.68')).toEqual([54293, 6868, 61161]);
    expect(taxes('$542.93', '6868')).toEqual([54293, 6868, 61161]);
  });

  it('is not taken where it does not add up, nor where a rate or a time is the number', () => {
    expect(taxes('54290', '$68.68')).toEqual([null, 6868, 61161]);
    expect(taxes('$542.93', '16%')).toEqual([54293, null, 61161]);
    // A ticket that prints no cents at all reads whole pesos (`TOTAL $343`), as before.
    expect(taxes('$295', '$48', '$343')).toEqual([29500, null, 34300]);
  });
});

describe('OCR text of a generated ticket: a `$` read as a digit before a tax amount', () => {
  it('takes a subtotal without the digit its `$` became, when only so it adds up to the cent', () => {
    const f = read(ocr('amounts/takes-a-subtotal-without-the-digit'));
    expect([f.subtotal, f.iva, f.total]).toEqual([7936, 1269, 9205]);
    // Adding up as read: nothing is cut.
    const g = read(ocr('amounts/takes-a-subtotal-without-the-digit-2'));
    expect([g.subtotal, g.iva]).toEqual([97936, 11269]);
  });

  it('takes no included IVA over 16/116 of the total: its `$` was read as a digit', () => {
    const f = read(ocr('amounts/takes-no-included-iva-over-16'));
    expect(f.iva).toBe(2167);
    expect(read(ocr('amounts/takes-no-included-iva-over-16-2')).iva).toBe(2167);
  });
});

describe('OCR text of a generated ticket (seed 23): a TOTAL line lost under a pen circle', () => {
  it('reads a $ amount whose decimal point was read as a hyphen, so cash minus change backs the items’ sum', () => {
    const text = ocr('amounts/reads-a-amount-whose-decimal-point');
    expect(read(text).total).toBe(109102);
    expect(moneyIn('EFECTIVO $1100-00').map((m) => m.cents)).toEqual([110000]);
    // Without a $, a hyphen between figures is no decimal point (a date, a phone number).
    expect(moneyIn('TEL 55 1234-56')).toEqual([]);
  });
});

describe('OCR text of a generated ticket (seed 23): a fuel block behind a speck', () => {
  it('reads a product line with a speck before it, so the items add up with cash minus change', () => {
    const text = ocr('amounts/reads-a-product-line-with-a');
    const f = read(text);
    expect(f.total).toBe(165613);
    expect(f.items.map((i) => [i.description, i.amount])).toEqual([
      ['PREMIUM', 134447],
      ['ACEITE MOTOR 1L', 31166],
    ]);
  });
});

describe('OCR text of generated tickets: a tip suggestion headed SUGERENCIA DE PROPINA', () => {
  it('takes no suggested amount below the heading as the tip', () => {
    const f = read(ocr('amounts/takes-no-suggested-amount-below-the'));
    expect([f.total, f.tip]).toEqual([61957, null]);
    // A tip actually added still reads.
    expect(read(ocr('amounts/takes-no-suggested-amount-below-the-2')).tip).toBe(5000);
  });

  it('reads an included IVA whose opening bracket was read as a C after a speck (`| CI.V.A. INCLUIDO`)', () => {
    const f = read(ocr('amounts/reads-an-included-iva-whose-opening'));
    expect(f.iva).toBe(18198);
    // A customer's `C/IVA` is still no tax line.
    expect(read(ocr('amounts/reads-an-included-iva-whose-opening-2')).iva).toBeNull();
  });
});

describe('a TOTAL CON DESCUENTO and the discount above it', () => {
  const H = ocr('amounts/h');
  const f = (text: string) => extractFields(text, TODAY).fields;

  it('takes TOTAL CON DESCUENTO as the total, and no discount without a TOTAL above it', () => {
    expect(f(`${H}SUBTOTAL 111.50\nTOTAL CON DESCUENTO 100.35\nTARJETA 100.35`).total).toBe(10035);
    expect(f(`${H}SUBTOTAL 111.50\nTOTAL C/DESC 100.35\nTARJETA 100.35`).total).toBe(10035);
    expect(
      f(`${H}SUBTOTAL 96.12\nIVA 16% 15.38\nTOTAI 111.50\nTARJETA 111.50\nTOTAL DESCUENTOS 12.00`).total,
    ).toBe(11150);
    expect(f(`${H}NETO A PAGAR 111.50\nDESCUENTO APLICADO 12.00`).total).toBe(11150);
  });
});

describe('totals with look-alike letters, units glued to prices, and bills paid among the items', () => {
  it.each([
    ['TOTAL 1O6.15', 10615],
    ['TOTAL II6.15', 11615],
    ['TOTAL $1O6.15', 10615],
  ])('a total with look-alike letters for digits (%s) is read whole, not as its tail', (line, cents) => {
    const items = ocr('amounts/items-2');
    expect(extractFields(`SORIANA\n${items}\n${line}\nTARJETA DEBITO`, TODAY).fields.total).toBe(cents);
    expect(moneyIn(line).map((m) => m.cents)).toEqual([cents]);
  });

  it('leaves words that only end in look-alikes alone', () => {
    expect(moneyIn('LOL.50 1L 27.50').map((m) => m.cents)).toEqual([2750]);
  });

  it('reads a unit glued to a price as a unit, not as digits', () => {
    expect(moneyIn('LECHE LALA ENTERA 1L26.50').map((m) => m.cents)).toEqual([2650]);
    expect(moneyIn('GARRAFON 20L35.00').map((m) => m.cents)).toEqual([3500]);
    const text = ocr('amounts/reads-a-unit-glued-to-a');
    expect(extractFields(text, TODAY).fields.total).toBe(7150);
  });

  it('keeps a bill paid (PAGO: TELMEX) among the items', () => {
    const text = ocr('amounts/keeps-a-bill-paid-pago-telmex');
    expect(extractFields(text, TODAY).fields.items).toHaveLength(3);
  });

  it('takes neither PAGO: nor SU PAGO for an item on a ticket without a TOTAL line', () => {
    const parking = ocr('amounts/parking');
    expect(extractFields(parking, TODAY).fields.total).toBe(4500);
  });
});

describe('totals on pages whose lines OCR merged or split, and a quantity kept apart from a price', () => {
  const head = ocr('amounts/head');

  it.each([
    [ocr('amounts/reads-the-total-of-a-ticket'), 123450],
    ["TOTAL $1'234.50", 123450],
    [ocr('amounts/reads-the-total-of-a-ticket-2'), 11600],
  ])('reads the total of %s', (body, cents) => {
    expect(extractFields(`${head}\n${body}`, TODAY).fields.total).toBe(cents);
  });

  it('keeps a quantity and a price apart when no $ opens them', () => {
    expect(moneyIn('2 100.00').map((m) => m.cents)).toEqual([10000]);
  });

  it.each([
    ocr('amounts/splits-two-printed-lines-ocr-merged'),
    ocr('amounts/splits-two-printed-lines-ocr-merged-2'),
    ocr('amounts/splits-two-printed-lines-ocr-merged-3'),
    ocr('amounts/splits-two-printed-lines-ocr-merged-4'),
  ])('splits two printed lines OCR merged into one (%s)', (body) => {
    expect(extractFields(`${head}\n${body}`, TODAY).fields.total).toBe(11600);
  });

  it('joins cents OCR set apart from the decimal point, at the end of a line only', () => {
    expect(extractFields(`${head}\nTOTAL 116. 00\nEFECTIVO 200. 00\nCAMBIO 84. 00`, TODAY).fields.total).toBe(
      11600,
    );
    expect(moneyIn('PZA 1. 50 3.00').map((m) => m.cents)).toEqual([300]);
  });
});

describe('a TOTAL after a discount, and a total in whole pesos (hard photos)', () => {
  const fields = (text: string) => extractFields(text, new Date('2026-11-23')).fields;

  it('takes the TOTAL after a discount printed between two, and leaves the items adding up to the first', () => {
    const items = ocr('amounts/items-3');
    const flat = fields(
      `${items}\nTOTAL $1,077.00\nDESCUENTO -20.00\nTOTAL A PAGAR $1,057.00\nEFECTIVO $1,060.00`,
    );
    expect(flat.total).toBe(105700);
    expect(flat.items.map((i) => i.amount)).toEqual([79800, 14900, 13000]);
    const pct = fields(
      `${items}\nTOTAL $1,077.00\nDESCUENTO 10% -107.70\nTOTAL A PAGAR $969.30\nVISA $969.30`,
    );
    expect(pct.total).toBe(96930);
    // A discount above the only TOTAL is still taken off the items, as before.
    expect(fields(`${items}\nDESCUENTO -20.00\nTOTAL $1,057.00`).total).toBe(105700);
  });

  it('reads a total in whole pesos, backed by cash and change in whole pesos', () => {
    expect(fields(ocr('amounts/reads-a-total-in-whole-pesos')).total).toBe(34300);
    // A count after TOTAL's own words is no amount.
    expect(fields(ocr('amounts/reads-a-total-in-whole-pesos-2')).total).toBe(4500);
  });
});

describe('no net total from a savings summary or card slip, and items whose price wrapped', () => {
  const fields = (text: string) => extractFields(text, new Date('2026-11-23')).fields;
  const cash = ocr('amounts/cash');

  it('takes no savings summary or card-slip TOTAL for a net total, and no lost decimal point or time for pesos', () => {
    const items = ocr('amounts/items-4');
    expect(
      fields(`${items}\nTOTAL $343.00\n${cash}\nDESCUENTO APLICADO $25.00\nTOTAL AHORRADO $25.00`).total,
    ).toBe(34300);
    expect(
      fields(`${items}\nTOTAL 343.00\n${cash}\nDESCUENTOS APLICADOS 12.50\nTOTAL PAGADO 343.00`).total,
    ).toBe(34300);
    expect(fields(ocr('amounts/takes-no-savings-summary-or-card')).total).toBe(7000);
    const parking = ocr('amounts/parking-2');
    expect(fields(`${parking}\nTIEMPO TOTAL: 02:15\nTOTAL A PAGAR $30.00\nPAGO CON TARJETA`).total).toBe(
      3000,
    );
    expect(fields(`${parking}\nIMPORTE: $30.00\nREFERENCIA DE PAGO: 84736251\nCAMBIO: $0.00`).total).toBe(
      3000,
    );
  });

  it('keeps items whose price wrapped, a TARIFA item, and no HORA line read as a price', () => {
    const items = (text: string) => fields(text).items.map((i) => [i.description, i.amount]);
    expect(items(ocr('amounts/keeps-items-whose-price-wrapped-a'))).toEqual([
      ['CAMBIO DE ACEITE', 45000],
      ['FILTRO DE AIRE', 18000],
    ]);
    expect(items(ocr('amounts/keeps-items-whose-price-wrapped-a-2'))).toEqual([
      ['LAVADO 5 KG', 12000],
      ['TARIFA EXPRESS', 5000],
    ]);
    expect(items(ocr('amounts/keeps-items-whose-price-wrapped-a-3'))).toEqual([['TACO PASTOR', 3600]]);
    expect(items(ocr('amounts/keeps-items-whose-price-wrapped-a-4'))).toEqual([['MAGNA', 48000]]);
  });
});

describe('INCLUYEIVA glued as the included IVA', () => {
  it('reads INCLUYEIVA glued as the included IVA', () => {
    const text = ocr('amounts/reads-incluyeiva-glued-as-the-included');
    expect(read(text)).toMatchObject({ total: 23300, iva: 3214, subtotal: null });
  });
});

describe('TOTALA PAGAR, a TOTAL above the cash, and a bracket read C before IVA INCLUIDO (other fonts)', () => {
  it('reads `TOTALA PAGAR` as the TOTAL, not as one more item', () => {
    const text = ocr('amounts/reads-totala-pagar-as-the-total');
    const f = read(text);
    expect(f.total).toBe(88100);
    expect(f.items.map((i) => i.amount)).toEqual([11300, 76800]);
  });

  it('takes no TOTAL above the cash handed over when the items add up within it', () => {
    const text = ocr('amounts/takes-no-total-above-the-cash');
    expect(read(text.replace('{T}', '2498.74')).total).toBe(24874);
    expect(read(text.replace('{T}', '248.74')).total).toBe(24874);
    // Paid by card too, the cash is part of it: the TOTAL stands.
    const mixed = `${text.replace('{T}', '498.74')}TARJETA 248.74\n`;
    expect(read(mixed).total).toBe(49874);
    // Nothing but the label within the cash: the TOTAL stands too.
    expect(read(ocr('amounts/takes-no-total-above-the-cash-2')).total).toBe(249874);
  });

  it('reads `(IVA INCLUIDO …)` with its bracket read C as the tax, not an item', () => {
    const text = ocr('amounts/reads-iva-incluido-with-its-bracket');
    const f = read(text);
    expect(f.total).toBe(135705);
    expect(f.iva).toBe(18718);
    expect(f.items).toHaveLength(2);
  });
});

describe('a total the items back above the cash when the rest was paid another way', () => {
  it('keeps a total the items back above the cash when the rest was paid another way', () => {
    const body = ocr('amounts/keeps-a-total-the-items-back');
    for (const paid of [
      'MONEDERO ELECTRONICO 350.00',
      'VALES 350.00',
      'DEBITO 350.00',
      'PAGO CON PUNTOS 350.00',
    ])
      expect(read(`${body}${paid}\nEFECTIVO 500.00\nCAMBIO 0.00`).total).toBe(85000);
    expect(read(`${body}EFECTIVO USD 20.00\nEFECTIVO MXN 500.00\nCAMBIO 0.00`).total).toBe(85000);
  });
});

describe('totals and items on generated and foreign layouts: IVA INCLUIDO, CONSUMO, GST, a donation, a DESCRIPCION CANT IMPORTE header', () => {
  it('takes `TOTAL (IVA INCLUIDO)` as the total, not as an IVA line', () => {
    const f = read(ticket(ocr('amounts/takes-total-iva-incluido-as-the')));
    expect(f.total).toBe(3550);
    expect(f.iva).toBeNull();
  });

  it("ends the items at a restaurant's CONSUMO before the tip, and reads a `$ ` unit price", () => {
    const f = extractFields(ticket(ocr('amounts/ends-the-items-at-a-restaurants')), TODAY).fields;
    expect(f.items.map((i) => i.description)).toEqual(['SOPA DE TORTILLA', 'ENCHILADAS']);
    expect(f.total).toBe(34960);
    const weighed = read(ticket(ocr('amounts/ends-the-items-at-a-restaurants-2')));
    expect(weighed.items).toEqual([
      expect.objectContaining({ description: 'POLLO ENTERO', quantity: 2.235 }),
    ]);
  });

  it('reads an English CASH / CHANGE pair and skips TOTAL GST, TOTAL QTY and TOTAL SALES (EXCLUDING GST)', () => {
    const f = read(ocr('amounts/reads-an-english-cash-change-pair'));
    expect(f.total).toBe(2120);
    expect(f.payment_method).toBe('cash');
    expect(read(ocr('amounts/reads-an-english-cash-change-pair-2')).total).toBe(150);
  });

  it('reads the quantity after the description under a DESCRIPCION CANT IMPORTE header, and a SKU as no quantity', () => {
    const items = (body: string) =>
      read(ticket(body)).items.map((i) => [i.description, i.quantity, i.amount] as const);
    expect(items(ocr('amounts/reads-the-quantity-after-the-description'))).toEqual([
      ['QUESADILLA', 9, 31419],
      ['REFRESCO 600ML', 1, 2828],
      ['CLAVO 2 1/2', 2.625, 11708],
    ]);
    // Without that header the number stays part of the description.
    expect(items(ocr('amounts/reads-the-quantity-after-the-description-2'))).toEqual([
      ['REFRESCO 600ML 1', 1, 2828],
    ]);
    expect(items(ocr('amounts/reads-the-quantity-after-the-description-3'))).toEqual([
      ['TOALLA BANO', 1, 17789],
      ['JABON ZOTE', 2, 3000],
    ]);
  });

  it('leaves a donation rounded up on top of a purchase (REDONDEO) out of its total', () => {
    expect(read(ticket(ocr('amounts/leaves-a-donation-rounded-up-on'))).total).toBe(9950);
  });
});
