import { describe, expect, it } from 'vitest';
import { merchantCatalog } from '../../src/catalogs/merchants.catalog.js';
import {
  chooseDate,
  chooseRfc,
  chooseTotal,
  readingCost,
  readingDates,
} from '../../src/receipts/extract/choose.js';
import { confidenceOf, evidenceLevel } from '../../src/receipts/extract/confidence.js';
import { weighEvidence } from '../../src/receipts/extract/evidence.js';
import { toLines } from '../../src/receipts/extract/extract.text.js';
import type { ReceiptData } from '../../src/receipts/receipt.types.js';
import { withEvidence } from '../../src/receipts/receipts.reader.js';
import { type KeyField, reviewFields } from '../../src/receipts/review.js';
import { receiptData } from './receipt.data.js';

const TODAY = new Date('2026-03-01T12:00:00Z');

const TICKET = [
  'OPERADORA DE ALIMENTOS LA TERRAZA SA DE CV',
  'R.F.C. OAT080813655',
  'FECHA: 06/02/2026 16:59',
  'CAFE DE OLLA 60.92',
  'REFRESCO 201.08',
  'SUBTOTAL 262.00',
  'IVA 16% 41.92',
  'TOTAL 303.92',
  'EFECTIVO 500.00',
  'CAMBIO 196.08',
].join('\n');

function data(over: Partial<ReceiptData> = {}): ReceiptData {
  return receiptData({
    vendor_name: 'OPERADORA DE ALIMENTOS LA TERRAZA SA DE CV',
    vendor_rfc: 'OAT080813655',
    date: '2026-02-06',
    total: 30392,
    subtotal: 26200,
    iva: 4192,
    payment_method: 'cash',
    items: [
      { description: 'CAFE DE OLLA', quantity: 1, amount: 6092 },
      { description: 'REFRESCO', quantity: 1, amount: 20108 },
    ],
    confidence: { ...receiptData().confidence, items: 0.9 },
    text: TICKET,
    ...over,
  });
}

/** The field's evidence holds the conflict, and its confidence stays under the review threshold. */
function expectDoubt(d: ReceiptData, field: KeyField, conflict: string): void {
  expect(weighEvidence(d, TODAY)[field]).toContain(conflict);
  expect(confidenceOf(weighEvidence(d, TODAY))[field]).toBeLessThan(0.9);
}

describe('evidence for the total', () => {
  it('finds the label, the tax sum at its rate and cash minus change', () => {
    const ev = weighEvidence(data(), TODAY).total;
    expect(ev).toEqual(
      expect.arrayContaining(['label TOTAL', 'subtotal+iva', 'iva rate', 'efectivo-cambio']),
    );
    expect(evidenceLevel('total', ev)).toBeGreaterThanOrEqual(3);
    expect(confidenceOf(weighEvidence(data(), TODAY)).total).toBeGreaterThanOrEqual(0.95);
  });

  it('leaves a total that nothing on the ticket adds up to unsure', () => {
    const d = data({ total: 30982, text: TICKET.replace('TOTAL 303.92', 'TOTAL 309.82') });
    const c = confidenceOf(weighEvidence(d, TODAY));
    expect(c.total).toBeLessThan(0.9);
    expect(reviewFields({ ...d, confidence: { ...d.confidence, ...c } }, 0.9)).toContain('total');
  });
});

describe('a total printed twice or mended', () => {
  const onlyTotals = (lines: string[]) =>
    data({ items: [], subtotal: null, iva: null, text: lines.join('\n') });

  it('takes a second printing of the total (the card line) as a check of its digits, the label alone not', () => {
    const twice = onlyTotals(['TOTAL 303.92', 'TARJETA DEBITO 303.92']);
    expect(confidenceOf(weighEvidence(twice, TODAY)).total).toBeGreaterThanOrEqual(0.9);
    const once = onlyTotals(['TOTAL 303.92', 'GRACIAS POR SU COMPRA']);
    expect(confidenceOf(weighEvidence(once, TODAY)).total).toBeLessThan(0.9);
  });

  it('leaves a TOTAL that two payment lines contradict by one digit unsure, as read', () => {
    const d = onlyTotals(['TOTAL $1, 164.66', 'TDC AMEX $1,164.06', 'IMPORTE: $1, 164.06']);
    expect(confidenceOf(weighEvidence({ ...d, total: 116466 }, TODAY)).total).toBeLessThan(0.9);
  });

  it('doubts a digit two printings of the total read apart as often, unless another amount ties the total', () => {
    // The total re-read with a 9 as 7 on its item and TOTAL lines, the first reading's TOTAL and card line saying 9.
    const d = onlyTotals(['TOTAL 92.90', 'VISA 92.90', 'TOTAL 72.90']);
    expect(weighEvidence({ ...d, total: 7290 }, TODAY).total).toContain('!digit contested');
    expect(confidenceOf(weighEvidence({ ...d, total: 7290 }, TODAY)).total).toBeLessThan(0.9);
    // Read so more often than the other way, the digit is the ticket's; cash less change settles it too.
    expect(weighEvidence({ ...d, total: 9290 }, TODAY).total).not.toContain('!digit contested');
    const tied = onlyTotals(['TOTAL 72.90', 'VISA 92.90', 'EFECTIVO 100.00', 'CAMBIO 27.10']);
    expect(confidenceOf(weighEvidence({ ...tied, total: 7290 }, TODAY)).total).toBeGreaterThanOrEqual(0.9);
  });

  it('doubts a total under the IVA the ticket prints, read twice or not, unless a sum backs it', () => {
    const lost = onlyTotals(['TOTAL: 4.43', 'INCLUYE IVA 16%: $174.40', 'TOTAL 4.43']);
    expect(weighEvidence({ ...lost, total: 443 }, TODAY).total).toContain('!under its tax');
    expect(confidenceOf(weighEvidence({ ...lost, total: 443 }, TODAY)).total).toBeLessThan(0.9);
    // The IVA misread instead (`5122.80` for $122.80): cash less change still backs the total.
    const iva = onlyTotals(['TOTAL 890.27', 'INCLUYE IVA 16%: 5122.80', 'EFECTIVO 900.00', 'CAMBIO 9.73']);
    expect(confidenceOf(weighEvidence({ ...iva, total: 89027 }, TODAY)).total).toBeGreaterThanOrEqual(0.9);
  });

  it('gives a total printed nowhere, backed by one sum only, the lowest level', () => {
    const d = data({
      text: TICKET.replace('TOTAL 303.92', 'TOTAL 309.82').replace('CAMBIO 196.08', 'CAMBIO'),
    });
    const ev = weighEvidence(d, TODAY).total;
    expect(ev).toContain('!not printed');
    expect(evidenceLevel('total', ev)).toBe(0);
  });
});

