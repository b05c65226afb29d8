/**
 * Looking at single characters of a prepared page (black ink on white), where the OCR's reading can be checked
 * against the ink: a thermal font's barred or dotted zero (a bar or dot inside the 0) is read as 8.
 */
import { editLine } from './extract.text.js';
import type { Box, OcrResult, OcrWord } from './ocr.js';
import { flood, type Gray } from './raster.js';

const INK = 128;

const isInk = (g: Gray, x: number, y: number): boolean => (g.data[y * g.width + x] ?? 255) < INK;

/**
 * The column span of each of a word's `count` characters, or null when the ink does not divide that way.
 * Characters are the runs of inked columns; a run as wide as several characters (bold glyphs that touch) is cut
 * at its faintest columns near the expected boundaries.
 */
export function glyphSpans(g: Gray, box: Box, count: number): Array<[number, number]> | null {
  const x0 = Math.max(0, box.x0);
  const x1 = Math.min(g.width, box.x1);
  const y0 = Math.max(0, box.y0);
  const y1 = Math.min(g.height, box.y1);
  if (count < 1 || x1 <= x0 || y1 <= y0) return null;
  const ink: number[] = [];
  for (let x = x0; x < x1; x++) {
    let n = 0;
    for (let y = y0; y < y1; y++) if (isInk(g, x, y)) n++;
    ink.push(n);
  }
  const runs: Array<[number, number]> = [];
  for (let i = 0; i < ink.length; i++) {
    if (!ink[i]) continue;
    const start = i;
    while (i + 1 < ink.length && ink[i + 1]) i++;
    runs.push([start, i]);
  }
  // Advance per character, spacing included; a run holds as many characters as its width (plus one spacing)
  // covers.
  const pitch = ink.length / count;
  const parts = runs.map(([a, b]) => Math.max(1, Math.round((b - a + 1) / pitch + 0.25)));
  if (parts.reduce((s, k) => s + k, 0) !== count) return null;
  const out: Array<[number, number]> = [];
  runs.forEach(([a, b], r) => {
    const k = parts[r] ?? 1;
    const step = (b - a + 1) / k;
    let from = a;
    for (let j = 1; j < k; j++) {
      const want = Math.round(a + j * step);
      const reach = Math.max(1, Math.round(step * 0.25));
      let cut = want;
      for (let x = want - reach; x <= want + reach; x++) if ((ink[x] ?? 0) < (ink[cut] ?? 0)) cut = x;
      out.push([x0 + from, x0 + cut - 1]);
      from = cut + 1;
    }
    out.push([x0 + from, x0 + b]);
  });
  return out;
}

/**
 * How much narrower a character's outline is at mid-height than its bowls above and below: an 8 pinches to a
 * waist (about 0.8 and less), a zero's outline does not (1.0), whatever is inside it.
 */
export function waistRatio(g: Gray, span: [number, number], box: Box): number {
  const widths: number[] = [];
  for (let y = Math.max(0, box.y0); y < Math.min(g.height, box.y1); y++) {
    let left = -1;
    let right = -1;
    for (let x = span[0]; x <= span[1]; x++) {
      if (!isInk(g, x, y)) continue;
      if (left < 0) left = x;
      right = x;
    }
    widths.push(left < 0 ? 0 : right - left + 1);
  }
  let a = 0;
  let z = widths.length - 1;
  while (a < z && !widths[a]) a++;
  while (z > a && !widths[z]) z--;
  const w = widths.slice(a, z + 1);
  const h = w.length;
  if (h < 8) return Number.NaN;
  const band = (from: number, to: number): number[] =>
    w.slice(Math.floor(from * h), Math.max(Math.floor(from * h) + 1, Math.ceil(to * h)));
  const bowls = Math.min(Math.max(...band(0.15, 0.4)), Math.max(...band(0.6, 0.85)));
  return bowls > 0 ? Math.min(...band(0.4, 0.6)) / bowls : Number.NaN;
}

/**
 * The enclosed white regions (counters) of a character large enough to be real (a 0 or 8 has one or two; a blot
 * of ink, where the print is too blurred to judge the outline, has none).
 */
