import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/clock.js';
import type { Extraction } from '../../src/receipts/extract/extract.js';
import { toLines } from '../../src/receipts/extract/extract.text.js';
import { WARM_UP_RFC, WARM_UP_TOTAL, warmUpLines } from '../../src/receipts/ocr/warmup.js';
import { rfcBox, spelledRfc, voteRfc } from '../../src/receipts/reader.rfc.js';
import {
  createReceiptReader,
  type ReceiptReaderOptions,
  turnsFor,
  withoutEdgeSpecks,
  withoutUnseenAccents,
} from '../../src/receipts/receipts.reader.js';
import { createFakeOcrEngine } from './ocr.fake.js';
import { receiptData } from './receipt.data.js';

const image = readFileSync('fixtures/receipts/dev-001-clean.jpg');
// Ticket dates are judged against the reader's clock: a fixed one keeps these tests true in any year.
const clock = fixedClock('2026-11-22T12:00:00Z');

/** Reads the fixture photo with a reader on a fake engine returning `canned`, then closes the reader. */
async function readWith(
  canned: Parameters<typeof createFakeOcrEngine>[0],
  opts: Omit<ReceiptReaderOptions, 'clock' | 'engine'> = {},
) {
  const engine = createFakeOcrEngine(canned);
  const reader = createReceiptReader({ clock, engine, ...opts });
  try {
    return { data: await reader.read(image), engine };
  } finally {
    await reader.close();
  }
}
/** A word box on the first text line, 20 px high, as tesseract gives it. */
const word = (text: string, confidence: number, x0: number, x1: number) => ({
  text,
  confidence,
  line: 1,
  bbox: { x0, y0: 40, x1, y1: 60 },
});
const good = readFileSync('fixtures/receipts/text/restaurant-tip.txt', 'utf8');

