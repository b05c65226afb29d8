import { describe, expect, it } from 'vitest';
import { extractDateTime } from '../../src/receipts/extract/extract.dates.js';
import { extractFields } from '../../src/receipts/extract/extract.js';
import { toLines } from '../../src/receipts/extract/extract.text.js';
import { lines, ocr, TODAY } from './extract.helpers.js';

describe('dates and times', () => {
  it.each([
    ['FECHA: 21/11/2026', '2026-11-21'],
    ['2026-11-21 10:00', '2026-11-21'],
    ['21-NOV-2026', '2026-11-21'],
    ['SAB 21 NOV 2026', '2026-11-21'],
    ['22-N0V—-2026 22:20:14', '2026-11-22'],
    ['FECHA: 12-08-2625', '2025-08-12'],
    ['ph 20/11/2075 04:03 pM', '2025-11-20'], // a faded 2 read as 7
    ['FECHA: 21 DE NOVIEMBRE DE 2026', '2026-11-21'],
    ['LUNES 21 NOVIEMBRE 2026', '2026-11-21'],
    ['NOV 21, 2026', '2026-11-21'],
    ['21/NOV/26', '2026-11-21'],
    ['FECHA 18.08 2026 1457', '2026-08-18'], // a separator lost: doubtful, still read
    ['20072026', '2026-07-20'], // alone on its line
    ['FECHA: 08 FEB 2046', '2026-02-08'], // the decade misread: this year's is the one a ticket is of
  ])('%s → %s', (text, iso) => {
    expect(extractDateTime(lines(text), TODAY).date).toBe(iso);
  });

  it('judges years against the clock: recent ones as read, far ones repaired or less certain', () => {
    expect(extractDateTime(lines('FECHA: 15/12/2026'), TODAY).date).toBe('2026-12-15'); // after today: as printed
    const far = extractDateTime(lines('FECHA: 05/03/2034'), TODAY);
    expect(far.date).toBe('2034-03-05');
    expect(far.dateConfidence).toBeLessThan(
      extractDateTime(lines('FECHA: 05/03/2025'), TODAY).dateConfidence,
    );
    expect(extractDateTime(lines('FECHA: 24/11/2044'), TODAY).date).toBeNull(); // nothing plausible
    // The window moves with the clock: a 2031 ticket is as certain in 2031 as a 2025 one today.
    const in2031 = new Date('2031-06-01');
    expect(extractDateTime(lines('FECHA: 05/03/2031'), in2031).dateConfidence).toBe(
      extractDateTime(lines('FECHA: 05/03/2025'), TODAY).dateConfidence,
    );
    expect(extractDateTime(lines('FECHA: 05/03/2044'), new Date('2041-06-01')).date).toBe('2044-03-05');
  });

  it('converts 12 h times and keeps seconds only when printed', () => {
    expect(extractDateTime(lines('21/11/2026 05:16 PM'), TODAY).time).toBe('17:16');
    expect(extractDateTime(lines('21/11/2026 12:05 AM'), TODAY).time).toBe('00:05');
    expect(extractDateTime(lines('HORA: 16:59:12'), TODAY).time).toBe('16:59:12');
  });

  it('reads a time whose label touches it, not its minutes and seconds', () => {
    expect(extractDateTime(lines('FECHA: 31-05-2024 HORA:08:33:13'), TODAY).time).toBe('08:33:13');
    expect(extractDateTime(lines('FECHA 17.04.2024 HORA:05:34 pm'), TODAY).time).toBe('17:34');
    expect(extractDateTime(lines('HORA:02:48:42 P.M.'), TODAY).time).toBe('14:48:42');
    expect(extractDateTime(lines('HORA:13:39'), TODAY).time).toBe('13:39');
  });

  it("reads an 8 opening the minutes or seconds as the font's zero, the only digit it can be there", () => {
    expect(extractDateTime(lines('FECHA: 10-MAR-2025 HORA: 20:87:22'), TODAY).time).toBe('20:07:22');
    expect(extractDateTime(lines('HORA: 09:42:84 AM'), TODAY).time).toBe('09:42:04');
    expect(extractDateTime(lines('HORA: 18:45'), TODAY).time).toBe('18:45');
    expect(extractDateTime(lines('HORA: 20:97:22'), TODAY).time).toBeNull();
    // An hour opened by that zero read as 6, 8 or 9 is 60 or more: no hour but 0x.
    expect(extractDateTime(lines('HORA 98:02:18 CAJA 104'), TODAY).time).toBe('08:02:18');
    expect(extractDateTime(lines('01 NOV 2026 98:09'), TODAY).time).toBe('08:09');
    expect(extractDateTime(lines('HORA 99:57 CAJA: 10'), TODAY).time).toBe('09:57');
    expect(extractDateTime(lines('HORA 19:57'), TODAY).time).toBe('19:57');
  });

  it('joins a four-digit year OCR split in two, and doubts a two-digit year whose end was garbled', () => {
    expect(extractDateTime(lines('FECHA: 27-09-20 25 HORA: 09:42'), TODAY).date).toBe('2025-09-27');
    const garbled = extractDateTime(lines('FECHA: 27-09-20 Tu HO RA: 09:42 AM'), TODAY);
    expect(garbled.date).toBe('2020-09-27'); // as read, but too doubtful to stand against another reading
    expect(garbled.dateConfidence).toBeLessThan(0.6);
    // A real two-digit year stays certain: followed by the time, a word, punctuation, a count, or nothing.
    for (const text of [
      'FECHA: 27-09-20 09:42',
      'FECHA: 27/09/20 HORA 09:42',
      'FECHA: 27/09/20',
      'FECHA: 15/03/20 - 14:32',
      'FECHA: 15/03/20 T1 14:32',
      'FECHA: 15/03/20 10 ARTICULOS',
    ])
      expect(extractDateTime(lines(text), TODAY)).toMatchObject({ date: expect.stringMatching(/^2020-/) });
    expect(
      extractDateTime(lines('FECHA: 15/03/20 10 ARTICULOS'), TODAY).dateConfidence,
    ).toBeGreaterThanOrEqual(0.9);
    expect(extractDateTime(lines('FECHA: 15/03/20 - 14:32'), TODAY).dateConfidence).toBeGreaterThanOrEqual(
      0.9,
    );
  });

  it('takes no price for a time: not `12.50`, not a price misread with a colon on an item line', () => {
    const time = (text: string) => extractDateTime(lines(`FECHA: 21/11/2026\n${text}`), TODAY).time;
    expect(time(ocr('dates/takes-no-price-for-a-time'))).toBeNull();
    expect(time(ocr('dates/takes-no-price-for-a-time-2'))).toBeNull();
    // Times stand alone, labelled, after AM/PM, or on the date's line.
    expect(time('14:32:05')).toBe('14:32:05');
    expect(time('HOBA: 11:02:47')).toBe('11:02:47'); // a label OCR garbled
    expect(time('HOBA: 11:02')).toBe('11:02');
    expect(time('HR 10.45')).toBe('10:45');
    expect(time('TIME: 10:45')).toBe('10:45');
    expect(time('ATENDIO ANA 05:16 PM')).toBe('17:16');
    expect(extractDateTime(lines('21/11/2026 10.45'), TODAY).time).toBe('10:45');
  });

  it('finds nothing in a line without a date', () => {
    expect(extractDateTime(lines('TEL. 55 8558 6625'), TODAY).date).toBeNull();
  });
});