describe('choosing the date among the readings', () => {
  const first = 'FERRETERIA EL MIRADOR\nFC: 2026 -0= HORA: 07:04:37\nTOTAL $2,181.34';
  const header = 'FERRETERIA EL MIRADOR\ne FEC: 2026-01-14 HORA: 07:04:37';
  const choose = (date: string | null, readings: string[]) => {
    const d = data({ date, time: null, text: readings.join('\n') });
    return chooseDate(d, readingDates(readings, TODAY), toLines(d.text), TODAY);
  };

  it('takes the date a re-read of the header found whole when the first reading lost it', () => {
    const d = choose(null, [first, header]);
    expect([d.date, d.time]).toEqual(['2026-01-14', '07:04:37']);
  });

  it('keeps a printed date over another reading that backs its own no better', () => {
    const other = 'FECHA: 15/01/2026';
    expect(choose('2026-01-14', [header, other]).date).toBe('2026-01-14');
  });

  it('replaces a year misread into the future with the one another reading prints', () => {
    const misread = 'FECHA: 14/01/2028';
    const again = 'FECHA: 14/01/2026';
    expect(choose('2028-01-14', [misread, again]).date).toBe('2026-01-14');
  });

  it('does not call a date sure when two readings print two dates', () => {
    const one = 'FECHA 14/01/26 HORA: 09:32:50';
    const other = 'FECHA 11/01/26 HORA: 09:32:50';
    const d = data({ date: '2026-01-14', time: '09:32:50', text: `${one}\n${other}` });
    const agreed = withEvidence(d, TODAY, undefined, [one, one]);
    const contested = withEvidence(d, TODAY, undefined, [one, other]);
    expect(agreed.confidence.date).toBeGreaterThanOrEqual(0.9);
    expect(contested.sources?.date).toContain('printed');
    expect(contested.confidence.date).toBeLessThan(0.9);
  });
});