describe('createReceiptReader with a fake OCR engine', () => {
  it('returns fields, confidence, text and timings from one pass when the key fields are confident', async () => {
    const { data, engine } = await readWith([good]);
    expect(data).toMatchObject({
      total: 22852,
      vendor_rfc: 'CEC100512AB9',
      date: '2026-11-21',
      currency: 'MXN',
    });
    expect(data.text).toBe(good);
    expect(Object.keys(data.timings)).toEqual(expect.arrayContaining(['prepare', 'ocr', 'total']));
    expect(engine.calls).toBe(1);
    expect(engine.closed).toBe(true);
  });

  it('gives back names as printed, with Ñ and accents, though the rules read them without', async () => {
    const ticket = [
      'LA MONTANA',
      'ASADERO LA MONTAÑA DEL NORTE SA DE CV',
      'R.F.C. AMN100206D92',
      'FECHA: 24/NOV/2025 HORA: 12:28',
      '2 LIMONADA 90.00',
      'TOTAL $90.00',
    ].join('\n');
    const { data } = await readWith([ticket]);
    expect(data.vendor_name).toBe('ASADERO LA MONTAÑA DEL NORTE SA DE CV');
    // The large title lost its tilde in the reading; the razón social's spelling of the same word gives it back.
    expect(data.vendor_store_name).toBe('LA MONTAÑA');
    expect(data.vendor_rfc).toBe('AMN100206D92');
  });

  it('by default re-reads only the header when the RFC or date is weak, and takes only header fields from it', async () => {
    // The first reading's header is noise (no name whose letters the RFC could be checked against).
    const { data, engine } = await readWith(
      ['TOTAL 228.52\n~~~~', 'R.F.C. CEC1O0512AB9\nFECHA: 21/11/2026\nTOTAL 999.99'],
      { namePass: false },
    );
    expect(engine.calls).toBe(2);
    expect(data).toMatchObject({ total: 22852, vendor_rfc: 'CEC100512AB9', date: '2026-11-21' });
    expect(data.timings.header_pass).toBeGreaterThan(0);
  });

  it('re-reads the header at another ink level when the RFC is still missing, and takes the RFC found', async () => {
    const { data, engine } = await readWith(
      [
        'TOTAL 228.52\nFECHA: 21/11/2026',
        'FECHA: 21/11/2026\nR.F.C. ????',
        'R.F.C. CEC100512AB9\nFECHA: 21/11/2026',
      ],
      { namePass: false },
    );
    expect(engine.calls).toBe(3);
    expect(data).toMatchObject({ total: 22852, vendor_rfc: 'CEC100512AB9', date: '2026-11-21' });
  });

  it('does not re-read again when the RFC is confident after the first re-read, whatever it disagrees with', async () => {
    const first = 'R.F.C. OAT080813655\nTOTAL 228.52';
    const other = 'R.F.C. CEC100512AB9\nFECHA: 21/11/2026';
    // The first pass has a weak date, so the header is re-read once; both RFCs are confident: no third reading
    // (re-reads of the same crop are not independent enough to outvote a confident reading).
    const { data, engine } = await readWith([first, other, other], { namePass: false });
    expect(engine.calls).toBe(2);
    expect(data.vendor_rfc).toBe('OAT080813655');
    expect(data.date).toBe('2026-11-21');
  });

  it('re-reads the RFC words alone, at two ink levels and a larger scale, cut out where the first reading found them', async () => {
    const first = 'JUAN CARLOS MENDOZA RUIZ\nR.F.C. MERJSC0414362\nFECHA: 07-03-2025\nTOTAL 1121.05';
    const words = [word('R.F.C.', 90, 10, 60), word('MERJSC0414362', 39, 70, 290)];
    // First pass, header re-read, the RFC words alone (default ink, bolder, default at 3×); they settle the RFC,
    // so the bolder header is not read.
    const { data, engine } = await readWith(
      [{ text: first, words }, 'GARBLED', 'MERJ860414J62', 'MERJ8604', 'MERJ86O414J62', 'GARBLED'],
      { totalPass: false },
    );
    expect(engine.psms).toEqual([undefined, undefined, '7', '7', '7']);
    expect(data).toMatchObject({
      vendor_rfc: 'MERJ860414J62',
      vendor_name: 'JUAN CARLOS MENDOZA RUIZ',
      total: 112105,
    });
    expect(data.text).toContain('R.F.C. MERJ860414J62');
    // Words that do not settle it: the bolder header is read as well, and its RFC joins the vote.
    const unsettled = await readWith(
      [
        { text: first, words },
        'GARBLED',
        'MERJSC0414',
        'MERJ8604',
        'MERJ86',
        'JUAN CARLOS MENDOZA RUIZ\nR.F.C. MERJ860414J62',
      ],
      { totalPass: false },
    );
    expect(unsettled.engine.psms).toEqual([undefined, undefined, '7', '7', '7', undefined]);
    expect(unsettled.data.vendor_rfc).toBe('MERJ860414J62');
  });

  it("offers the RFC that the re-reads of its words spell alike from their characters' alternatives, unsealed", async () => {
    const first = 'TIENDAS DEL SUR SA DE CV\nR.F.C. 1O5O6I2I9O25\nFECHA: 07-03-2025\nTOTAL 1121.05';
    const words = [word('R.F.C.', 90, 10, 60), word('1O5O6I2I9O25', 39, 70, 290)];
    // Each re-read's best characters spell `105061219025`, no RFC; second choices spell one that is valid.
    const alternatives = (second: string) =>
      [...'105061219025'].map((c, i): Array<[string, number]> => {
        const other = second[i] ?? c;
        return other === c
          ? [[c, 0.95]]
          : [
              [c, 0.8],
              [other, 0.6],
            ];
      });
    const reRead = (second: string) => ({ text: '105061219025', choices: [alternatives(second)] });
    const { data } = await readWith([
      { text: first, words },
      'GARBLED',
      reRead('TDS061219D25'),
      reRead('TDS061219D25'),
      reRead('105061219025'),
      'GARBLED',
    ]);
    expect(data.vendor_rfc).toBe('TDS061219D25');
    // Offered, not printed: no reading's text holds it, and its evidence (letters changed) asks for review.
    expect(data.text).not.toContain('TDS061219D25');
    expect(data.confidence.vendor_rfc).toBeLessThan(0.9);
    // Spelled by one re-read only: not offered.
    const once = await readWith([
      { text: first, words },
      'GARBLED',
      reRead('TDS061219D25'),
      reRead('105061219025'),
      reRead('105061219025'),
      'GARBLED',
    ]);
    expect(once.data.vendor_rfc).not.toBe('TDS061219D25');
    // And none with the pass turned off.
    const canned = [
      { text: first, words },
      'GARBLED',
      reRead('TDS061219D25'),
      reRead('TDS061219D25'),
      'GARBLED',
    ];
    const off = await readWith(canned, { rfcPass: false });
    expect(off.data.vendor_rfc).not.toBe('TDS061219D25');
  });

  it('keeps a repaired RFC its words spell otherwise when read again, and asks for it', async () => {
    // `023`: the homoclave's 0 (never assigned) mended as D passes the check digit; the print is `QZ3`.
    const first = 'VICTOR PEREZ ESPINOZA\nR.F.C. PEEV901216023\nFECHA: 07-03-2025\nTOTAL 1121.05';
    const words = [word('R.F.C.', 90, 10, 60), word('PEEV901216023', 80, 70, 290)];
    const reRead = (second: string) => ({
      text: 'PEEV901216023',
      choices: [
        [...'PEEV901216023'].map(
          (c, i): Array<[string, number]> =>
            second[i] === c
              ? [[c, 0.95]]
              : [
                  [c, 0.8],
                  [second[i] ?? c, 0.6],
                ],
        ),
      ],
    });
    const canned = [
      { text: first, words },
      reRead('PEEV901216QZ3'),
      reRead('PEEV901216QZ3'),
      reRead('PEEV901216023'),
    ];
    const alone = await readWith(canned, { totalPass: false, rfcPass: false });
    expect([alone.data.vendor_rfc, alone.data.confidence.vendor_rfc]).toEqual(['PEEV901216D23', 0.9]);
    const { data } = await readWith(canned, { totalPass: false });
    expect(data.vendor_rfc).toBe('PEEV901216D23');
    expect(data.confidence.vendor_rfc).toBeLessThan(0.9);
  });

  it('reads the RFC words at both ink levels side by side when the pool has a worker free', async () => {
    const first = 'JUAN CARLOS MENDOZA RUIZ\nR.F.C. MERJSC0414362\nFECHA: 07-03-2025\nTOTAL 1121.05';
    const words = [word('R.F.C.', 90, 10, 60), word('MERJSC0414362', 39, 70, 290)];
    const engine = createFakeOcrEngine([{ text: first, words }, 'GARBLED', 'MERJ860414J62', 'MERJ8604']);
    // A line reading waits (up to 2 s) for the other: one after another would leave `most` at 1.
    let inFlight = 0;
    let most = 0;
    const counting = {
      ...engine,
      recognize: async (img: Buffer, o?: Parameters<typeof engine.recognize>[1]) => {
        if (o?.psm !== '7') return engine.recognize(img, o);
        const answer = engine.recognize(img, o);
        most = Math.max(most, ++inFlight);
        for (let waited = 0; most < 2 && waited < 2000; waited += 10)
          await new Promise((r) => setTimeout(r, 10));
        inFlight--;
        return answer;
      },
    };
    const reader = createReceiptReader({ clock, engine: counting, workers: 2 });
    const data = await reader.read(image);
    await reader.close();
    expect(most).toBe(2);
    // The readings keep their order: the default ink's settles the RFC.
    expect(data.vendor_rfc).toBe('MERJ860414J62');
  });

  it('re-reads an unlabelled RFC-shaped word alone and replaces only that word, inventing no label', async () => {
    const first =
      'MERCADOS FRESCOS DE OCCIDENTE SA DE CV\nCAJA 2 MFO93OB23872\nFECHA: 08-02-2026\nTOTAL 779.82';
    const words = [word('CAJA', 90, 10, 60), word('2', 90, 70, 80), word('MFO93OB23872', 40, 90, 290)];
    const { data, engine } = await readWith([
      { text: first, words },
      'GARBLED',
      'MFO930823872',
      'MFO930823872',
      'GARBLED',
    ]);
    expect(engine.psms[2]).toBe('7');
    expect(data.text).toContain('\nCAJA 2 MFO930823872');
    expect(data.text).not.toContain('R.F.C. MFO930823872');
  });

  it('lets a person name read twice decide the letter the check digit cannot see of a weak RFC', async () => {
    const first =
      'FERRETERIA MENDOZA\nJUAN CARLOS MENDOZA RUIZ\nE J831014R57\nFECHA: 20/11/2025\nTOTAL 2932.66';
    // Only the bolder re-read finds the RFC, with a garbled name beside it (which predicts MERI, not MERJ).
    const bolder = 'IA JUAN CARTOS MENDOZA RUIZ\nREC: MENJ831014R5S7';
    const { data, engine } = await readWith([first, 'JUAN CARLOS MENDOZA RUIZ\nk J831014R57', bolder]);
    expect(engine.calls).toBe(3);
    expect(data).toMatchObject({ vendor_rfc: 'MERJ831014R57', vendor_name: 'JUAN CARLOS MENDOZA RUIZ' });
  });

  it('lets the name decide that letter of an RFC only the header re-read found, when both readings spell it alike', async () => {
    // A persona física's ticket saved once more as JPEG: the first reading garbles the RFC, the header at 2× reads
    // it with an N for the R of RUIZ, where the check digit cannot see, and the name with a speck before it.
    const first =
      ', FERRETERIA MENDOZA\nJUAN CARLOS MENDOZA RUIZ\nELVD. ADOLFO LOPEZ MATEOS 438-A,\nE J831014R57\nFECHA: 20/11/2025\nTOTAL 2932.66';
    const head =
      'rm E EE\nÍ JUAN CARLOS MENDOZA RUIZ\nL ELVD. ADOLFO LOPEZ MATEOS 438-A,\nY REC: MENJ831014R57';
    const { data, engine } = await readWith([first, head]);
    expect(engine.calls).toBe(2);
    expect(data).toMatchObject({ vendor_rfc: 'MERJ831014R57', vendor_name: 'JUAN CARLOS MENDOZA RUIZ' });
    // The name read otherwise by the re-read (`JUAN CARTOS`): the RFC's letter stands as read.
    const other = await readWith([first, head.replace('CARLOS', 'CARTOS')]);
    expect(other.data.vendor_rfc).toBe('MENJ831014R57');
    // Found only by the bolder header read, confidently: the name read alike in the other readings decides.
    const bolder = await readWith([
      first,
      'FERRETERIA MENDOZA\nJUAN CARLOS MENDOZA RUIZ\nE J831014R57',
      head,
    ]);
    expect(bolder.engine.calls).toBe(3);
    expect(bolder.data.vendor_rfc).toBe('MERJ831014R57');
  });

  it('keeps the RFC letter as read when the person name was read only once', async () => {
    const first =
      'FERRETERIA MENDOZA\nJUAN CARLOS MENDOZA RUIZ\nE J831014R57\nFECHA: 20/11/2025\nTOTAL 2932.66';
    const { data } = await readWith([first, 'GARBLED', 'IA JUAN CARTOS MENDOZA RUIZ\nREC: MENJ831014R5S7']);
    expect(data.vendor_rfc).toBe('MENJ831014R57');
  });

  it('re-reads the header as sparse text when the razón social lost a word, and takes a name the RFC confirms', async () => {
    const lost = 'MERCADOS FRESCOS DE SA DE CV\nFECHA: 08-FEB-2026\nR.F.C.: MFO930823872\nTOTAL 779.82';
    const sparse = 'FRESCOS DE OCCIDENTE\nMERCADOS FRESCOS DE OCCIDENTE SA DE CY\nFECHA:\n08-FEB-2026';
    const { data, engine } = await readWith([lost, sparse]);
    expect(engine.psms).toEqual([undefined, '11']);
    expect(data).toMatchObject({
      vendor_name: 'MERCADOS FRESCOS DE OCCIDENTE SA DE CV',
      vendor_rfc: 'MFO930823872',
    });
    expect(data.sources?.vendor_name).toContain('letters of RFC');
    expect(data.timings.vendor_pass).toBeGreaterThan(0);
  });

  it('keeps the first razón social when the sparse re-read does not explain the RFC either', async () => {
    const lost = 'MERCADOS FRESCOS DE SA DE CV\nFECHA: 08-FEB-2026\nR.F.C.: MFO930823872\nTOTAL 779.82';
    const { data, engine } = await readWith([lost, 'MERCADOS PLAZA DE OCCIDENTE SA DE CV\nGARBLED']);
    expect(engine.calls).toBe(2);
    expect(data.vendor_name).toBe('MERCADOS FRESCOS DE SA DE CV');
    expect(data.vendor_rfc).toBe('MFO930823872');
  });

  it("judges the first reading's razón social again by an RFC only a re-read found", async () => {
    const first = [
      'EL FARO 24H',
      'TIENDAS SUPER EXOSCO Ki FARO, S.A. py',
      'C . Y',
      'FECHA: 06-10-2025 11:20:30',
      'R.F.C.: TSKIEO7',
      'TOTAL 139.44',
    ].join('\n');
    const reRead = 'EL FARO 24H\nR.F.C. TSK1807246R9\nFECHA: 06-10-2025';
    const { data, engine } = await readWith([first, reRead], { namePass: false });
    expect(engine.calls).toBe(2);
    expect(data.vendor_rfc).toBe('TSK1807246R9');
    expect(data.vendor_name).toBe('TIENDAS SUPER KIOSCO EL FARO, S.A. DE C.V.');
    expect(data.sources?.vendor_name).toContain('letters of RFC');
    // A name the header re-read gave right (wrapped, 0.8) is not replaced by the first reading's one-line slip.
    const terraza = await readWith([
      'LA TERRAZA\nOPERADORA DE ALIMENTOS LA TEPRAZA, S.A. DE C.V.\nR.F.C.: OAT08O8\nFECHA: 21/11/2026\nTOTAL 100.00',
      'LA TERRAZA\nOPERADORA DE ALIMENTOS LA TERRAZA,\nS.A. DE C.V.\nR.F.C.: OAT080813655\nFECHA: 21/11/2026',
    ]);
    expect(terraza.data.vendor_rfc).toBe('OAT080813655');
    expect(terraza.data.vendor_name).toBe('OPERADORA DE ALIMENTOS LA TERRAZA, S.A. DE C.V.');
  });

  it('does not re-read the vendor when the razón social agrees with the RFC, or when turned off', async () => {
    const fine =
      'MERCADOS FRESCOS DE OCCIDENTE SA DE CV\nFECHA: 08-FEB-2026\nR.F.C.: MFO930823872\nTOTAL 779.82';
    const agrees = await readWith([fine, 'GARBLED']);
    expect(agrees.data.vendor_name).toBe('MERCADOS FRESCOS DE OCCIDENTE SA DE CV');
    expect(agrees.engine.calls).toBe(1);
    const lost = 'MERCADOS FRESCOS DE SA DE CV\nFECHA: 08-FEB-2026\nR.F.C.: MFO930823872';
    const off = await readWith([lost], { vendorPass: false });
    expect(off.data.vendor_name).toBe('MERCADOS FRESCOS DE SA DE CV');
    expect(off.engine.calls).toBe(1);
  });

  /** Reads with the header, vendor and title passes off; `sizes`: each image's width and height as asked. */
  const readSized = async (canned: Parameters<typeof createFakeOcrEngine>[0], opts = {}) => {
    const only = { headerPass: false, vendorPass: false, titlePass: false, ...opts };
    const { data, engine } = await readWith(canned, only);
    return { data, sizes: engine.sizes };
  };

  it('reads the whole page again at a bolder ink when no line gives a date, and offers the date found unsealed', async () => {
    const undated = good.replace('SAB 21 NOV 2026 05:16 PM\n', '');
    const { data, sizes } = await readSized([undated, good]);
    expect(sizes).toHaveLength(2);
    expect(sizes[1]).toBe(sizes[0]);
    expect(data.date).toBe('2026-11-21');
    expect(data.timings.date_pass).toBeGreaterThan(0);
    // Weighed on the readings the other fields were: printed nowhere there, so the review asks for it.
    expect(data.confidence.date).toBeLessThan(0.9);
    // A date read surely the first time is not read again; nor is an unsure one with the pass turned off.
    expect((await readSized([good])).sizes).toHaveLength(1);
    const off = await readSized([undated, good], { datePass: false });
    expect([off.sizes.length, off.data.date]).toEqual([1, null]);
  });

  it("re-reads only the first reading's date line, with a line's height around it, at twice its size", async () => {
    // A year read years old: unsure. The date line's words sit at y 100–120 of the page.
    const text = good.replace('SAB 21 NOV 2026', 'SAB 21 NOV 2019');
    const line = toLines(text).findIndex((l) => l.raw.includes('2019'));
    const words = [{ text: 'SAB', confidence: 90, line, bbox: { x0: 10, y0: 100, x1: 60, y1: 120 } }];
    const { data, sizes } = await readSized([{ text, words }, 'SAB 21 NOV 2026 05:16 PM']);
    const width = Number(sizes[0]?.split(' ')[0]);
    expect(sizes.slice(1)).toEqual([`${2 * width} 120`]);
    expect(data.date).toBe('2026-11-21');
    expect(data.confidence.date).toBeLessThan(0.9);
    // Without word boxes to place the line, the whole page.
    const unplaced = await readSized([text, 'SAB 21 NOV 2026 05:16 PM']);
    expect(unplaced.sizes[1]).toBe(unplaced.sizes[0]);
  });

  it('re-reads a sure date whose figures were read unsurely, and doubts it when the re-read gives another', async () => {
    const line = toLines(good).findIndex((l) => l.raw.includes('21 NOV 2026'));
    const box = { x0: 10, y0: 100, x1: 60, y1: 120 };
    const read = (confidence: number) => ({
      text: good,
      words: [
        { text: '21', confidence, line, bbox: box },
        { text: '05:16', confidence: 20, line, bbox: box },
      ],
    });
    const sure = await readSized([read(90)]);
    expect([sure.sizes.length, sure.data.confidence.date >= 0.9]).toEqual([1, true]);
    // The time's figures read unsurely do not call for it.
    const unsureTime = await readSized([{ ...read(90), words: read(90).words.slice(1) }]);
    expect(unsureTime.sizes).toHaveLength(1);
    const confirmed = await readSized([read(30), 'SAB 21 NOV 2026 05:16 PM']);
    expect(confirmed.sizes).toHaveLength(2);
    expect([confirmed.data.date, confirmed.data.confidence.date >= 0.9]).toEqual(['2026-11-21', true]);
    const disputed = await readSized([read(30), 'SAB 27 NOV 2026 05:16 PM']);
    expect(disputed.data.date).toBe('2026-11-21');
    expect(disputed.data.confidence.date).toBeLessThan(0.9);
  });

  it('re-reads the line of the date chosen, not an earlier line that gives another date', async () => {
    // A labelled purchase date under a bare one: the labelled one is chosen, and its line (y 200–230) re-read.
    const text = `CORTE 21/10/2019\n${good.replace('SAB 21 NOV 2026 05:16 PM', 'FECHA: 21/11/2019 05:16 PM')}`;
    const box = (y0: number, y1: number) => ({ x0: 10, y0, x1: 60, y1 });
    const dated = toLines(text).findIndex((l) => l.raw.startsWith('FECHA'));
    const words = [
      { text: 'CORTE', confidence: 90, line: 0, bbox: box(100, 120) },
      { text: 'FECHA:', confidence: 90, line: dated, bbox: box(200, 230) },
    ];
    const { data, sizes } = await readSized([{ text, words }, 'FECHA: 21/11/2026 05:16 PM']);
    expect(sizes[1]).toBe(`${2 * Number(sizes[0]?.split(' ')[0])} 180`);
    expect(data.date).toBe('2026-11-21');
  });

  it('re-reads the lines around an unsure TOTAL at twice their size, and takes the total both readings give', async () => {
    // The subtotal and IVA garbled: only the TOTAL label backs the total. Its line's words sit at y 300–320.
    const first = [
      'COCINA ECONOMICA DEL CENTRO, S.A. DE C.V.',
      'R.F.C.: CEC100512AB9',
      'SAB 21 NOV 2026 05:16 PM',
      'ENCHILADAS VERDES 19O.0',
      'SUBTOTAL $l97.O0',
      'IVA 16% $3l.5Z',
      'TOTAL $228.52',
      'GRACIAS POR SU VISITA',
    ].join('\n');
    const at = toLines(first).findIndex((l) => l.raw.startsWith('TOTAL $'));
    const box = (y0: number) => ({ x0: 10, y0, x1: 60, y1: y0 + 20 });
    const words = [
      { text: 'SUBTOTAL', confidence: 90, line: at - 2, bbox: box(260) },
      { text: 'TOTAL', confidence: 90, line: at, bbox: box(300) },
    ];
    const again = 'SUBTOTAL $197.00\nIVA 16% $31.52\nTOTAL $228.52';
    const only = { rfcPass: false };
    const { data, sizes } = await readSized([{ text: first, words }, again], only);
    // The band y 257–323 (a twentieth of its height more above and below), at twice the size.
    expect(sizes.slice(1)).toEqual([`${2 * Number(sizes[0]?.split(' ')[0])} 132`]);
    expect([data.total, data.timings.total_pass]).toEqual([22852, expect.any(Number)]);
    expect(data.confidence.total).toBeGreaterThanOrEqual(0.9);
    const off = await readSized([{ text: first, words }, again], { ...only, totalPass: false });
    expect([off.sizes.length, off.data.confidence.total < 0.9]).toEqual([1, true]);
    // A sure total is not read again.
    expect((await readSized([good], only)).sizes).toHaveLength(1);
    // No TOTAL label read: the band around the largest amount (here the same line, garbled).
    const unlabelled = first.replace('TOTAL $228.52', 'TOTL $228.52');
    const around = await readSized([{ text: unlabelled, words }, again], only);
    expect([around.sizes[1], around.data.total]).toEqual([sizes[1], 22852]);
  });

  it("re-reads an unsure name's lines at twice their size, and takes the name they give when better backed", async () => {
    // A speck read inside the razón social: its letters no longer the RFC's. Its line's words sit at y 40–60.
    const first = good.replace('COCINA ECONOMICA', 'COCINA E ECONOMICA');
    const words = [{ text: 'COCINA', confidence: 90, line: 1, bbox: { x0: 10, y0: 40, x1: 60, y1: 60 } }];
    const again = 'EL PORTAL DE LA ABUELA\nCOCINA ECONOMICA DEL CENTRO, S.A. DE\nC.V.';
    const only = { rfcPass: false, datePass: false };
    const { data, sizes } = await readSized([{ text: first, words }, again], only);
    // The band y 39–61 (a twentieth of its height more above and below), at twice the size.
    expect(sizes.slice(1)).toEqual([`${2 * Number(sizes[0]?.split(' ')[0])} 44`]);
    expect(data.vendor_name).toBe('COCINA ECONOMICA DEL CENTRO, S.A. DE C.V.');
    expect([data.confidence.vendor_name >= 0.9, data.timings.name_pass]).toEqual([true, expect.any(Number)]);
    // A re-read no better backed is read again at the bolder ink, and taken from there when better backed.
    const bolder = await readSized([{ text: first, words }, first, again], only);
    expect([bolder.sizes.length, bolder.data.vendor_name]).toEqual([3, data.vendor_name]);
    expect(bolder.data.timings.name_pass_bolder).toEqual(expect.any(Number));
    // Neither better backed: the name stays; nor is it read again with the pass turned off.
    const same = await readSized([{ text: first, words }, first, first], only);
    expect(same.data.vendor_name).toBe('COCINA E ECONOMICA DEL CENTRO, S.A. DE C.V.');
    expect(same.data.confidence.vendor_name).toBeLessThan(0.9);
    const off = await readSized([{ text: first, words }, again], { ...only, namePass: false });
    expect([off.sizes.length, off.data.vendor_name]).toEqual([1, same.data.vendor_name]);
    // A sure name is not read again.
    expect((await readSized([good], only)).sizes).toHaveLength(1);
  });

  it('reads once when re-reading is turned off, and reports missing fields with zero confidence', async () => {
    const { data, engine } = await readWith(['TOTAL 228.52\nGARBLED', good], {
      headerPass: false,
      datePass: false,
      namePass: false,
    });
    expect(engine.calls).toBe(1);
    expect(data).toMatchObject({ total: 22852, vendor_rfc: null, date: null });
    expect(data.confidence.vendor_rfc).toBe(0);
  });
});

