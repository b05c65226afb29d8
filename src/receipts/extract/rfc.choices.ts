/**
 * An RFC spelled from the LSTM's alternatives of each character of a line's reading: the likeliest string the
 * structure, a real date and the check digit accept, where the reading's own best characters spell none.
 */
import { isAssignableRfc, rfcCheckDigit } from '../../catalogs/rfc.js';
import type { CharChoices } from '../ocr/ocr.js';
import { type CharClass, charClass, options } from './extract.rfc.js';

/** An alternative below this weight is noise (the LSTM lists six per character, most near 0). */
const FLOOR = 0.03;
/** A look-alike of an alternative (`O` for a `0` the structure wants) weighs this much of the alternative. */
const LOOKALIKE_WEIGHT = 0.5;
/** Partial spellings kept per character. */
const BEAM = 64;

/** A character an RFC may hold, by the LSTM's first choice (else a mark or a space). */
const isCharacter = (g: CharChoices | undefined): boolean =>
  /^[A-Z0-9&Ñ]$/.test((g?.[0]?.[0] ?? '').toUpperCase());

/** What each character may be where the structure wants `cls`, with its weight. */
function weights(group: CharChoices, cls: CharClass): Map<string, number> {
  const out = new Map<string, number>();
  for (const [c, p] of group) {
    const ch = c.toUpperCase();
    for (const o of options(ch, cls)) {
      const w = o === ch ? p : p * LOOKALIKE_WEIGHT;
      if (w >= FLOOR && w > (out.get(o) ?? 0)) out.set(o, w);
    }
  }
  return out;
}

/** The likeliest valid RFC the groups spell, one character each, with its log-likelihood. */
function spell(groups: CharChoices[]): { rfc: string; score: number } | null {
  let beam = [{ s: '', score: 0 }];
  for (let i = 0; i < groups.length - 1; i++) {
    const w = weights(groups[i] ?? [], charClass(groups.length, i));
    beam = beam
      .flatMap((b) => [...w].map(([o, p]) => ({ s: b.s + o, score: b.score + Math.log(p) })))
      .sort((a, b) => b.score - a.score)
      .slice(0, BEAM);
  }
  const last = weights(groups.at(-1) ?? [], 'C');
  let best: { rfc: string; score: number } | null = null;
  for (const b of beam) {
    const digit = rfcCheckDigit(b.s);
    const p = last.get(digit);
    const score = b.score + Math.log(p ?? 0);
    if (p && isAssignableRfc(b.s + digit) && (!best || score > best.score))
      best = { rfc: b.s + digit, score };
  }
  return best;
}

/**
 * The likeliest valid RFC a line's reading (its characters' alternatives, per word) spells: its last 12 or 13
 * characters (marks left out, a label may come before), the one that starts a word or follows a mark first.
 */
export function rfcFromChoices(words: CharChoices[][]): string | null {
  const chars = words.flatMap((word) =>
    word.flatMap((g, i) => (isCharacter(g) ? [{ g, start: !isCharacter(word[i - 1]) }] : [])),
  );
  const spelled = [12, 13].flatMap((n) => {
    const run = chars.slice(-n);
    const found = run.length === n ? spell(run.map((c) => c.g)) : null;
    return found ? [{ ...found, start: run[0]?.start === true }] : [];
  });
  spelled.sort((a, b) => Number(b.start) - Number(a.start) || b.score - a.score);
  return spelled[0]?.rfc ?? null;
}