describe('choosing the total', () => {
  const card = ['TOTAL A PAGAR — 1D.', 'TARJETA TDD 1,777.54', 'AUT: 290795'].join('\n');
  const read = (over: Partial<ReceiptData>) =>
    data({ items: [], subtotal: null, iva: null, total: 677694, text: card, ...over });

  it('takes the card payment over a total the TOTAL line does not print', () => {
    const d = read({});
    expect(chooseTotal(d, toLines(d.text)).total).toBe(177754);
  });

  it('keeps the total when a tip is paid beside it, or when the tax read agrees with it', () => {
    const tipped = read({ tip: 21330 });
    expect(chooseTotal(tipped, toLines(tipped.text)).total).toBe(677694);
    const taxed = read({ total: 64383, iva: 8880, text: 'TOTAL A PAGAR 643.33\nTDC CARNET 643.33' });
    expect(chooseTotal(taxed, toLines(taxed.text)).total).toBe(64383);
  });

  it('does not keep a total whose subtotal and IVA add up only with an IVA over 16 % of the subtotal', () => {
    const text = ['SUB-TOTAL 16212', 'LVA. 16% 25.34', 'TOTAL $ 188.06', 'TOTAL $ 188.06'].join('\n');
    const summed = read({ total: 21340, subtotal: 2534, iva: 18806, text });
    expect(chooseTotal(summed, toLines(text)).total).toBe(18806);
    // Within 16 % of the subtotal the pair holds the total read, whatever the TOTAL lines print.
    const taxed = read({ total: 21340, subtotal: 19340, iva: 2000, text });
    expect(chooseTotal(taxed, toLines(text)).total).toBe(21340);
  });

  it('takes an amount under a garbled label when the IVA included in it ties it to the total', () => {
    const text = [
      'ARROZ 1KG 8,620.62',
      'ACEITE 1L 10,660.00',
      'TOTAL M.N.',
      'IVA INCLUIDO 16% 2,659.40',
      'SPEI REF 0417 19,280.62',
    ].join('\n');
    const d = read({ total: 1722659, text });
    const chosen = chooseTotal(d, toLines(text));
    expect(chosen.total).toBe(1928062);
    expect(withEvidence(chosen, TODAY).sources?.total).toEqual(['iva included']);
  });

  it('takes no amount that only a second printing backs (two items at one price)', () => {
    const text = ['TACO 35.00', 'TACO 35.00', 'T0TA1 $ 7O.OO'].join('\n');
    const d = read({ total: null, text });
    expect(chooseTotal(d, toLines(text)).total).toBeNull();
  });

  it('takes no total with the tip for the total, and sees no other TOTAL in it, when the tip was not read', () => {
    const text = [
      'TOTAL $ 470.99',
      'PROPINA 12% $ 5652',
      'TOTAL CON PROPINA $ 527.51',
      'EFECTIVO $ 530.00',
      'SU CAMBIO $ 2.49',
    ].join('\n');
    const d = read({ total: 47099, text });
    expect(chooseTotal(d, toLines(text)).total).toBe(47099);
    expect(weighEvidence(d, TODAY).total).not.toContain('!other TOTAL');
    // A TOTAL that only says the tip is left out is the purchase's.
    const apart = read({ total: 25000, text: 'TOTAL (PROPINA NO INCLUIDA) 250.00' });
    expect(weighEvidence(apart, TODAY).total).toContain('label TOTAL');
  });

  it('doubts a total where another TOTAL line is the one cash less change or a card pays, and takes that one', () => {
    // A first reading that paired each amount with the label a line below it, then a re-read of the same lines.
    const paired = ['IVA 16% 611.50', 'TOTAL $ 640.00', 'PAGO EFECTIVO 28.50', 'SU CAMBIO'];
    const again = ['IVA 16% 84.34', 'TOTAL $ 611.50', 'PAGO EFECTIVO 640.00', 'SU CAMBIO 28.50'];
    const text = [...paired, ...again].join('\n');
    expectDoubt(read({ total: 64000, text }), 'total', '!other TOTAL paid');
    expect(chooseTotal(read({ total: 64000, text }), toLines(text)).total).toBe(61150);
    // The one paid is not doubted by the other.
    expect(weighEvidence(read({ total: 61150, text }), TODAY).total).not.toContain('!other TOTAL paid');
  });

  it('doubts a TOTAL printed below a tip whose amount was not read: it includes the tip', () => {
    const text = [
      'SUBTOTAL $ 1,200.00',
      'IVA 16% 92.00',
      'TOTAL A ee — Y 20',
      'PROPINA 10% $-139:20',
      'GRAN TOTAL $ 1,531.20',
      'PAGO EFECTIVO $ 1,600.00',
      'SU CAMBIO $ 68.80',
    ].join('\n');
    const d = read({ total: 153120, text });
    expect(weighEvidence(d, TODAY).total).toEqual(['label TOTAL', '!with tip', 'efectivo-cambio']);
    expect(reviewFields(withEvidence(d, TODAY), 0.9)).toContain('total');
    // A tip only suggested, said to be left out or nil is no part of the TOTAL below it.
    for (const note of [
      'PROPINA SUGERIDA 10% $ 139.20',
      'SUGERENCIA DE PROPINA 10%: $ 139.20',
      'PROPINA NO INCLUIDA 10% 139.20',
      'PROPINA $ 0.00',
    ]) {
      const plain = read({ total: 153120, text: [note, 'TOTAL $ 1,531.20'].join('\n') });
      expect(weighEvidence(plain, TODAY).total).not.toContain('!with tip');
    }
  });

  it('takes a voucher or transfer payment as a line that pays the total exactly', () => {
    for (const paid of ['VALES DESPENSA 1,233.63', 'TRANSFERENCIA SPEI $1,233.63']) {
      const text = ['TOTAL A CARE 123063', paid].join('\n');
      const d = read({ total: 123288, text });
      expect(chooseTotal(d, toLines(text)).total).toBe(123363);
    }
  });

  it('takes a debit payment as the card line that pays the total', () => {
    const text = ['"IVA INCLUIDO $ 122.61', 'Tilda DEBITO $ 994.99'].join('\n');
    const d = read({ total: 136809, text });
    expect(chooseTotal(d, toLines(text)).total).toBe(99499);
  });

  it('keeps a total its own checks back as much as any other amount', () => {
    const d = data();
    expect(chooseTotal(d, toLines(d.text)).total).toBe(30392);
  });
});

