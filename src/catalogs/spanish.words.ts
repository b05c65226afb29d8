/**
 * Whether a word is Spanish: the word list of `an-array-of-spanish-words` (about 636,000 words with their plurals and
 * inflections, MIT), compared as the reader compares names: upper case, accents dropped, Ñ as N. The words are kept
 * as 32-bit hashes in one open-addressing table (8 MB), built on first use from the package's JSON text without a
 * string per word; two words sharing a hash (about one lookup in 7,000) is a risk a doubt can take.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** Table slots: over three times the words, so probes stay short. */
const SLOTS = 1 << 21;
const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 16777619;

/** Each Latin-1 character code folded as the names are compared (`á` → `A`, `ñ` → `N`, `b` → `B`). */
const FOLD = Array.from({ length: 256 }, (_, c) =>
  String.fromCharCode(c).normalize('NFD').charAt(0).toUpperCase().charCodeAt(0),
);
const fold = (c: number): number => (c < 256 ? (FOLD[c] ?? c) : c);
/** One FNV-1a step over a folded character. */
const hashed = (h: number, c: number): number => Math.imul(h ^ fold(c), FNV_PRIME);

/** A non-zero hash (zero marks an empty slot). */
const seal = (h: number): number => h || 1;

function insert(table: Int32Array, h: number): void {
  let i = h & (SLOTS - 1);
  while (table[i] !== 0 && table[i] !== h) i = (i + 1) & (SLOTS - 1);
  table[i] = h;
}

function build(): Int32Array {
  const text = readFileSync(createRequire(import.meta.url).resolve('an-array-of-spanish-words'), 'utf8');
  const table = new Int32Array(SLOTS);
  let inWord = false;
  let h = FNV_OFFSET;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      if (inWord) insert(table, seal(h));
      inWord = !inWord;
      h = FNV_OFFSET;
    } else if (inWord) h = hashed(h, c);
  }
  return table;
}

let words: Int32Array | null = null;

export function isSpanishWord(word: string): boolean {
  words ??= build();
  let h = FNV_OFFSET;
  for (let i = 0; i < word.length; i++) h = hashed(h, word.charCodeAt(i));
  h = seal(h);
  for (let i = h & (SLOTS - 1); words[i] !== 0; i = (i + 1) & (SLOTS - 1)) if (words[i] === h) return true;
  return false;
}