export function counters(g: Gray, span: [number, number], box: Box): number {
  const x0 = span[0];
  const y0 = Math.max(0, box.y0);
  const w = span[1] - span[0] + 1;
  const h = Math.min(g.height, box.y1) - y0;
  if (w < 3 || h < 3) return 0;
  const white = (i: number): boolean => !isInk(g, x0 + (i % w), y0 + Math.floor(i / w));
  const seen = new Uint8Array(w * h);
  // The white around the character, reached from the border; what white is left is enclosed.
  const border: number[] = [];
  for (let x = 0; x < w; x++) border.push(x, (h - 1) * w + x);
  for (let y = 0; y < h; y++) border.push(y * w, y * w + w - 1);
  flood(w, h, border.filter(white), seen, white);
  let n = 0;
  const least = Math.max(2, Math.round(w * h * 0.02));
  for (let i = 0; i < w * h; i++)
    if (!seen[i] && white(i) && flood(w, h, [i], seen, white).count >= least) n++;
  return n;
}

/** An 8 whose outline has no waist is a barred or dotted zero. */
const NO_WAIST = 0.97;
/** An 8 that pinches this much, with both counters, shows the font's 8 has a waist. */
const CLEAR_WAIST = 0.88;
/** Below this height (px) one pixel moves the ratio by more than the margin between 8s and zeros. */
const MIN_HEIGHT = 14;

/** A word that carries a date (`10-MAR-2025`, `10/03/25`, `2025-03-10`) or a time (`20:07`, `20:07:22`). */
const DATE_OR_TIME =
  /^\W*(\d{1,2}[-/.](\d{1,2}|[A-Z]{3})[-/.]\d{2,4}|\d{4}-\d{1,2}-\d{1,2}|\d{1,2}:\d{2}(:\d{2})?)\W*$/i;

const mayHoldBarredZero = (w: OcrWord): boolean => w.text.includes('8') && DATE_OR_TIME.test(w.text);

/**
 * The date and time words whose 8s are barred zeros by their outline, with the reading corrected: `18-MAR-2025`
 * → `10-MAR-2025` when the 8's sides run straight and it has a counter (a blot of ink is not judged). Only on a
 * page whose font shows an 8 with a clear waist somewhere (any word), so a font or a blur that hides every 8's
 * waist changes nothing. Words whose characters cannot be told apart are left alone. Amounts are not touched:
 * arithmetic arbitrates them.
 */
export function barredZeros(g: Gray, words: OcrWord[]): Array<{ word: OcrWord; text: string }> {
  let fontHasWaist = false;
  const judged: Array<{ word: OcrWord; chars: string[]; zeros: number[] }> = [];
  for (const word of words) {
    if (!word.text.includes('8')) continue;
    const chars = [...word.text];
    const spans = glyphSpans(g, word.bbox, chars.length);
    if (!spans || word.bbox.y1 - word.bbox.y0 < MIN_HEIGHT) continue;
    const zeros: number[] = [];
    chars.forEach((ch, i) => {
      const span = spans[i];
      if (ch !== '8' || !span) return;
      const ratio = waistRatio(g, span, word.bbox);
      const holes = counters(g, span, word.bbox);
      if (ratio <= CLEAR_WAIST && holes === 2) fontHasWaist = true;
      if (ratio >= NO_WAIST && ratio <= 1.1 && holes > 0) zeros.push(i);
    });
    if (zeros.length && mayHoldBarredZero(word)) judged.push({ word, chars, zeros });
  }
  if (!fontHasWaist) return [];
  return judged.map(({ word, chars, zeros }) => ({
    word,
    text: chars.map((ch, i) => (zeros.includes(i) ? '0' : ch)).join(''),
  }));
}

/**
 * The OCR text with barred zeros in its date and time words corrected (see barredZeros), judged on the pixels of
 * the prepared page the words were read from (kept by the preparation: nothing is decoded again).
 */
export function withBarredZeros(page: Gray, ocr: OcrResult): string {
  const words = ocr.words ?? [];
  if (!words.some(mayHoldBarredZero)) return ocr.text;
  let text = ocr.text;
  for (const fix of barredZeros(page, words))
    text = editLine(text, fix.word.line, (l) => l.replace(fix.word.text, fix.text));
  return text;
}
