/**
 * Issuer RFCs formed from the name per SAT's rules, with a homoclave drawn at random (SAT assigns it) and the
 * real mod-11 check digit.
 */
import { rfcCheckDigit } from '../../src/catalogs/rfc.js';
import type { Rng } from './ticketgen.rng.js';

/** Words SAT leaves out of a denominación before taking its letters (articles, prepositions, company words). */
const MORAL_SKIPPED = new Set(
  'EL LA LOS LAS DE DEL Y E EN CON PARA POR AL A THE OF AND COMPAÑIA CIA SOCIEDAD SOC COOPERATIVA COOP MC MAC VON VAN'.split(
    ' ',
  ),
);
/** Particles of compound surnames and given names, left out of a persona física's letters. */
const PERSON_SKIPPED = new Set('DE LA LAS LOS DEL Y MC MAC VON VAN DA DI DAS DER'.split(' '));
/** Four-letter words SAT replaces (last letter to X) so that no RFC starts with them. */
const INCONVENIENT = new Set(
  'BUEI BUEY CACA CACO CAGA CAGO CAKA CAKO COGE COJA COJE COJI COJO CULO FETO GUEY JOTO KACA KACO KAGA KAGO KOGE KOJO KAKA KULO MAME MAMO MEAR MEAS MEON MION MOCO MULA PEDA PEDO PENE PUTA PUTO QULO RATA RUIN'.split(
    ' ',
  ),
);
const HOMOCLAVE = '123456789ABCDEFGHIJKLMNPQRSTUVWXYZ';

const words = (s: string): string[] =>
  s
    .toUpperCase()
    .replace(/[.,]/g, ' ')
    .split(/\s+/)
    .filter((w) => /^[A-ZÑ&]+$/.test(w));

/** The three letters of a persona moral: initials of the first three words, or the rules for one or two. */
export function moralLetters(denominacion: string): string {
  const ws = words(denominacion).filter((w) => !MORAL_SKIPPED.has(w) && w !== '&');
  const [a = 'X', b = '', c = ''] = ws;
  if (ws.length >= 3) return `${a[0]}${b[0]}${c[0]}`;
  if (ws.length === 2) return `${a[0]}${b.slice(0, 2).padEnd(2, 'X')}`;
  return a.slice(0, 3).padEnd(3, 'X');
}

/**
 * The four letters of a persona física: first letter and first inner vowel of the first surname, first letter
 * of the second, first letter of the given name (the second one when the first is JOSE or MARIA).
 */
export function fisicaLetters(given: string, surname1: string, surname2: string): string {
  const clean = (s: string): string[] => words(s).filter((w) => !PERSON_SKIPPED.has(w));
  const p = clean(surname1)[0] ?? 'X';
  const m = clean(surname2)[0] ?? 'X';
  const names = clean(given);
  const first = names.length > 1 && /^(JOSE|J|MARIA|MA)$/.test(names[0] ?? '') ? names[1] : names[0];
  const vowel = /[AEIOU]/.exec(p.slice(1))?.[0] ?? 'X';
  const letters = `${p[0]}${vowel}${m[0]}${(first ?? 'X')[0]}`;
  return INCONVENIENT.has(letters) ? `${letters.slice(0, 3)}X` : letters;
}

/** YYMMDD of a date. */
const yymmdd = (d: Date): string =>
  `${String(d.getUTCFullYear() % 100).padStart(2, '0')}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;

/** A full RFC: letters + date (birth or incorporation) + random homoclave + check digit. */
export function formRfc(letters: string, date: Date, rng: Rng): string {
  const body = `${letters}${yymmdd(date)}${rng.pick([...HOMOCLAVE])}${rng.pick([...HOMOCLAVE])}`;
  return body + rfcCheckDigit(body);
}