describe('evidence for the RFC', () => {
  it('is sure of an RFC printed as chosen whose letters the razón social explains', () => {
    const ev = weighEvidence(data(), TODAY).vendor_rfc;
    expect(ev).toEqual(
      expect.arrayContaining(['check digit', 'rfc date', 'kind of name', 'letters of name']),
    );
    expect(confidenceOf(weighEvidence(data(), TODAY)).vendor_rfc).toBeGreaterThanOrEqual(0.95);
  });

  it('doubts a repair that read three characters or more as the other kind: a garbled run the check digit alone backs', () => {
    const twice = data({ text: TICKET.replace('OAT080813655', 'OATO8O813655') });
    const thrice = data({ text: TICKET.replace('OAT080813655', 'OATO8O8I3655') });
    expect(weighEvidence(twice, TODAY).vendor_rfc).toContain('forced repair');
    expectDoubt(thrice, 'vendor_rfc', '!garbled');
    expect(confidenceOf(weighEvidence(twice, TODAY)).vendor_rfc).toBeGreaterThanOrEqual(0.9);
  });

  it('counts no check digit for a homoclave SAT could not have assigned (a 0 or an O in it)', () => {
    // OAT080813Z02 passes the mod-11 check digit, but SAT's homoclave table has no 0.
    const ev = weighEvidence(data({ vendor_rfc: 'OAT080813Z02' }), TODAY).vendor_rfc;
    expect(ev).toContain('!check digit');
    expect(confidenceOf(weighEvidence(data({ vendor_rfc: 'OAT080813Z02' }), TODAY)).vendor_rfc).toBeLessThan(
      0.5,
    );
  });

  it('trusts a repair the structure forces (a letter O read where a digit goes) more than a swapped letter', () => {
    const forced = data({ text: TICKET.replace('OAT080813655', 'OATO80813655') });
    const swapped = data({ text: TICKET.replace('OAT080813655', 'OAT080813665') });
    expect(weighEvidence(forced, TODAY).vendor_rfc).toContain('forced repair');
    expect(weighEvidence(swapped, TODAY).vendor_rfc).toContain('!letter changed');
    const c = (d: ReceiptData) => confidenceOf(weighEvidence(d, TODAY)).vendor_rfc;
    expect(c(swapped)).toBeLessThan(c(forced));
    expect(c(swapped)).toBeLessThan(0.9);
  });

  it('doubts a repaired RFC whose letters are one off the razón social it was read under', () => {
    const name = 'GRUPO MINISUPERS DEL MAYAB S.A.';
    const d = data({
      vendor_name: name,
      vendor_rfc: 'CMM940617090',
      text: TICKET.replace(/^.*$/m, name).replace('OAT080813655', 'GMM940617090'),
    });
    expectDoubt(d, 'vendor_rfc', '!letters of name');
  });

  it('trusts a letter/digit look-alike where the homoclave takes either, unlike a swap of the same kind', () => {
    const d = data({ text: TICKET.replace('OAT080813655', 'OAT080813G55') });
    expect(weighEvidence(d, TODAY).vendor_rfc).toContain('look-alike repair');
    expect(confidenceOf(weighEvidence(d, TODAY)).vendor_rfc).toBeGreaterThanOrEqual(0.9);
  });

  it('doubts a look-alike repair the reading allows as cheaply into another RFC: the check digit passes both', () => {
    // `CTS010308865` read for CTS0103088G5: its homoclave's 8 taken for B or its 6 for G, one look-alike each.
    const d = data({ vendor_rfc: 'CTS010308B65', text: TICKET.replace('OAT080813655', 'CTS010308865') });
    expectDoubt(d, 'vendor_rfc', '!tied repair');
    // The look-alike above that no other repair ties (`OAT080813G55`) is not doubted.
    const alone = data({ text: TICKET.replace('OAT080813655', 'OAT080813G55') });
    expect(weighEvidence(alone, TODAY).vendor_rfc).not.toContain('!tied repair');
  });

  it('doubts a look-alike chosen where the structure had to force other characters too', () => {
    const d = data({ text: TICKET.replace('OAT080813655', 'OATO80813G55') });
    expectDoubt(d, 'vendor_rfc', '!look-alike among repairs');
  });

  it('doubts an RFC found only inside a longer word', () => {
    const d = data({ text: TICKET.replace('OAT080813655', 'OAT080813655S3') });
    expectDoubt(d, 'vendor_rfc', '!longer word');
  });

  it('doubts an RFC repaired from a piece of a longer word: a character too many besides the repair', () => {
    // The homoclave's 6 read as G, and a character more after it: two slips, the check digit alone judging.
    const d = data({ text: TICKET.replace('OAT080813655', 'OAT080813G551') });
    expect(weighEvidence(d, TODAY).vendor_rfc).toEqual(
      expect.arrayContaining(['look-alike repair', '!longer word']),
    );
    expect(confidenceOf(weighEvidence(d, TODAY)).vendor_rfc).toBeLessThan(0.9);
    // The same repair of a word of the RFC's own length stands.
    const alone = data({ text: TICKET.replace('OAT080813655', 'OAT080813G55') });
    expect(weighEvidence(alone, TODAY).vendor_rfc).not.toContain('!longer word');
  });

  it('doubts the letter the check digit cannot see when the name read forms another one there', () => {
    const person = (rfc: string) =>
      data({
        vendor_name: 'LETICIA JUAREZ QUINTERO',
        vendor_rfc: rfc,
        text: TICKET.replace('OPERADORA DE ALIMENTOS LA TERRAZA SA DE CV', 'LETICIA JUAREZ QUINTERO').replace(
          'OAT080813655',
          rfc,
        ),
      });
    // Both pass the check digit: the third letter of a person's RFC weighs 11, nothing modulo 11.
    const misread = weighEvidence(person('JUAL930325FN5'), TODAY).vendor_rfc;
    expect(misread).toEqual(expect.arrayContaining(['check digit', 'printed', '!blind letter']));
    expect(confidenceOf(weighEvidence(person('JUAL930325FN5'), TODAY)).vendor_rfc).toBeLessThan(0.9);
    expect(weighEvidence(person('JUQL930325FN5'), TODAY).vendor_rfc).toContain('letters of name');
    // Letters that differ elsewhere too are another person's RFC, not a blind letter.
    expect(weighEvidence(person('PEGJ560803XF9'), TODAY).vendor_rfc).not.toContain('!blind letter');
  });

  it('doubts a company RFC whose second letter, unseen by the check digit, is not the initial the name forms', () => {
    // OPERADORA DE ALIMENTOS LA TERRAZA forms OAT; OLT… passes the same check digit (weight 11 on the second).
    const d = data({ vendor_rfc: 'OLT080813655', text: TICKET.replace('OAT080813655', 'OLT080813655') });
    expect(weighEvidence(d, TODAY).vendor_rfc).toEqual(
      expect.arrayContaining(['check digit', '!blind letter']),
    );
    expect(confidenceOf(weighEvidence(d, TODAY)).vendor_rfc).toBeLessThan(0.9);
  });

  it('doubts a repair that dropped a digit and forced the letter beside it, when dropping that letter reads another RFC', () => {
    // A stray `I` after a 9: dropping the 9 and reading the I as 1 passes the check digit by chance; dropping the I
    // (and taking the check digit's A for a 4) is as likely.
    const name = 'MATERIALES PARA CONSTRUCCION LA CANTERA S.A.';
    const read = (rfc: string, reading: string) =>
      data({ vendor_name: name, vendor_rfc: rfc, text: TICKET.replace('OAT080813655', reading) });
    const stray = read('MCC180609IDA', 'MCC9I806O9IDA');
    expectDoubt(stray, 'vendor_rfc', '!tied repair');
    // Where the letter among the digits is the character dropped, nothing else reads: a forced repair.
    const dropped = read('MCC980609ID4', 'MCC9806I09ID4');
    expect(weighEvidence(dropped, TODAY).vendor_rfc).toContain('forced repair');
  });

  it('doubts an RFC date digit forced from a letter where another reading of the line prints another digit', () => {
    const person = (rfc: string, ...readings: string[]) =>
      data({
        vendor_name: 'FRANCISCO PEÑA HERRERA',
        vendor_rfc: rfc,
        text: ['FRANCISCO PEÑA HERRERA', ...readings.map((r) => `RFC: ${r}`), 'TOTAL 303.92'].join('\n'),
      });
    expectDoubt(person('PEHF570823WI6', 'PEHFS70823WI6', 'PEHF670823WJE'), 'vendor_rfc', '!readings differ');
    // A digit one reading prints as chosen stands against another reading's digit; a letter there disputes nothing.
    for (const readings of [
      ['PEHF670823WJ6', 'PEHF570823WJ6'],
      ['PEHFG70823WJ6', 'PEHF67O823WJ6'],
    ])
      expect(weighEvidence(person('PEHF670823WJ6', ...readings), TODAY).vendor_rfc).not.toContain(
        '!readings differ',
      );
  });

  it('doubts a 13-character RFC beside a company name', () => {
    const d = data({ vendor_rfc: 'OATA080813AB1' });
    expectDoubt(d, 'vendor_rfc', '!kind of name');
  });
});