describe('a photo read as garbage (no total, no date)', () => {
  // What tesseract makes of a page on its side: unsure letters (a clean dev photo turned: 31–42 of 100).
  const garbage = { text: 'VINIT NI JUNILVA\nL F 5 AI SA', confidence: 35 };

  it('is read again turned, likeliest turn first, and the first turn that finds a total or date is kept', async () => {
    const { data, engine } = await readWith([garbage, garbage, good]);
    // Three readings: as it lies, upside down (a portrait page), then a quarter turn that reads the ticket.
    expect(engine.calls).toBeGreaterThanOrEqual(3);
    expect(data.total).toBe(22852);
    expect(data.timings.turn).toBeGreaterThan(0);
  });

  it('is given back empty after every turn read garbage, and a ticket read the right way up is not turned', async () => {
    const { data, engine } = await readWith([garbage], {
      headerPass: false,
      vendorPass: false,
      datePass: false,
      namePass: false,
    });
    expect(engine.calls).toBe(4);
    expect(data).toMatchObject({ total: null, date: null });
    const upright = await readWith([good]);
    expect(upright.data.timings.turn).toBeUndefined();
  });

  it('keeps the page as it lies when a turn finds a total but reads it no more surely (faded upright print)', async () => {
    const faded = { text: 'VINIT NI JUNILVA', confidence: 45 };
    const chance = { text: 'TOTAL 61.00', confidence: 50 };
    const { data, engine } = await readWith([faded, chance], {
      headerPass: false,
      vendorPass: false,
      datePass: false,
      namePass: false,
    });
    expect(engine.calls).toBe(4);
    expect(data.total).toBeNull();
  });

  it('is not turned when read surely as it lies, though it gives neither a total nor a date', async () => {
    const sure = { text: 'VINIT NI JUNILVA\nL F 5 AI SA', confidence: 75 };
    const { data, engine } = await readWith([sure], {
      headerPass: false,
      vendorPass: false,
      datePass: false,
      namePass: false,
    });
    expect(engine.calls).toBe(1);
    expect(data.timings.turn).toBeUndefined();
    const unsure = await readWith([{ ...sure, confidence: 59 }], {
      headerPass: false,
      vendorPass: false,
      datePass: false,
      namePass: false,
    });
    expect(unsure.engine.calls).toBe(4);
  });

  it('tries the quarter turns first on a page wider than tall, the half turn first on one taller than wide', () => {
    const gray = (width: number, height: number) => ({ data: new Uint8Array(width * height), width, height });
    expect(turnsFor(gray(300, 200))).toEqual([90, 270, 180]);
    expect(turnsFor(gray(200, 300))).toEqual([180, 90, 270]);
  });
});

