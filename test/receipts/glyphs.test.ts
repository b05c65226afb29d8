import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Gray } from '../../src/receipts/image/raster.js';
import {
  barredZeroReadings,
  barredZeros,
  counters,
  glyphSpans,
  identifierWord,
  notchDepth,
  respacedWord,
  waistRatio,
  zerosByLikeness,
} from '../../src/receipts/ocr/glyphs.js';
import type { OcrWord } from '../../src/receipts/ocr/ocr.js';
import { titleRead } from '../../src/receipts/receipts.reader.js';

// Characters drawn as shapes (no fonts needed), 24 px wide cells, 40 px tall, black on white.
const CELL = 24;
const one = (x: number): string => `<rect x="${x + 9}" y="4" width="6" height="32"/>`;
const colon = (x: number): string =>
  `<rect x="${x + 9}" y="10" width="6" height="6"/><rect x="${x + 9}" y="26" width="6" height="6"/>`;
// An 8: two rings stacked, pinched where they meet.
const eight = (x: number): string =>
  `<g fill="none" stroke="#000" stroke-width="4"><ellipse cx="${x + 12}" cy="12" rx="8" ry="8"/><ellipse cx="${x + 12}" cy="28" rx="9" ry="8"/></g>`;
// A barred zero: a rounded ring with straight sides and a bar across the middle.
const barredZero = (x: number): string =>
  `<rect x="${x + 4}" y="6" width="16" height="30" rx="6" fill="none" stroke="#000" stroke-width="4"/><rect x="${x + 4}" y="19" width="16" height="4"/>`;
// A 6: a bowl below, the stem up its left side and a hook over the top; its right side dips in under the hook.
const six = (x: number): string =>
  `<g fill="none" stroke="#000" stroke-width="4"><ellipse cx="${x + 12}" cy="26" rx="8" ry="8"/><path d="M${x + 6} 26 L${x + 6} 14 Q${x + 6} 6 ${x + 19} 7"/></g>`;
// A 9: the 6 turned half round.
const nine = (x: number): string => `<g transform="rotate(180 ${x + 12} 20)">${six(x)}</g>`;
// A blot: an 8 printed so blurred that its counters filled in.
const blot = (x: number): string => `<rect x="${x + 3}" y="4" width="18" height="32" rx="7"/>`;