describe('a parking ticket, paid on leaving', () => {
  it('takes the date and time of SALIDA over those of ENTRADA, in either order', () => {
    const dt = (text: string) => extractDateTime(toLines(text), new Date('2026-11-22'));
    expect(dt(ocr('dates/takes-the-date-and-time-of'))).toMatchObject({
      date: '2025-01-25',
      time: '09:54',
    });
    expect(dt(ocr('dates/takes-the-date-and-time-of-2'))).toMatchObject({ time: '14:13' });
    // An arrival alone is still the ticket's date and time.
    expect(dt('FECHA ENTRADA: 02/05/2025 11:50')).toMatchObject({ date: '2025-05-02', time: '11:50' });
  });
});

describe('dates in OCR text of generated tickets (other fonts and layouts)', () => {
  const dt = (text: string) => extractDateTime(lines(text), TODAY);

  it('reads a ddMONyy date alone on its line, but not a lot or an expiry with its label', () => {
    expect(dt(ocr('dates/reads-a-ddmonyy-date-alone-on')).date).toBe('2025-05-18');
    expect(dt('CAFE X\n13JUN25\n17:18 HRS').date).toBe('2025-06-13');
    expect(dt(ocr('dates/reads-a-ddmonyy-date-alone-on-2')).date).toBeNull();
  });

  it('leaves the date under a label of another date that ends its line', () => {
    const text = ocr('dates/leaves-the-date-under-a-label');
    expect(dt(text).date).toBeNull();
    // A heading without a colon over the purchase date is no such label.
    expect(dt(ocr('dates/leaves-the-date-under-a-label-2')).date).toBe('2026-11-21');
  });
});