describe('a first reading that missed most of the ticket', () => {
  /** Word boxes for every word of a text, one line per text line. */
  const boxes = (text: string) =>
    text.split('\n').flatMap((l, line) =>
      l.split(/\s+/).map((w, i) => ({
        text: w,
        confidence: 90,
        line,
        bbox: { x0: i * 50, y0: line * 30, x1: i * 50 + 40, y1: line * 30 + 20 },
      })),
    );
  // A photo with the table's dark band around the paper, which framelessPage whitens.
  const framed = readFileSync('fixtures/receipts/dev-003-clean.jpg');
  const sparse = 'MERCADOS FRESCOS\nTOTAL 228.52';

  async function readFramed(canned: Parameters<typeof createFakeOcrEngine>[0]) {
    const engine = createFakeOcrEngine(canned);
    // Its RFC printed with an O for a zero (repaired, 0.9): the RFC pass would read the words again.
    const reader = createReceiptReader({ clock, engine, rfcPass: false });
    try {
      return { data: await reader.read(framed), engine };
    } finally {
      await reader.close();
    }
  }

  it('is read again with the band around the paper whitened, and the fuller reading is kept', async () => {
    const { data, engine } = await readFramed([
      { text: sparse, words: boxes(sparse) },
      { text: good, words: boxes(good) },
    ]);
    expect(engine.calls).toBe(2);
    expect(data.text).toBe(good);
    expect(data).toMatchObject({ total: 22852, vendor_rfc: 'CEC100512AB9' });
  });

  it('keeps the first reading when the second finds no more, and is not re-read when it is full', async () => {
    const worse = await readFramed([
      { text: sparse, words: boxes(sparse) },
      { text: 'TOTAL', words: boxes('TOTAL') },
      good,
    ]);
    expect(worse.data.text.startsWith(sparse)).toBe(true);
    const full = await readFramed([{ text: good, words: boxes(good) }]);
    expect(full.engine.calls).toBe(1);
  });
});