describe('evidence for the date and the name', () => {
  it('doubts a date after the moment of reading', () => {
    const d = data({ date: '2026-06-02', text: TICKET.replace('06/02/2026', '02/06/2026') });
    expectDoubt(d, 'date', '!after today');
  });

  it('takes a month abbreviation with a look-alike digit (`FE8`) as printed', () => {
    const d = data({ text: TICKET.replace('06/02/2026', '06-FE8-2026') });
    expect(weighEvidence(d, TODAY).date).toContain('printed');
  });

  it('doubts a date more than two years before the reading', () => {
    const d = data({ date: '2020-02-06', text: TICKET.replace('06/02/2026', '06/02/2020') });
    expectDoubt(d, 'date', '!years old');
  });

  it('doubts a date that is not printed as chosen (a digit mended)', () => {
    const d = data({ text: TICKET.replace('06/02/2026', '06/02/2025') });
    expect(weighEvidence(d, TODAY).date).not.toContain('printed');
    expect(confidenceOf(weighEvidence(d, TODAY)).date).toBeLessThan(0.9);
  });

  it('doubts a name whose initials contradict the RFC, or that holds a lone letter', () => {
    const wrong = data({ vendor_name: 'MINISUPER LA ESQUINA SA DE CV' });
    expect(confidenceOf(weighEvidence(wrong, TODAY)).vendor_name).toBeLessThan(0.9);
    const speck = data({ vendor_name: 'OPERADORA DE ALIMENTOS LA E TERRAZA SA DE CV' });
    expectDoubt(speck, 'vendor_name', '!lone letter');
    const beforeType = data({ vendor_name: 'ALIMENTOS Y BEBIDAS SAN RAFAEL N S.A.' });
    expect(weighEvidence(beforeType, TODAY).vendor_name).toContain('!lone letter');
  });

  it('doubts a name holding a mark no razón social holds (a speck read as `$` or `:`), not its own punctuation', () => {
    for (const vendor_name of [
      'GRUPO: OPERADORA DE RESTAURANTES EL AGAVE SA DE CV',
      'IMPORTADORA EL PORVENIR $S.C.',
    ]) {
      const d = data({ vendor_name, text: vendor_name });
      expectDoubt(d, 'vendor_name', '!stray mark');
    }
    for (const vendor_name of [
      "D'ALESSANDRO HNOS. S.A. DE C.V.",
      'FARMACIA 24-7, S. DE R.L.',
      'MARÍA PEÑA ÑÚÑEZ',
    ])
      expect(weighEvidence(data({ vendor_name }), TODAY).vendor_name).not.toContain('!stray mark');
  });

  it('doubts a name with a word cut short of a known one, not a known word or another name', () => {
    const text = 'DISTRIBUIDORA FARMACEUTIC DEL ISTMO S.C.\nRFC: DFI101010AB1';
    const cut = data({ vendor_name: 'DISTRIBUIDORA FARMACEUTIC DEL ISTMO S.C.', text });
    expectDoubt(cut, 'vendor_name', '!word cut short');
    for (const whole of ['DISTRIBUIDORA FARMACEUTICA DEL ISTMO S.C.', 'FARMACIA GUADALAJARA SA DE CV'])
      expect(weighEvidence(data({ vendor_name: whole }), TODAY).vendor_name).not.toContain('!word cut short');
    // Cut at its start too: a pen stroke or the paper's edge over its first letter.
    const left = data({ vendor_name: 'ARMACIA DEL SURESTE TURO GARCIA PEREZ', text: 'ARMACIA DEL SURESTE' });
    expect(weighEvidence(left, TODAY).vendor_name).toContain('!word cut short');
  });

  it("doubts a person's name whose word is a common given name misread by a look-alike (`SOFTA`), not the name", () => {
    const at = (vendor_name: string) =>
      weighEvidence(
        data({ vendor_name, vendor_rfc: 'UERS900101AB1', text: `${vendor_name}\nRFC: UERS900101AB1` }),
        TODAY,
      );
    expect(at('SOFTA UC RIVERA').vendor_name).toContain('!misread name');
    expect(confidenceOf(at('SOFTA UC RIVERA')).vendor_name).toBeLessThan(0.9);
    for (const name of ['SOFIA UC RIVERA', 'ERNESTO UC RIVERA'])
      expect(at(name).vendor_name).not.toContain('!misread name');
    // A company's name is no person's: its words are not judged as given names.
    expect(weighEvidence(data({ vendor_name: 'GRUPO SOFTA SA DE CV' }), TODAY).vendor_name).not.toContain(
      '!misread name',
    );
  });

  it("doubts a company's name whose long word is a Spanish word misread by a look-alike (`MARCARITAS`)", () => {
    const at = (vendor_name: string) =>
      weighEvidence(data({ vendor_name, text: `${vendor_name}\nR.F.C. OAT080813655` }), TODAY).vendor_name;
    expect(at('TLAPALERIA LAS MARCARITAS, S.A. DE C.V.')).toContain('!misread name');
    // Words as printed, and short proper names a look-alike from a word (`NUÑEZ` / `ÑOÑEZ`), are not doubted.
    for (const name of ['TLAPALERIA LAS MARGARITAS, S.A. DE C.V.', 'COMERCIAL NUÑEZ SA DE CV'])
      expect(at(name)).not.toContain('!misread name');
  });

  it('doubts a name word the title prints longer after the same word, not a title that only adds words', () => {
    const name = 'TIENDAS DE CONVENIENCIA EL CARDEN S.A. DE C.V.';
    const cut = data({ vendor_name: name, vendor_store_name: 'EL CARDENAL', text: `EL CARDENAL\n${name}` });
    expectDoubt(cut, 'vendor_name', '!word cut short');
    for (const [vendor_name, vendor_store_name] of [
      ['TIENDAS DE CONVENIENCIA EL CARDENAL S.A. DE C.V.', 'EL CARDENAL'],
      ['MINISUPER LA ESQUINA SA DE CV', 'SUPER LA ESQUINA 24H'],
      ['FARMACIA SAN JOSE SA DE CV', 'FARMACIAS SAN JOSE'],
      ['MINISUPER LA ESQUINA SA DE CV', 'LA ESQUINA-CENTRO'],
      ['MINISUPER LA ESQUINA SA DE CV', "LA ESQUINA'S"],
      ['TIENDAS EL GUERO SA DE CV', 'EL GUEROS'],
      ['TAQUERIA EL PASTOR SA DE CV', 'EL PASTORI'],
    ])
      expect(weighEvidence(data({ vendor_name, vendor_store_name }), TODAY).vendor_name).not.toContain(
        '!word cut short',
      );
  });

  it("doubts a name word a letter off the title's (`MAYAS` under `DEL MAYAB`): one of the two is misread", () => {
    const name = 'COMERCIALIZADORA DEL MAYAS, S.A. DE C.V.';
    const off = data({ vendor_name: name, vendor_store_name: 'ABARROTES DEL MAYAB', text: name });
    expectDoubt(off, 'vendor_name', '!misread name');
    for (const [vendor_name, vendor_store_name] of [
      ['COMERCIALIZADORA DEL MAYAB, S.A. DE C.V.', 'ABARROTES DEL MAYAB'],
      ['FARMACIA SAN JOSE SA DE CV', 'FARMACIAS SAN JOSE'],
      ['RAUL NUÑEZ MORALES', 'FERRETERIA NUNEZ'],
    ])
      expect(
        weighEvidence(data({ vendor_name, vendor_store_name, text: vendor_name }), TODAY).vendor_name,
      ).not.toContain('!misread name');
  });
});