async function draw(
  glyphs: Array<(x: number) => string>,
  cell = CELL,
): Promise<{ gray: Gray; box: OcrWord['bbox'] }> {
  const width = 20 + glyphs.length * cell;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="60"><rect width="100%" height="100%" fill="#fff"/><g transform="translate(10,10)">${glyphs.map((g, i) => g(i * cell)).join('')}</g></svg>`;
  const { data, info } = await sharp(Buffer.from(svg))
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // The word box as tesseract gives it: from the first ink to the last.
  const box = { x0: 10 + 3, y0: 10 + 4, x1: 10 + (glyphs.length - 1) * cell + 23, y1: 10 + 37 };
  return { gray: { data, width: info.width, height: info.height }, box };
}

const word = (text: string, bbox: OcrWord['bbox']): OcrWord => ({ text, confidence: 80, line: 0, bbox });

describe('glyph checks on the prepared page', () => {
  it("cuts a word into its characters, touching or not, and refuses a count the ink can't give", async () => {
    const { gray, box } = await draw([one, eight, colon, one, eight]);
    const spans = glyphSpans(gray, box, 5);
    expect(spans).toHaveLength(5);
    expect(glyphSpans(gray, box, 9)).toBeNull();
    // Bold print: a wide 1 touches the zero after it; the run is cut where the ink is faintest.
    const wideOne = (x: number): string =>
      `<rect x="${x + 4}" y="32" width="21" height="4"/><rect x="${x + 9}" y="4" width="6" height="32"/>`;
    const bold = await draw([wideOne, barredZero], 20);
    const cut = glyphSpans(bold.gray, bold.box, 2) as Array<[number, number]>;
    expect(cut).toHaveLength(2);
    expect(cut[1]?.[0]).toBeGreaterThan(10 + 15);
    expect(waistRatio(bold.gray, cut[1] as [number, number], bold.box)).toBeGreaterThanOrEqual(0.97);
  });

  it("tells an 8's waist from a barred zero's straight sides, and counts their counters", async () => {
    const { gray, box } = await draw([eight, barredZero, blot]);
    const spans = glyphSpans(gray, box, 3) as Array<[number, number]>;
    const [e, z, b] = spans.map((s) => ({ waist: waistRatio(gray, s, box), holes: counters(gray, s, box) }));
    expect(e?.waist).toBeLessThan(0.85);
    expect(z?.waist).toBeGreaterThanOrEqual(0.97);
    expect(e?.holes).toBe(2);
    expect(z?.holes).toBe(2);
    expect(b?.holes).toBe(0);
  });

  it('reads a barred zero taken for 8 in a time as 0, and leaves real 8s, blots and amounts alone', async () => {
    const { gray, box } = await draw([one, barredZero, colon, one, eight]);
    expect(barredZeros(gray, [word('18:18', box)]).map((f) => f.text)).toEqual(['10:18']);
    // The same ink read as an amount is left to the arithmetic.
    expect(barredZeros(gray, [word('18.18', box)])).toEqual([]);
    const { dates: text } = barredZeroReadings(
      gray,
      {
        text: 'HORA: 18:18\nTOTAL 18.18',
        confidence: 80,
        words: [word('18:18', box)],
      },
      () => false,
    );
    expect(text).toBe('HORA: 10:18\nTOTAL 18.18');
    const blurred = await draw([one, blot, colon, one, eight]);
    expect(barredZeros(blurred.gray, [word('18:18', blurred.box)])).toEqual([]);
  });

  it('judges nothing on a page whose 8s never show a clear waist, nor glyphs too small to measure', async () => {
    // Every "8" here is a barred zero: no 8 of the font to compare with, so nothing is changed.
    const { gray, box } = await draw([one, barredZero, colon, one, barredZero]);
    expect(barredZeros(gray, [word('18:18', box)])).toEqual([]);
    // With a real 8 elsewhere on the page the same word is judged; cut to 12 px high it is not.
    const page = await draw([one, barredZero, colon, one, eight]);
    expect(barredZeros(page.gray, [word('18:18', page.box)])).toHaveLength(1);
    expect(barredZeros(page.gray, [word('18:18', { ...page.box, y1: page.box.y0 + 12 })])).toEqual([]);
  });

  it("measures the notch of a 6's right side and a 9's left side, none on a zero's", async () => {
    const { gray, box } = await draw([six, nine, barredZero]);
    const [s6, s9, z] = glyphSpans(gray, box, 3) as Array<[number, number]>;
    expect(notchDepth(gray, s6 as [number, number], box, '6')).toBeGreaterThanOrEqual(3);
    expect(notchDepth(gray, s9 as [number, number], box, '9')).toBeGreaterThanOrEqual(3);
    expect(notchDepth(gray, z as [number, number], box, '6')).toBe(0);
    expect(notchDepth(gray, z as [number, number], box, '9')).toBe(0);
  });

  it('reads a barred zero taken for 6 or 9 in a date or time as 0, where the font shows its 6s and 9s', async () => {
    const time = await draw([one, barredZero, colon, one, six]);
    expect(barredZeros(time.gray, [word('16:16', time.box)]).map((f) => f.text)).toEqual(['10:16']);
    const nines = await draw([one, barredZero, colon, one, nine]);
    expect(barredZeros(nines.gray, [word('19:19', nines.box)]).map((f) => f.text)).toEqual(['10:19']);
    // As an amount it is left to the arithmetic.
    expect(barredZeros(time.gray, [word('16.16', time.box)])).toEqual([]);
    // No 6 or 9 of the font to compare with: nothing is changed.
    const zeros = await draw([one, barredZero, colon, one, barredZero]);
    expect(barredZeros(zeros.gray, [word('16:16', zeros.box)])).toEqual([]);
    // A true 6 and 9 stay.
    const real = await draw([one, six, colon, one, nine]);
    expect(barredZeros(real.gray, [word('16:19', real.box)])).toEqual([]);
  });

  // A row of words: cells a..b of a drawn row, as tesseract boxes them.
  const cells = (a: number, b: number): OcrWord['bbox'] => ({
    x0: 10 + a * CELL + 1,
    y0: 14,
    x1: 10 + b * CELL + 23,
    y1: 47,
  });
  const zerosRow = [barredZero, barredZero, barredZero, barredZero];
  const eightsRow = [eight, eight, eight, eight];

  it("reads an identifier's 8 that looks like the page's zeros as 0, and leaves its true 8s", async () => {
    // `0000 8888` read right, then a folio whose first character is the font's zero read as 8.
    const { gray } = await draw([...zerosRow, ...eightsRow, barredZero, eight, eight, eight]);
    const words = [
      word('0000', cells(0, 3)),
      word('8888', cells(4, 7)),
      { ...word('8888', cells(8, 11)), line: 1 },
    ];
    const fixes = zerosByLikeness(gray, words);
    expect(fixes.map((f) => [f.word, f.text])).toEqual([[words[2], '0888']]);
    const text = barredZeroReadings(
      gray,
      { text: '0000 8888\nFOLIO: 8888', confidence: 80, words },
      () => false,
    );
    expect(text.dates).toBe('0000 8888\nFOLIO: 0888');
    // The RFC's words are judged by their check digit instead.
    const rfc = barredZeroReadings(
      gray,
      { text: '0000 8888\nFOLIO: 8888', confidence: 80, words },
      (w) => w === words[2],
    );
    expect(rfc.dates).toBe('0000 8888\nFOLIO: 8888');
  });

  it('compares only with shapes the page read surely, at least three of each digit', async () => {
    const { gray } = await draw([...zerosRow, ...eightsRow, barredZero, eight, eight, eight]);
    // The zeros read unsurely: no mean zero to compare with.
    const unsure = [
      { ...word('0000', cells(0, 3)), confidence: 20 },
      word('8888', cells(4, 7)),
      word('8888', cells(8, 11)),
    ];
    expect(zerosByLikeness(gray, unsure)).toEqual([]);
    // Only two zeros besides the one judged.
    const few = [word('00', cells(0, 1)), word('8888', cells(4, 7)), word('8888', cells(8, 11))];
    expect(zerosByLikeness(gray, few)).toEqual([]);
  });

  it('takes identifiers only: not amounts, dates, times or RFCs', () => {
    const is = (text: string): boolean => identifierWord(word(text, cells(0, 1)));
    expect(['43837', 'A-84716', 'C.P.20381', 'TR#88123'].map(is)).toEqual([true, true, true, true]);
    expect(
      ['269.08', '$1,268.00', '2025-03-21', '21:22:48', '12/08/2025', 'FSL040722CN6', '838'].map(is),
    ).toEqual([false, false, false, false, false, false, false]);
  });

  it('puts back the spaces a word of large print lost, from the gaps in its ink', async () => {
    const gap = (): string => '';
    // Ten letters (bars 24 px apart) with one cell left empty after the second: `EL PORVENIR`.
    const spaced = await draw([one, one, gap, ...Array(8).fill(one)]);
    const box = cells(0, 10);
    expect(respacedWord(spaced.gray, { text: 'ELPORVENIR', bbox: box })).toBe('EL PORVENIR');
    // Through the title pass, as words of their own.
    const read = { text: 'ELPORVENIR', confidence: 90, words: [word('ELPORVENIR', box)] };
    expect(titleRead(read, spaced.gray)).toEqual(['EL PORVENIR']);
    // Even gaps: one word. Fewer than eight letters, or ink that does not divide into the letters read: unchanged.
    const even = await draw(Array(10).fill(one));
    expect(respacedWord(even.gray, { text: 'FARMACEUTI', bbox: cells(0, 9) })).toBe('FARMACEUTI');
    expect(respacedWord(spaced.gray, { text: 'ELPORVE', bbox: cells(0, 7) })).toBe('ELPORVE');
    expect(respacedWord(spaced.gray, { text: 'ELPORVENIRCOFFEE', bbox: box })).toBe('ELPORVENIRCOFFEE');
  });
});