describe('12-hour times in OCR text of generated tickets', () => {
  const time = (line: string) =>
    extractFields(`RFC CGT040130V12\nFECHA 13/10/2025\n${line}\nTOTAL 10.00`, TODAY).fields.time;

  it('reads a 10 whose zero OCR read as 6, 8 or 9 before AM/PM, and PM read as PH', () => {
    expect(time('HORA: 16:24 PM')).toBe('22:24');
    expect(time('HORA: 18:05 AM')).toBe('10:05');
    expect(time('HORA: 10:24 PH')).toBe('22:24');
    // Without AM/PM a 16 is a 24-hour time.
    expect(time('HORA: 16:24')).toBe('16:24');
    expect(time('HORA: 12:30 AM')).toBe('00:30');
  });
});

describe('no time from opening hours, no date from a street name', () => {
  const f = (text: string) => extractFields(text, TODAY).fields;

  it('takes no opening hours for the time', () => {
    const hours = ocr('dates/hours');
    expect(f(hours).time).toBe('14:32:05');
    expect(f(ocr('dates/takes-no-opening-hours-for-the')).time).toBe('14:32');
  });

  it('reads no street name as a date', () => {
    const text = ocr('dates/reads-no-street-name-as-a');
    expect(f(text).date).toBe('2026-11-21');
    expect(f(ocr('dates/reads-no-street-name-as-a-2')).date).toBe('2026-11-21');
    expect(f(ocr('dates/reads-no-street-name-as-a-3')).date).toBe('2026-11-21');
  });
});

describe('purchase dates among years from letters, labelled other dates, lots, expiries, phones and delivery notes', () => {
  it.each([
    ['FECHA: 21/11/2O26 HORA: 19:05', '2026-11-21'],
    ['2O26-11-21 19:05', '2026-11-21'], // not 2021-11-26 from the tail
    ['FECHA: 2I/11/2026', '2026-11-21'],
    ['FECHA: 21/1I/2026', '2026-11-21'],
    ['FECHA: 21/II/2026', '2026-11-21'],
    ['21-NOV-2O26', '2026-11-21'],
    ['FECHA: 21NOV26 HORA: 10:30', '2026-11-21'],
    ['FECHA: 21NOV2026', '2026-11-21'],
    ['FECHA: 21 DE NOV. DE 2026', '2026-11-21'],
    ['NOVIEMBRE 21 DE 2026 10:30', '2026-11-21'],
    // A word glued to the year is no part of it.
    ['FECHA:21/11/2026LUNES HORA:14:32', '2026-11-21'],
    ['21/11/2026DOM 14:32', '2026-11-21'],
    ['21-11-2026IVA', '2026-11-21'],
    ['21 NOV 2026L', '2026-11-21'],
  ])('date %s → %s', (text, iso) => {
    expect(extractDateTime(lines(text), TODAY).date).toBe(iso);
  });

  it('does not take a year from two letters and a digit', () => {
    expect(extractDateTime(lines('LOTE 12/05/OOL1'), TODAY).date).toBeNull();
  });

  it.each([
    'FECHA DE VENCIMIENTO: 21/12/2026',
    'FECHA LIMITE PARA FACTURAR: 30/11/2026',
    'FECHA DE RENOVACION: 15/03/2027',
    'FECHA DE ENTREGA: 28/11/2026',
  ])('a labelled date that is not the purchase (%s) does not beat the purchase date', (other) => {
    const text = `FARMACIA\n${other}\n21/11/2026 10:30\nAMOXICILINA 1 89.50\nTOTAL 89.50\n${other}`;
    const got = extractDateTime(lines(text), TODAY);
    expect(got.date).toBe('2026-11-21');
    expect(got.time).toBe('10:30');
  });

  it('reads no date from a lot, an expiry or a phone number', () => {
    for (const line of ['LOTE 12MAY27', 'CAD. 12DIC27', 'PLU 1SEP24', 'TEL. 12-34-56'])
      expect(extractDateTime(lines(`FARMACIA\nPARACETAMOL 35.50\n${line}`), TODAY).date).toBeNull();
  });

  it('keeps the purchase date before a delivery note on its line, and ENTREGADO is no label', () => {
    const text = ocr('dates/keeps-the-purchase-date-before-a');
    const got = extractDateTime(lines(text), TODAY);
    expect(got.date).toBe('2026-11-21');
    expect(got.time).toBe('14:32');
    expect(extractDateTime(lines('21/11/2026 14:32 ENTREGADO'), TODAY).date).toBe('2026-11-21');
  });
});

