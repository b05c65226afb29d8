/**
 * The total written in words, as Mexican tickets print it under the TOTAL (`SON: DOSCIENTOS CINCUENTA Y TRES
 * PESOS 71/100 M.N.`, `(DOS MIL NOVECIENTOS TREINTA Y DOS PESOS 66/100 M.N.)`): a reading of the total independent
 * of the digits, which OCR misreads in other ways.
 */
import type { Line } from './extract.text.js';

const VALUES: Record<string, number> = {
  CERO: 0,
  UN: 1,
  UNO: 1,
  UNA: 1,
  DOS: 2,
  TRES: 3,
  CUATRO: 4,
  CINCO: 5,
  SEIS: 6,
  SIETE: 7,
  OCHO: 8,
  NUEVE: 9,
  DIEZ: 10,
  ONCE: 11,
  DOCE: 12,
  TRECE: 13,
  CATORCE: 14,
  QUINCE: 15,
  DIECISEIS: 16,
  DIECISIETE: 17,
  DIECIOCHO: 18,
  DIECINUEVE: 19,
  VEINTE: 20,
  VEINTIUN: 21,
  VEINTIUNO: 21,
  VEINTIDOS: 22,
  VEINTITRES: 23,
  VEINTICUATRO: 24,
  VEINTICINCO: 25,
  VEINTISEIS: 26,
  VEINTISIETE: 27,
  VEINTIOCHO: 28,
  VEINTINUEVE: 29,
  TREINTA: 30,
  CUARENTA: 40,
  CINCUENTA: 50,
  SESENTA: 60,
  SETENTA: 70,
  OCHENTA: 80,
  NOVENTA: 90,
  CIEN: 100,
  CIENTO: 100,
  DOSCIENTOS: 200,
  TRESCIENTOS: 300,
  CUATROCIENTOS: 400,
  QUINIENTOS: 500,
  SEISCIENTOS: 600,
  SETECIENTOS: 700,
  OCHOCIENTOS: 800,
  NOVECIENTOS: 900,
};

const isNumberWord = (w: string): boolean =>
  w in VALUES || w === 'Y' || w === 'MIL' || /^MILL?ON(ES)?$/.test(w);

/**
 * The number Spanish words spell (`DOS MIL NOVECIENTOS TREINTA Y DOS` → 2932), or null when any word is no number
 * word (a garbled reading spells nothing) or none is there.
 */
export function numberFromWords(words: string[]): number | null {
  if (!words.length || !words.every(isNumberWord)) return null;
  let total = 0;
  let group = 0;
  let any = false;
  for (const w of words) {
    if (w === 'Y') continue;
    any = true;
    if (w === 'MIL') {
      total += (group || 1) * 1000;
      group = 0;
    } else if (/^MILL?ON(ES)?$/.test(w)) {
      total += (group || 1) * 1_000_000;
      group = 0;
    } else group += VALUES[w] ?? 0;
  }
  return any ? total + group : null;
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