describe('spelledRfc', () => {
  const judged = (vendor_rfc: string | null, vendor_name: string | null) =>
    receiptData({ vendor_rfc, vendor_name });
  it('offers the RFC two re-reads spell alike, not one re-read alone nor the RFC already chosen', () => {
    const spelled = ['TDS061219D25', 'TDS061219D25', 'TDS061219025'];
    expect(spelledRfc(spelled, judged('IDS061219025', null))).toBe('TDS061219D25');
    expect(spelledRfc(['TDS061219D25', 'TDS061219025'], judged(null, null))).toBeNull();
    expect(spelledRfc(spelled, judged('TDS061219D25', null))).toBeNull();
  });

  it("keeps the RFC chosen when the name's letters side with it and not with the spelling", () => {
    const spelled = ['MRQ881201283', 'MRQ881201283'];
    expect(spelledRfc(spelled, judged('MRO8812012S3', 'MARISCOS RIO ORIENTE SA DE CV'))).toBeNull();
    expect(spelledRfc(spelled, judged('MRO8812012S3', 'LA PERLA SA DE CV'))).toBe('MRQ881201283');
  });
});

describe('voteRfc', () => {
  const reading = (rfc: string | null, c: number) =>
    ({ fields: { vendor_rfc: rfc }, confidence: { vendor_rfc: c } }) as unknown as Extraction;

  it('adds confidences per RFC: two agreeing readings beat one confident outlier', () => {
    const v = voteRfc([
      reading('AHII880319456', 0.9),
      reading('AMH8803194E6', 0.65),
      reading('AMH8803194E6', 0.6),
    ]);
    expect(v).toEqual({ rfc: 'AMH8803194E6', confidence: 0.75 });
  });

  it('returns null when no reading found an RFC, and a lone reading as it is', () => {
    expect(voteRfc([reading(null, 0), reading(null, 0)])).toBeNull();
    expect(voteRfc([reading(null, 0), reading('CEC100512AB9', 0.7)])).toEqual({
      rfc: 'CEC100512AB9',
      confidence: 0.7,
    });
  });
});

