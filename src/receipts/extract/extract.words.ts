/**
 * The total written in words, as Mexican tickets print it under the TOTAL (`SON: DOSCIENTOS CINCUENTA Y TRES
 * PESOS 71/100 M.N.`, `(DOS MIL NOVECIENTOS TREINTA Y DOS PESOS 66/100 M.N.)`): a reading of the total independent
 * of the digits, which OCR misreads in other ways.
 */
import { VALOR_DE_PALABRA } from '../../pdf/numero.letras.js';
import { type Line, stripAccents } from './extract.text.js';

/**
 * Number words as tickets print them, accents dropped: the invoice PDF's own speller tables (VALOR_DE_PALABRA),
 * and UNA, the feminine form.
 */
const VALUES: Record<string, number> = {
  ...Object.fromEntries([...VALOR_DE_PALABRA].map(([w, n]) => [stripAccents(w), n])),
  UNA: 1,
};

/** MIL and MILLON(ES) multiply what is before them; 0 for any other word. */
const scaleOf = (w: string): number => (w === 'MIL' ? 1000 : /^MILL?ON(ES)?$/.test(w) ? 1_000_000 : 0);

const isNumberWord = (w: string): boolean => w in VALUES || w === 'Y' || scaleOf(w) > 0;

/**
 * The number Spanish words spell (`DOS MIL NOVECIENTOS TREINTA Y DOS` → 2932), or null when any word is no number
 * word (a garbled reading spells nothing) or none is there.
 */
export function numberFromWords(words: string[]): number | null {
  if (!words.length || !words.every(isNumberWord) || words.every((w) => w === 'Y')) return null;
  let total = 0;
  let group = 0;
  for (const w of words) {
    const scale = scaleOf(w);
    if (scale) {
      total += (group || 1) * scale;
      group = 0;
    } else group += VALUES[w] ?? 0;
  }
  return total + group;
}

/** What may open the amount in words: `SON:`, `(`, `IMPORTE CON LETRA:`. */
const OPENING = /^(?:.*\bLETRAS?\b\s?:?|\W*SON\b\s?:?)?\W*/;

const wordsOf = (s: string): string[] =>
  s
    .replace(OPENING, '')
    .split(/[^A-Z]+/)
    .filter(Boolean);

/**
 * Whole pesos of the total written in words: the number words before PESOS on its line, and those of the line
 * above when that line is only number words (the amount wrapped: `SON: DOSCIENTOS CINCUENTA Y` / `TRES PESOS …`).
 * Null when no such line is printed or a word of it is garbled.
 */
export function pesosInWords(lines: Line[]): number | null {
  for (let i = 0; i < lines.length; i++) {
    const norm = lines[i]?.norm ?? '';
    const m = /^(.*?)\bPESOS?\b/.exec(norm);
    if (!m) continue;
    const here = wordsOf(m[1] ?? '');
    const above = wordsOf(lines[i - 1]?.norm ?? '');
    const wrapped = above.length > 0 && above.every(isNumberWord) && !/\d/.test(lines[i - 1]?.norm ?? '');
    const value = numberFromWords(wrapped ? [...above, ...here] : here);
    if (value !== null && value > 0) return value;
  }
  return null;
}
