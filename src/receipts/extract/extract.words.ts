/** The total written in words: a reading of the total independent of the digits. */
import { VALOR_DE_PALABRA } from '../../pdf/numero.letras.js';
import { type Line, stripAccents } from './extract.text.js';

/** Number words without accents: the invoice PDF's speller tables, and UNA. */
const VALUES: Record<string, number> = {
  ...Object.fromEntries([...VALOR_DE_PALABRA].map(([w, n]) => [stripAccents(w), n])),
  UNA: 1,
};

/** MIL and MILLON(ES) multiply what is before them; 0 for any other word. */
const scaleOf = (w: string): number => (w === 'MIL' ? 1000 : /^MILL?ON(ES)?$/.test(w) ? 1_000_000 : 0);

const isNumberWord = (w: string): boolean => w in VALUES || w === 'Y' || scaleOf(w) > 0;

/** The number Spanish words spell (`DOS MIL NOVECIENTOS TREINTA Y DOS` → 2932), or null when a word is none. */
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
 * Whole pesos of the total in words: the number words before PESOS, with the line above when it is only number
 * words (wrapped). Null when none is printed or a word is garbled.
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