describe('rfcBox', () => {
  const at = (text: string, x0: number, x1: number) => ({
    text,
    confidence: 80,
    line: 3,
    bbox: { x0, y0: 10, x1, y1: 30 },
  });

  it('spans the RFC words, and reaches right for the characters tesseract dropped from a faded value', () => {
    expect(
      rfcBox({ words: [at('MERJ8', 100, 150), at('60414362', 160, 240)], label: 'before', chars: 13 }),
    ).toEqual({
      x0: 100,
      y0: 10,
      x1: 240,
      y1: 30,
    });
    // `TSKIEO7`: 7 of an RFC's 13 characters in 70 px, so the crop reaches 130 px.
    expect(rfcBox({ words: [at('TSKIEO7', 100, 170)], label: 'before', chars: 7 }).x1).toBe(230);
    // A value glued to its label: the word's width includes the label, so it is not stretched.
    expect(rfcBox({ words: [at('RFC:MERJ8604', 100, 220)], label: 'glued', chars: 9 }).x1).toBe(220);
  });
});

// A photo whose title is `EL FARO 24H`, between stars, at y 52–151 of the prepared page; the first reading
// here starts with the razón social at y 163.
const photo = readFileSync('fixtures/receipts/dev-021-mild.jpg');
// Fifty words or more: a full reading, not one the band around the paper cut short.
const body = `TIENDAS SUPER KIOSCO EL FARO SA DE CV\nRFC: TSK811222JI3\nFECHA 04/08/2025\nTOTAL 232.36\n${'GRACIAS POR SU COMPRA VUELVA PRONTO\n'.repeat(8).trim()}`;
const words = body.split('\n').flatMap((l, line) =>
  l.split(/\s+/).map((w, i) => ({
    text: w,
    confidence: 90,
    line,
    bbox: { x0: 40 + i * 80, y0: 163 + line * 34, x1: 110 + i * 80, y1: 181 + line * 34 },
  })),
);
/** A title's reading as the engine gives it: its words, boxed on the title's line of the crop. */
const titleWords = (text: string, confidence: number) =>
  text
    .trim()
    .split(/\s+/)
    .map((t, i) => ({
      text: t,
      confidence,
      line: 0,
      bbox: { x0: 60 + 90 * i, y0: 30, x1: 140 + 90 * i, y1: 80 },
    }));