describe('a name as printed', () => {
  /** The ticket with its first line printed as `header`, and `vendor_name` the name read from it. */
  const named = (vendor_name: string, header = vendor_name) =>
    data({ vendor_name, text: TICKET.replace(/^.*$/m, header) });

  it('counts a razón social whose company type broke over the line end (`SA DE` / `CN.`) as printed', () => {
    const text = TICKET.replace(
      'OPERADORA DE ALIMENTOS LA TERRAZA SA DE CV',
      'OPERADORA DE ALIMENTOS LA TERRAZA SA DE\nCN.',
    );
    expect(weighEvidence(data({ text }), TODAY).vendor_name).toContain('printed');
    expect(confidenceOf(weighEvidence(data({ text }), TODAY)).vendor_name).toBeGreaterThanOrEqual(0.9);
  });

  it('doubts a one-letter word of the name printed in lower case (a speck at the line edge)', () => {
    const d = named(
      'OPERADORA DE ALIMENTOS Y LA TERRAZA SA DE CV',
      'OPERADORA DE ALIMENTOS\ny LA TERRAZA SA DE CV',
    );
    expectDoubt(d, 'vendor_name', '!lone letter');
  });

  it('doubts a company type in no form tickets print (dots on some parts only, a stray letter)', () => {
    for (const name of [
      'OPERADORA DE ALIMENTOS LA TERRAZA, SA. DE CV',
      'OPERADORA DE ALIMENTOS LA TERRAZA SA PI DE CV.',
      // A period, not a comma, after the name's last word: a speck or a misread comma.
      'OPERADORA DE ALIMENTOS LA TERRAZA. S.A. DE C.V.',
    ]) {
      const d = named(name);
      expectDoubt(d, 'vendor_name', '!company type');
    }
    for (const name of [
      'OPERADORA DE ALIMENTOS LA TERRAZA, S.A.P.I. DE C.V.',
      'OPERADORA DE ALIMENTOS LA TERRAZA SA DE CV',
      // An abbreviation's period is the abbreviation's.
      'OPERADORA DE ALIMENTOS LA TERRAZA HNOS. S.A. DE C.V.',
    ]) {
      const d = named(name);
      expect(weighEvidence(d, TODAY).vendor_name).toContain('company type');
    }
  });

  it('takes an S.C. printed with its last dot read as a colon (`SC:`) as dotted', () => {
    const d = named('OPERADORA DE ALIMENTOS LA TERRAZA, S.C.', 'OPERADORA DE ALIMENTOS LA TERRAZA,\nSC:');
    expect(weighEvidence(d, TODAY).vendor_name).toContain('company type');
    expect(weighEvidence(d, TODAY).vendor_name).not.toContain('!company type');
  });

  it('doubts a company type cut short of the `DE C.V.` printed after it, however garbled', () => {
    const name = 'OPERADORA DE ALIMENTOS LA TERRAZA S. DE R.L.';
    for (const [after, doubted] of [
      ['S. DE R:L. DE C.y.', true],
      ['S. DE R.L.', false],
    ] as const) {
      const d = named(name, `OPERADORA DE ALIMENTOS LA TERRAZA,\n${after}`);
      expect(weighEvidence(d, TODAY).vendor_name.includes('!company type')).toBe(doubted);
    }
  });

  it('doubts a name that prints two words twice (a title joined to it), not one with a word doubled', () => {
    const joined = 'OPERADORA LA TERRAZA OPERADORA DE ALIMENTOS LA TERRAZA SA DE CV';
    const d = named(joined, 'OPERADORA LA TERRAZA\nOPERADORA DE ALIMENTOS LA TERRAZA SA DE CV');
    expectDoubt(d, 'vendor_name', '!repeated words');
    const g = named('GRUPO GRUPO GASTRONOMICO LA TERRAZA SA DE CV');
    expect(weighEvidence(g, TODAY).vendor_name).not.toContain('!repeated words');
  });

  it("doubts a name without a company type beside a company's RFC", () => {
    const d = data({
      vendor_name: 'OPERADORA DE ALIMENTOS LA TERRAZA',
      text: TICKET.replace(' SA DE CV', ''),
    });
    expect(weighEvidence(d, TODAY).vendor_name).toContain('!company type');
  });

  it("takes a one-word denominación's first three letters as its RFC letters", () => {
    const d = data({
      vendor_name: 'LA PALMA SA DE CV',
      vendor_rfc: 'PAL0707164D9',
      text: 'LA PALMA SA DE CV\nRFC: PAL0707164D9',
    });
    expect(weighEvidence(d, TODAY).vendor_name).toContain('letters of RFC');
  });
});