describe('dates split, barred or beside an expiry on pages with OCR noise', () => {
  it('does not trust a one-digit day right after a digit and a space (2 1/11/2026)', () => {
    const got = extractDateTime(lines('FECHA: 2 1/11/2026 14:32'), TODAY);
    expect(got.dateConfidence).toBeLessThan(0.6);
    expect(extractDateTime(lines('FECHA: 21/11/2026 14:32'), TODAY).dateConfidence).toBeGreaterThan(0.6);
  });

  it("joins a month-name date's year split in two", () => {
    expect(extractDateTime(lines('FECHA: 21-NOV-20 26 14:32'), TODAY).date).toBe('2026-11-21');
  });

  it('keeps the purchase date on a line that also says when something expires', () => {
    expect(extractDateTime(lines('FECHA: 21/11/2026 VENCE: 21/12/2026'), TODAY).date).toBe('2026-11-21');
  });

  it('reads a date whose slashes OCR read as bars', () => {
    expect(extractDateTime(lines('FECHA: 21|11|2026 14:32'), TODAY).date).toBe('2026-11-21');
    expect(extractDateTime(lines('|||| 12|3 2026'), TODAY).date).toBeNull();
  });
});

describe('a date glued by a dash, and dates and times with look-alike letters', () => {
  it('reads the date after a time or a number glued to it by a dash', () => {
    const dt = (t: string) => extractDateTime(lines(t), TODAY);
    expect(dt('15:29:04    AGOSTO 20, 2026')).toMatchObject({ date: '2026-08-20', time: '15:29:04' });
    expect(dt('14:05 HRS   21 NOV 26')).toMatchObject({ date: '2026-11-21', time: '14:05' });
    expect(dt('ORD #07 -REG #19- 10/03/2025').date).toBe('2025-03-10');
    // `FECHA:21/11/2026` and a till number before a date are as before.
    expect(dt('FECHA:21/11/2026').date).toBe('2026-11-21');
    expect(dt('CAJA 3 5/11/2026').date).toBe('2026-11-05');
    expect(dt('VENTA AGOST0 20, 2026').date).toBe('2026-08-20');
  });

  it('reads a date whose numbers or month word carry look-alike letters (`I3`, `0S`, `AGOST0`, `O2FEB24`)', () => {
    const date = (t: string) => extractDateTime(lines(t), TODAY).date;
    expect(date('FECHA: DICIEMBRE I3, 2025')).toBe('2025-12-13');
    expect(date('FECHA: VIERNES, I3 DE NOVIEMBRE DE 2026')).toBe('2026-11-13');
    expect(date('FECHA: 05/0S/2025  HORA: 16:34:22')).toBe('2025-05-05');
    expect(date('FECHA: 202S/02/21')).toBe('2025-02-21');
    expect(date('VIERNES, 14 DE AGOST0 DE 2026')).toBe('2026-08-14');
    expect(date('12:03 PM    DIC1EMBRE 21, 2024')).toBe('2024-12-21');
    expect(date('FECHA: O2FEB24')).toBe('2024-02-02');
    expect(date('2024-O3-17    10:00:21 PM')).toBe('2024-03-17');
    // Words without a digit stay words; a line with no date stays without one.
    expect(date('TACOS DOS SOL 1S 20.00')).toBeNull();
  });

  it('reads a time whose numbers carry look-alike letters (`I2:03:54`, `07:S3:34`, `0I:16 PM`)', () => {
    const time = (t: string) => extractDateTime(lines(t), TODAY).time;
    expect(time('21 ENE 24    I2:03:54 HRS')).toBe('12:03:54');
    expect(time('26-02-25      CAJA 5   07:S3:34 HRS')).toBe('07:53:34');
    expect(time('HORA: 0I:16 PM')).toBe('13:16');
    expect(time('HORA  I0:32 HRS')).toBe('10:32');
  });
});

describe('OCR text of a generated ticket: a date with two misread digits', () => {
  const read = (text: string) => extractFields(`${text}\nTOTAL 10.00`, TODAY).fields;

  it('repairs two misread digits of a date when nothing else makes one (`2925-99-13`)', () => {
    const f = read(ocr('dates/repairs-two-misread-digits-of-a'));
    expect(f.date).toBe('2025-09-13');
    // One misread digit is still preferred, and a phone number stays no date.
    expect(read(ocr('dates/repairs-two-misread-digits-of-a-2')).date).toBe('2025-09-13');
    expect(read('TEL. 12-34-56\nTOTAL 10.00').date).toBeNull();
  });
});