describe('a title in large print the page’s reading left out', () => {
  async function readTitled(title: string, confidence = 60, titlePass?: boolean) {
    const read = { text: title, words: titleWords(title, confidence) };
    const engine = createFakeOcrEngine([{ text: body, words }, read], confidence);
    const passes = { titlePass, headerPass: false, vendorPass: false, totalPass: false };
    const reader = createReceiptReader({ clock, engine, ...passes });
    try {
      return { data: await reader.read(photo), engine };
    } finally {
      await reader.close();
    }
  }

  it('is read alone and put on top, its decorations left out', async () => {
    const { data, engine } = await readTitled('* EL FARO 24H *\n');
    expect(engine.calls).toBe(2);
    expect(data.vendor_store_name).toBe('EL FARO 24H');
    expect(data.vendor_name).toBe('TIENDAS SUPER KIOSCO EL FARO SA DE CV');
    expect(data.text.startsWith('EL FARO 24H\n')).toBe(true);
    expect(data.timings?.title_pass).toBeGreaterThan(0);
  });

  it('is left out when what the re-read finds is no text, and not looked for when turned off', async () => {
    const garbage = await readTitled('—]—]]—][]]]][]—]];=lr\n');
    expect(garbage.data.text).toBe(body);
    const unsure = await readTitled('IET PTE\n', 0);
    expect(unsure.data.text).toBe(body);
    const off = await readTitled('* EL FARO 24H *\n', 60, false);
    expect(off.engine.calls).toBe(1);
  });
});

describe('a persona física’s RFC only the header re-read found', () => {
  it('judges the first reading’s header again: the name under a title and specks, not the title', async () => {
    const first = [
      'FONDA LA GUERA',
      '|',
      '| y',
      '| |',
      'cm OI: E eE -17. 0',
      'SAMUEL CASTILLO QUINTERO',
      'CALLE TECNOLOGICO 390-A, COL. INDUSTRIAL',
      'R.F.C, CAQSEB1001JYI',
      'FECHA: 30-MAR-2025',
      'TOTAL 100.00',
    ].join('\n');
    const { data } = await readWith([first, 'R.F.C. CAQS681001JY3\nFECHA: 30-MAR-2025']);
    expect(data.vendor_rfc).toBe('CAQS681001JY3');
    expect(data.vendor_name).toBe('SAMUEL CASTILLO QUINTERO');
  });
});