describe('the merchant catalog', () => {
  const oxxo = ['OXXO', 'TIENDA 1234 REFORMA', 'FECHA: 06/02/2026 16:59', 'TOTAL 106.50'].join('\n');

  it('supplies the RFC and razón social of a chain whose title the header prints (one misread letter allowed), unsure', () => {
    const d = withEvidence(data({ vendor_rfc: null, vendor_name: null, text: oxxo }), TODAY, merchantCatalog);
    expect(d).toMatchObject({ vendor_rfc: 'CCO8605231N4', vendor_name: 'CADENA COMERCIAL OXXO SA DE CV' });
    expect(d.sources?.vendor_rfc).toContain('catalog');
    expect(d.confidence.vendor_rfc).toBeLessThan(0.9);
    const misread = withEvidence(
      data({ vendor_rfc: null, text: `L1VERPOOL\n${oxxo.slice(5)}` }),
      TODAY,
      merchantCatalog,
    );
    expect(misread.vendor_rfc).toBe('DLI931201MI9');
  });

  it('supplies a pharmacy and a fuel station from a misread title, not the store a station name contains', () => {
    const rest = oxxo.slice(oxxo.indexOf('\n'));
    const pharmacy = withEvidence(
      data({ vendor_rfc: null, text: `FARMAC1A GUADALAJARA${rest}` }),
      TODAY,
      merchantCatalog,
    );
    expect(pharmacy).toMatchObject({
      vendor_rfc: 'FGU830930PD3',
      vendor_name: 'FARMACIA GUADALAJARA SA DE CV',
    });
    const station = withEvidence(data({ vendor_rfc: null, text: `OXXO GAS${rest}` }), TODAY, merchantCatalog);
    expect(station.vendor_rfc).toBe('SGM950714DC2');
  });

  it('supplies nothing for a title no row has, and never replaces an RFC that was read', () => {
    const none = withEvidence(data({ vendor_rfc: null, text: TICKET }), TODAY, merchantCatalog);
    expect(none.vendor_rfc).toBeNull();
    expect(none.confidence.vendor_rfc).toBe(0);
    const read = withEvidence(data({ text: `OXXO\n${TICKET}` }), TODAY, merchantCatalog);
    expect(read.vendor_rfc).toBe('OAT080813655');
  });

  it('confirms an RFC it holds as evidence of its own', () => {
    const d = data({
      vendor_rfc: 'CCO8605231N4',
      vendor_name: 'CADENA COMERCIAL OXXO SA DE CV',
      text: 'CADENA COMERCIAL OXXO SA DE CV\nRFC CCO8605231N4\nTOTAL 106.50',
    });
    const ev = weighEvidence(d, TODAY, merchantCatalog);
    expect(ev.vendor_rfc).toContain('catalog');
    expect(ev.vendor_name).toContain('catalog');
    expect(confidenceOf(ev).vendor_rfc).toBeGreaterThanOrEqual(0.95);
  });
});

