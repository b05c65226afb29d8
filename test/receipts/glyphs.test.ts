import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { barredZeros, counters, glyphSpans, waistRatio, withBarredZeros } from '../../src/receipts/glyphs.js';
import type { OcrWord } from '../../src/receipts/ocr.js';
import type { Gray } from '../../src/receipts/raster.js';

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
    const text = withBarredZeros(gray, {
      text: 'HORA: 18:18\nTOTAL 18.18',
      confidence: 80,
      words: [word('18:18', box)],
    });
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
});
