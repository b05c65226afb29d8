/** Characters of a prepared page checked against the ink: thermal fonts' barred zeros read as 8, 6 or 9. */
import { editLine } from '../extract/extract.text.js';
import { darkRows, flood, type Gray, isDark, median } from '../image/raster.js';
import type { Box, OcrResult, OcrWord } from './ocr.js';

/** Per row of `box` (within the page), the first and last inked column of `span`, or null for a blank row. */
function rowInk(g: Gray, span: [number, number], box: Box): Array<[number, number] | null> {
  const rows: Array<[number, number] | null> = [];
  for (let y = Math.max(0, box.y0); y < Math.min(g.height, box.y1); y++) {
    let ink: [number, number] | null = null;
    for (let x = span[0]; x <= span[1]; x++) if (isDark(g, x, y)) ink = [ink?.[0] ?? x, x];
    rows.push(ink);
  }
  return rows;
}

/** The column span of each of a word's `count` characters, or null when the ink does not divide that way. */
export function glyphSpans(g: Gray, box: Box, count: number): Array<[number, number]> | null {
  const [x0, x1] = [Math.max(0, box.x0), Math.min(g.width, box.x1)];
  const [y0, y1] = [Math.max(0, box.y0), Math.min(g.height, box.y1)];
  if (count < 1 || x1 <= x0 || y1 <= y0) return null;
  const ink = Array.from({ length: x1 - x0 }, (_, i) => darkRows(g, x0 + i, y0, y1));
  const runs: Array<[number, number]> = [];
  for (let i = 0; i < ink.length; i++) {
    if (!ink[i]) continue;
    const start = i;
    while (i + 1 < ink.length && ink[i + 1]) i++;
    runs.push([start, i]);
  }
  // A run holds as many characters as its width (plus one spacing) covers at the word's pitch.
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

/** How much narrower a character's outline is at mid-height than its bowls above and below. */
export function waistRatio(g: Gray, span: [number, number], box: Box): number {
  const widths = rowInk(g, span, box).map((r) => (r ? r[1] - r[0] + 1 : 0));
  const w = widths.slice(widths.findIndex(Boolean), widths.findLastIndex(Boolean) + 1);
  const h = w.length;
  if (h < 8) return Number.NaN;
  const band = (from: number, to: number): number[] =>
    w.slice(Math.floor(from * h), Math.max(Math.floor(from * h) + 1, Math.ceil(to * h)));
  const bowls = Math.min(Math.max(...band(0.15, 0.4)), Math.max(...band(0.6, 0.85)));
  return bowls > 0 ? Math.min(...band(0.4, 0.6)) / bowls : Number.NaN;
}

/** Enclosed white regions (counters) big enough to be real: a 0 or 8 has one or two, a blurred blot none. */
export function counters(g: Gray, span: [number, number], box: Box): number {
  const [x0, y0] = [span[0], Math.max(0, box.y0)];
  const [w, h] = [span[1] - span[0] + 1, Math.min(g.height, box.y1) - y0];
  if (w < 3 || h < 3) return 0;
  const white = (i: number): boolean => !isDark(g, x0 + (i % w), y0 + Math.floor(i / w));
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

/**
 * How deep (px) the open side of a 6 or 9 dips in under its hook (a 6's right side, a 9's left): 0 for a
 * zero, whose side curves steadily out.
 */
export function notchDepth(g: Gray, span: [number, number], box: Box, digit: '6' | '9'): number {
  const reach = rowInk(g, span, box).map((r) => (!r ? -1 : digit === '6' ? r[1] - span[0] : span[1] - r[0]));
  const a = reach.findIndex((r) => r !== -1);
  const z = reach.findLastIndex((r) => r !== -1);
  const rows = Math.ceil(0.55 * (z - a + 1));
  const [from, to] = digit === '6' ? [a, a + rows] : [z + 1 - rows, z + 1];
  const side = reach.slice(from, to).map((r) => Math.max(0, r));
  let depth = 0;
  for (let i = 0; i < side.length; i++) {
    const rim = Math.min(Math.max(...side.slice(0, i + 1)), Math.max(...side.slice(i)));
    depth = Math.max(depth, rim - (side[i] ?? 0));
  }
  return depth;
}

/** An 8 whose outline has no waist is a barred or dotted zero. */
const NO_WAIST = 0.97;
/** An 8 that pinches this much, with both counters, shows the font's 8 has a waist. */
const CLEAR_WAIST = 0.88;
/** Below this height (px) one pixel moves the ratio by more than the margin between 8s and zeros. */
const MIN_HEIGHT = 14;
/** A 6 or 9 whose side dips this deep (px) shows the font's 6 and 9 have their notch. */
const CLEAR_NOTCH = 3;
/** Narrower than this (px), a 6 or 9's span is a piece of a character, not one to judge. */
const MIN_WIDTH = 8;

/** A word that carries a date (`10-MAR-2025`, `10/03/25`, `2025-03-10`) or a time (`20:07`, `20:07:22`). */
const DATE_OR_TIME =
  /^\W*(\d{1,2}[-/.](\d{1,2}|[A-Z]{3})[-/.]\d{2,4}|\d{4}-\d{1,2}-\d{1,2}|\d{1,2}:\d{2}(:\d{2})?)\W*$/i;

/** The words whose barred zeros are put back by default: dates and times (see barredZeros). */
const dateOrTimeWord = (w: OcrWord): boolean => /[689]/.test(w.text) && DATE_OR_TIME.test(w.text);

/** Barred zeros put back in the words `judge` picks: an 8 with straight sides, a 6 or 9 also unnotched. */
export function barredZeros(
  g: Gray,
  words: OcrWord[],
  judge: (w: OcrWord) => boolean = dateOrTimeWord,
): Array<{ word: OcrWord; text: string }> {
  let [fontHasWaist, fontHasNotch] = [false, false];
  const judged: Array<{ word: OcrWord; chars: string[]; zeros: Array<{ at: number; read: string }> }> = [];
  for (const word of words) {
    if (!/[689]/.test(word.text)) continue;
    const chars = [...word.text];
    const spans = glyphSpans(g, word.bbox, chars.length);
    if (!spans || word.bbox.y1 - word.bbox.y0 < MIN_HEIGHT) continue;
    const zeros: Array<{ at: number; read: string }> = [];
    chars.forEach((ch, i) => {
      const span = spans[i];
      if (!span || !/[689]/.test(ch)) return;
      const ratio = waistRatio(g, span, word.bbox);
      const holes = counters(g, span, word.bbox);
      const straight = ratio >= NO_WAIST && ratio <= 1.1 && holes > 0;
      if (ch === '8') {
        if (ratio <= CLEAR_WAIST && holes === 2) fontHasWaist = true;
        if (straight) zeros.push({ at: i, read: ch });
        return;
      }
      if (span[1] - span[0] + 1 < MIN_WIDTH) return;
      const notch = notchDepth(g, span, word.bbox, ch as '6' | '9');
      if (notch >= CLEAR_NOTCH) fontHasNotch = true;
      if (notch === 0 && straight) zeros.push({ at: i, read: ch });
    });
    if (zeros.length && judge(word)) judged.push({ word, chars, zeros });
  }
  const shown = (read: string): boolean => (read === '8' ? fontHasWaist : fontHasNotch);
  return judged
    .map(({ word, chars, zeros }) => {
      const at = new Set(zeros.filter((z) => shown(z.read)).map((z) => z.at));
      return { word, text: chars.map((ch, i) => (at.has(i) ? '0' : ch)).join('') };
    })
    .filter((fix) => fix.text !== fix.word.text);
}

/** A gap this many times the word's median gap, and a quarter of its height, parts two words. */
const WORD_GAP = { median: 2.2, height: 0.25 };

/** A word of eight letters or more read with its spaces lost. */
export function respacedWord(g: Gray, word: { text: string; bbox: Box }): string {
  const chars = [...word.text];
  if (chars.length < 8 || !/^[A-ZÑ]+$/.test(word.text)) return word.text;
  const spans = glyphSpans(g, word.bbox, chars.length);
  if (!spans) return word.text;
  const gaps = spans.slice(1).map((s, i) => s[0] - (spans[i]?.[1] ?? s[0]) - 1);
  const wide = Math.max(WORD_GAP.median * median(gaps), WORD_GAP.height * (word.bbox.y1 - word.bbox.y0));
  return chars.map((ch, i) => (i > 0 && (gaps[i - 1] ?? 0) >= wide ? ` ${ch}` : ch)).join('');
}

/** The grid a character's ink is resampled to before characters of one page are compared. */
const GRID = { w: 10, h: 16 };

/** A character's ink as a GRID of darkness (0 paper, 1 ink), so one font's characters compare at any size. */
function glyphGrid(g: Gray, span: [number, number], box: Box): Float32Array | null {
  const rows = rowInk(g, span, box);
  const first = Math.max(0, box.y0);
  const [top, bottom] = [first + rows.findIndex(Boolean), first + rows.findLastIndex(Boolean)];
  if (top < first || bottom - top < 6) return null;
  const [w, h] = [span[1] - span[0] + 1, bottom - top + 1];
  const out = new Float32Array(GRID.w * GRID.h);
  const cut = (i: number, n: number, size: number): [number, number] => {
    const a = Math.floor((i * size) / n);
    return [a, Math.max(a + 1, Math.floor(((i + 1) * size) / n))];
  };
  for (let gy = 0; gy < GRID.h; gy++) {
    const [ya, yb] = cut(gy, GRID.h, h);
    for (let gx = 0; gx < GRID.w; gx++) {
      const [xa, xb] = cut(gx, GRID.w, w);
      let sum = 0;
      for (let y = top + ya; y < top + yb; y++)
        for (let x = span[0] + xa; x < span[0] + xb; x++) sum += 255 - (g.data[y * g.width + x] ?? 255);
      out[gy * GRID.w + gx] = sum / ((yb - ya) * (xb - xa) * 255);
    }
  }
  return out;
}

const gridDistance = (a: Float32Array, b: Float32Array): number => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
};

/** Words whose digits make the page's samples of its font: read with this confidence or more. */
const SAMPLE_CONFIDENCE = 40;
/** A digit's mean shape is made of at least this many samples (the character judged left out). */
const MIN_SAMPLES = 3;
/** An 8, 6 or 9 this much closer to the page's mean 0 than to its own digit's mean is a zero. */
const ZERO_LIKENESS = 0.75;

/** A number naming something (`A-84716`): not an amount, date, time or RFC (whose check digit judges it). */
export const identifierWord = (w: OcrWord): boolean =>
  /\d{4}/.test(w.text) &&
  !/\d[.,]\d\d(?!\d)/.test(w.text) &&
  !DATE_OR_TIME.test(w.text) &&
  !/[A-Z&Ñ]{3}\w?\d{6}/i.test(w.text);

/** The words `judge` picks whose 8s, 6s or 9s are the page's own zeros. */
export function zerosByLikeness(
  g: Gray,
  words: OcrWord[],
  judge: (w: OcrWord) => boolean = identifierWord,
): Array<{ word: OcrWord; text: string }> {
  if (!words.some((w) => /[689]/.test(w.text) && judge(w))) return [];
  const samples: Array<{ digit: string; grid: Float32Array; word: OcrWord; at: number }> = [];
  for (const word of words) {
    if (!/\d/.test(word.text) || word.confidence < SAMPLE_CONFIDENCE) continue;
    const chars = [...word.text];
    const spans = glyphSpans(g, word.bbox, chars.length);
    if (!spans) continue;
    chars.forEach((ch, at) => {
      const span = spans[at];
      const grid = span && /\d/.test(ch) ? glyphGrid(g, span, word.bbox) : null;
      if (grid) samples.push({ digit: ch, grid, word, at });
    });
  }
  // Each digit's shapes summed once; a mean leaves out the character judged (its own digit's sum minus it).
  const sums = new Map<string, { sum: Float64Array; n: number }>();
  for (const s of samples) {
    const d = sums.get(s.digit) ?? { sum: new Float64Array(GRID.w * GRID.h), n: 0 };
    for (let i = 0; i < d.sum.length; i++) d.sum[i] = (d.sum[i] ?? 0) + (s.grid[i] ?? 0);
    d.n++;
    sums.set(s.digit, d);
  }
  const mean = (digit: string, judged: { digit: string; grid: Float32Array }): Float32Array | null => {
    const all = sums.get(digit);
    const self = judged.digit === digit;
    const n = (all?.n ?? 0) - (self ? 1 : 0);
    if (!all || n < MIN_SAMPLES) return null;
    return Float32Array.from(all.sum, (v, i) => (v - (self ? (judged.grid[i] ?? 0) : 0)) / n);
  };
  const fixes = new Map<OcrWord, string[]>();
  for (const s of samples) {
    if (!/[689]/.test(s.digit) || !judge(s.word) || s.word.bbox.y1 - s.word.bbox.y0 < MIN_HEIGHT) continue;
    const zero = mean('0', s);
    const own = mean(s.digit, s);
    if (!zero || !own) continue;
    if (gridDistance(s.grid, zero) >= ZERO_LIKENESS * gridDistance(s.grid, own)) continue;
    const chars = fixes.get(s.word) ?? [...s.word.text];
    chars[s.at] = '0';
    fixes.set(s.word, chars);
  }
  return [...fixes].map(([word, chars]) => ({ word, text: chars.join('') }));
}

/** The OCR text with barred zeros put back, judged on the prepared page the words were read from. */
export function barredZeroReadings(
  page: Gray,
  ocr: OcrResult,
  also: (w: OcrWord) => boolean,
): { dates: string; also: string } {
  const words = ocr.words ?? [];
  const withFixes = (text: string, picked: Array<{ word: OcrWord; text: string }>): string =>
    picked.reduce((t, fix) => editLine(t, fix.word.line, (l) => l.replace(fix.word.text, fix.text)), text);
  const identifier = (w: OcrWord): boolean => identifierWord(w) && !also(w);
  const identifiers = withFixes(ocr.text, zerosByLikeness(page, words, identifier));
  const judge = (w: OcrWord): boolean => dateOrTimeWord(w) || also(w);
  if (!words.some((w) => /[689]/.test(w.text) && judge(w))) return { dates: identifiers, also: identifiers };
  const fixes = barredZeros(page, words, judge);
  const dated = fixes.filter((f) => dateOrTimeWord(f.word));
  const rest = fixes.filter((f) => !dateOrTimeWord(f.word));
  const dates = withFixes(identifiers, dated);
  return { dates, also: withFixes(dates, rest) };
}