describe('choosing the RFC among the readings', () => {
  const first = 'RFC SAL230412552';
  const again = 'R.F.C. SAL23041259S2';
  const choose = (rfc: string | null, readings: string[]) =>
    chooseRfc(data({ vendor_rfc: rfc, vendor_name: null, text: readings.join('\n') }), readings).vendor_rfc;

  it('weighs look-alike slips at half an edit and ignores what follows the value', () => {
    expect(readingCost('SAL230412552', 'SAL230412SS2')).toBe(1);
    expect(readingCost('SAL230412SS2 TEL', 'SAL230412SS2')).toBe(0);
    expect(readingCost('SAL23041259S2', 'SAL230412SS2')).toBe(1.5);
  });

  it('takes the RFC closest to every reading over a repair of one reading alone', () => {
    expect(choose('SAL230425QS2', [first, again, again])).toBe('SAL230412SS2');
  });

  it('counts a look-alike every reading shows alike once: re-reads of the same print repeat it', () => {
    // `ZI` and `71` weigh the same in the check digit: both RFCs pass it, the readings must choose.
    const readings = ['R.F.C. GRA180914Z12', ...Array(4).fill('R.F.C. GRA180914212'), 'R.F.C. GRA180914712'];
    expect(choose('GRA180914712', readings)).toBe('GRA180914ZI2');
  });

  it('disputes an RFC the RFC pass offers where the readings back another valid one', () => {
    const rfcLines = ['Z12', '212', '212', '212', '212', '712'].map((h) => `R.F.C. GRA180914${h}`);
    const readings = [rfcLines[0] as string, rfcLines.slice(1).join('\n')];
    const offer = (rfc: string, how: 'offered' | 'chosen' = 'offered') => {
      const d = data({
        vendor_rfc: rfc,
        vendor_name: 'GRUPO RAMIREZ ARANDA SA DE CV',
        text: readings.join('\n'),
      });
      return withEvidence(d, TODAY, undefined, readings, [], how);
    };
    // Printed once, valid: it would be sure (0.97) but for the readings.
    expect(offer('GRA180914712').vendor_rfc).toBe('GRA180914712');
    expect(offer('GRA180914712').confidence.vendor_rfc).toBeLessThan(0.9);
    // The one the readings back, offered, is weighed as if they had chosen it.
    expect(offer('GRA180914ZI2').confidence).toEqual(offer('GRA180914ZI2', 'chosen').confidence);
  });

  it('changes nothing when a single reading gives a value', () => {
    expect(choose('SAL230425QS2', [first, 'TOTAL 12.00'])).toBe('SAL230425QS2');
  });
});