describe('withoutUnseenAccents', () => {
  /** Words of one header line; each `[text, top]`, capitals 28 px high down to y 268. */
  const line = (...ws: Array<[string, number]>) =>
    ws.map(([text, y0], i) => ({
      text,
      confidence: 90,
      line: 1,
      bbox: { x0: 100 * i, y0, x1: 100 * i + 90, y1: 268 },
    }));
  const text = (ws: ReturnType<typeof line>) => `LOS ALAMOS\n${ws.map((w) => w.text).join(' ')}`;

  it('takes off an accent the reading put on a capital whose box rises no higher than the line', () => {
    const read = line(['GRUPO', 240], ['GASTRONÓMICO', 241], ['LOS', 241], ['ALAMOS', 240]);
    expect(withoutUnseenAccents(text(read), read)).toBe('LOS ALAMOS\nGRUPO GASTRONOMICO LOS ALAMOS');
  });

  it('keeps an accent whose ink rises above the line, an Ñ, and a word with no capitals beside it', () => {
    const printed = line(['TLAPALERÍA', 226], ['DEL', 240], ['LAGO', 240]);
    expect(withoutUnseenAccents(text(printed), printed)).toBe(text(printed));
    const enye = line(['LA', 240], ['MONTAÑA', 240]);
    expect(withoutUnseenAccents(text(enye), enye)).toBe(text(enye));
    const alone = line(['CAFÉ', 241]);
    expect(withoutUnseenAccents(text(alone), alone)).toBe(text(alone));
  });
});

describe('withoutEdgeSpecks', () => {
  /** A reading's words from `line: word:confidence …` rows (boxes do not matter here). */
  const wordsOf = (rows: string[]) =>
    rows.flatMap((row, line) =>
      row.split(' ').map((t) => {
        const [text = '', confidence = '90'] = t.split(':');
        return { text, confidence: Number(confidence), bbox: { x0: 0, y0: 0, x1: 1, y1: 1 }, line };
      }),
    );
  const clean = (rows: string[]) =>
    withoutEdgeSpecks(rows.map((r) => r.replace(/:\d+/g, '')).join('\n'), wordsOf(rows));

  it('drops a lone unsure character ending or starting a header line of sure words', () => {
    expect(clean(['Do:41 CAFE:92 TLALOC:92 A:4', 'RFC:95 UAFA990225V34:90'])).toBe(
      'Do CAFE TLALOC\nRFC UAFA990225V34',
    );
    expect(
      clean(['J:12 MARIA:95 DEL:95 CARMEN:95 CASTILLO:95', 'RESTAURANTES:96 EL:93 FOGON:92 S.A.:96 É:12']),
    ).toBe('MARIA DEL CARMEN CASTILLO\nRESTAURANTES EL FOGON S.A.');
  });

  it('keeps a name’s own letter read surely, a garbled line’s letters, and lines below the header', () => {
    expect(clean(['TIENDAS:95 CIRCULO:95 K:91'])).toBe('TIENDAS CIRCULO K');
    // `C . Y`: all a hard photo kept of a wrapped C.V.
    expect(clean(['TIENDAS:95 SUPER:93 S.A.:94', 'C:27 .:27 Y:78'])).toBe('TIENDAS SUPER S.A.\nC . Y');
    const body = Array.from({ length: 8 }, (_, i) => `LINEA:95 ${i}:95`);
    expect(clean([...body, 'CAFE:95 AMERICANO:95 A:10'])).toBe(
      [...body.map((r) => r.replace(/:\d+/g, '')), 'CAFE AMERICANO A'].join('\n'),
    );
  });
});

describe('warmUp', () => {
  const drawn = warmUpLines().join('\n');

  it('reads the made-up ticket once on every worker at once, and says it read as drawn', async () => {
    const engine = createFakeOcrEngine([drawn]);
    // Each reading waits (up to 2 s) for the others to arrive: readings one after another would leave `most` at 1.
    let inFlight = 0;
    let most = 0;
    const counting = {
      ...engine,
      recognize: async (img: Buffer, o?: Parameters<typeof engine.recognize>[1]) => {
        most = Math.max(most, ++inFlight);
        for (let waited = 0; most < 3 && waited < 2000; waited += 10)
          await new Promise((r) => setTimeout(r, 10));
        inFlight--;
        return engine.recognize(img, o);
      },
    };
    const reader = createReceiptReader({ clock, engine: counting, workers: 3 });
    const warm = await reader.warmUp();
    await reader.close();
    expect(warm.ok).toBe(true);
    expect(warm.ms).toBeGreaterThan(0);
    expect(engine.calls).toBe(3);
    expect(most).toBe(3);
  });

  it('says so when the ticket is not read as drawn (broken language data garbles its figures)', async () => {
    const engine = createFakeOcrEngine([drawn.replace(/[0-9]/g, 'S')]);
    const reader = createReceiptReader({ clock, engine, workers: 1 });
    const warm = await reader.warmUp();
    await reader.close();
    expect(warm.ok).toBe(false);
  });

  it('draws a ticket whose items add up to its total, and whose subtotal and IVA do too', () => {
    const amount = (l: string): number => Math.round(Number(l.replace(/.*\$/, '').replace(',', '')) * 100);
    const lines = warmUpLines();
    const items = lines.filter((l) => /^1 /.test(l)).map(amount);
    const of = (label: string): number => amount(lines.find((l) => l.startsWith(label)) ?? '');
    expect(items).toHaveLength(10);
    expect(items.reduce((a, b) => a + b, 0)).toBe(WARM_UP_TOTAL);
    expect(of('SUBTOTAL') + of('IVA')).toBe(WARM_UP_TOTAL);
    expect(of('TOTAL ')).toBe(WARM_UP_TOTAL);
    expect(lines.some((l) => l.includes(WARM_UP_RFC))).toBe(true);
  });
});
