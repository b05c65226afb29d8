import { checkDigitSees, isGenericRfc, isRfcShape, isAssignableRfc as isValid } from '../../catalogs/rfc.js';
import { enLetras } from '../../pdf/numero.letras.js';
import type { OcrWord } from '../ocr/ocr.js';
import { type Line, stripAccents, withEnye, withoutCompanyType } from './extract.text.js';
import { confusions, LOOKALIKE, oneDropped, oneSwapped } from './lookalike.js';

/** OCR confusions, seen from the side of the character class the RFC structure expects there. */
const AS_DIGIT = confusions('O0 Q0 D0 U0 I1 L1 |1 T71 Z2 S58 B8 G6 A4 E8 $5 ?7');
// (A thin J's hook is read as a closing bracket: `HES)700204EJ9`.)
const AS_LETTER = confusions('0ODQ 1IL 5S 8B 2Z 6G 4A 7T |I )J ]J 3B 9G');
/** Digits OCR takes for one another in thermal print (a faded 8 read as 0, a 6 as 5…). */
const SIMILAR_DIGITS = confusions('0869 80639 6085 563 385 908 17 71');

export interface RfcCandidate {
  rfc: string;
  /** 0..1: valid check digit with few repairs scores high. */
  score: number;
  /** What the winner's score loses for a repair of many edits (not used to rank). */
  doubt?: number;
  line: number;
}

const LETTER = /[A-ZÑ&]/;
/** Every character no RFC holds (global: only for `replace`, which starts each search afresh). */
const NOT_RFC_CHARS = /[^A-Z0-9&Ñ]/g;

/** What a position holds: a letter, a date digit, a homoclave character, or the check digit (a digit or `A`). */
export type CharClass = 'L' | 'D' | 'X' | 'C';

export const options = (ch: string, want: CharClass, whole = false): string[] => {
  const isL = LETTER.test(ch);
  const isD = /\d/.test(ch);
  if (want === 'X' && /[0O]/.test(ch)) return ['D', 'Q']; // SAT's homoclaves hold no 0 or O: a D or Q misread
  if (want === 'X') return isL || isD ? [ch] : [...(AS_DIGIT[ch] ?? []), ...(AS_LETTER[ch] ?? [])];
  // A round check digit read as a letter: `O` for 0 (`CEB961207CGO`), `Z` for 2, `B` for a faded 8.
  if (want === 'C') {
    if (isD || ch === 'A') return [ch];
    // An S too, where the token is a whole word as printed (nothing followed it): `ASO090510QAS` for …QA8.
    if (ch === 'S' && whole) return ['5', '8'];
    return /[ODQ]/.test(ch) ? ['0'] : ch === 'Z' ? ['2'] : ch === 'B' ? ['8'] : [];
  }
  if (want === 'L') return isL ? [ch] : (AS_LETTER[ch] ?? []);
  return isD ? [ch] : (AS_DIGIT[ch] ?? []);
};

/** Position `i` of a 12 (moral) or 13 (física) character RFC: letters, YYMMDD, two-char homoclave, check digit. */
export const charClass = (len: number, i: number): CharClass =>
  i < len - 9 ? 'L' : i < len - 3 ? 'D' : i < len - 1 ? 'X' : 'C';

/** A reading as repaired so far, and the characters changed to make it. */
type Attempt = { s: string; edits: number };
/** An RFC a token repairs to, and the characters changed to make it. */
type Repaired = { rfc: string; edits: number };

/** Letter/digit repairs by position; each result has the structure's classes, not yet a valid date. */
function classRepairs(token: string, whole = false): Attempt[] {
  let partial: Attempt[] = [{ s: '', edits: 0 }];
  for (let i = 0; i < token.length; i++) {
    const ch = token[i] ?? '';
    const opts = options(ch, charClass(token.length, i), whole);
    if (!opts.length) return [];
    partial = partial.flatMap((p) => opts.map((o) => ({ s: p.s + o, edits: p.edits + (o === ch ? 0 : 1) })));
    if (partial.length > 256) return [];
  }
  return partial;
}

/** One digit misread as a similar one (8↔0, 6↔5...): the check digit tells which. */
const digitSwaps = (cands: Attempt[]): Attempt[] =>
  cands.slice(0, 16).flatMap((c) =>
    oneSwapped(c.s, SIMILAR_DIGITS)
      .filter(isValid)
      .map((v) => ({ s: v, edits: c.edits + 2 })),
  );

/** A homoclave's J read as I or as 3, an I read as J, and an S read as 8. */
const HOMOCLAVE_SLIPS: Record<string, string[]> = { I: ['J'], '3': ['J'], J: ['I'], '8': ['S'], '9': ['Q'] };

/** One look-alike substitution outside the date: the check digit decides. */
function lookalikeSwaps(cands: Attempt[]): Attempt[] {
  const out: Attempt[] = [];
  for (const c of cands.slice(0, 16)) {
    const dateAt = c.s.length - 9;
    for (let i = 0; i < c.s.length; i++) {
      if (i >= dateAt && i < dateAt + 6) continue;
      const homoclave = i >= c.s.length - 3 && i < c.s.length - 1;
      const slips = homoclave ? (HOMOCLAVE_SLIPS[c.s[i] ?? ''] ?? []) : [];
      for (const alt of [...(LOOKALIKE[c.s[i] ?? ''] ?? []), ...slips]) {
        const v = c.s.slice(0, i) + alt + c.s.slice(i + 1);
        // Homoclave slips are the usual ones; a changed check digit is the least trustworthy repair.
        const cost = i >= c.s.length - 3 ? (i === c.s.length - 1 ? 4 : 1) : 2;
        if (isValid(v)) out.push({ s: v, edits: c.edits + cost });
      }
    }
  }
  return out.sort((a, b) => a.edits - b.edits);
}

function repairSameLength(token: string, whole = false): Repaired[] {
  // An I or l read for a check digit 1 at a whole word's end.
  if (whole && /[Il|]$/.test(token)) {
    const one = `${token.slice(0, -1)}1`;
    if (isValid(one)) return [{ rfc: one, edits: 1 }];
  }
  const partial = classRepairs(token, whole);
  let valid = partial.filter((p) => isValid(p.s));
  if (!valid.length)
    valid = [...lookalikeSwaps(partial.filter((p) => isRfcShape(p.s))), ...digitSwaps(partial)];
  return valid.map((p) => ({ rfc: p.s, edits: p.edits })).sort((a, b) => a.edits - b.edits);
}

/** Repairs a raw token into valid RFCs, cheapest repair first; a labelled token may carry one stray char. */
export function repairRfc(token: string, allowDrop = false, whole = false): Repaired[] {
  const out = token.length === 12 || token.length === 13 ? repairSameLength(token, whole) : [];
  if (out.some((o) => o.edits === 0) || !allowDrop || token.length < 13 || token.length > 14) return out;
  const dropped: Repaired[] = [...out];
  for (const t of oneDropped(token).slice(3))
    for (const r of repairSameLength(t)) dropped.push({ ...r, edits: r.edits + 2 });
  return dropped.sort((a, b) => a.edits - b.edits);
}

// The label as printed, `REC` (F read as E, dots lost; glued to an RFC-shaped value too), and the dotted form read
// as look-alikes.
const LABEL = String.raw`R\.?\s?F\.?\s?C\.?|\bRFC\b|\bREC(?:\b|(?=[A-Z&Ñ]{3,4}\d{6}))|\b[RNBPK]\.\s?[FEPT]\.\s?[CGOE]\.?|\b[ABKP]FC(?=\s?[:.])`;
const RFC_LABEL = new RegExp(LABEL);
// `RFC EMISOR:`, `R.F.C. No.`: a word between the label and the value is part of the label.
const BEFORE_VALUE = new RegExp(
  String.raw`^.*?(${LABEL})\s*[:.;,]?\s*(?:(?:DEL\s)?EMISOR\b|NO\b|NUMERO\b)?\s*[:.;,]?\s*`,
);
/** A line about the customer (who is invoiced), not the issuer. */
export const CUSTOMER = /CLIENTE|RECEPTOR|CTE\b|ADQUIRENTE|PUBLICO EN GENERAL/;
/** A line that is only the heading of the customer's details. */
const CUSTOMER_HEADING = /^\W*(?:DATOS DEL?\s)?(?:CLIENTE|RECEPTOR|ADQUIRENTE)\W*$/;

/** A line's RFC-length words, as printed and without the hyphens or dots between parts (`CCO-860523-114`). */
function wordTokens(norm: string): Set<string> {
  const out = new Set<string>();
  for (const w of norm.split(/[\s:;,]+/)) {
    const bare = w.replace(/[.-]/g, '');
    if (w.length >= 12 && w.length <= 14) out.add(w);
    if (bare !== w && bare.length >= 12 && bare.length <= 13) out.add(bare);
  }
  return out;
}

/** What follows the RFC label on a line, spaces, dots, hyphens and colons closed up (`G0MJ 800101 AB4`). */
const valueAfterLabel = (norm: string): string => norm.replace(BEFORE_VALUE, '').replace(/[\s.\-:]/g, '');

/** The line's words of an RFC's length, and the first 12–14 characters after the label with spaces closed up. */
function tokensOf(norm: string): string[] {
  const compact = valueAfterLabel(norm);
  const out = wordTokens(norm);
  for (const len of [14, 13, 12]) if (compact.length >= len) out.add(compact.slice(0, len));
  return [...out];
}

/** What follows each issuer's RFC label (no customer's), closed up and cut to 14 characters, unrepaired. */
export function labelledValues(lines: Line[]): string[] {
  return lines
    .filter((l, i) => RFC_LABEL.test(l.norm) && !customersLine(lines, i))
    .map((l) => valueAfterLabel(l.norm).replace(NOT_RFC_CHARS, '').slice(0, 14));
}

const alnum = (w: OcrWord): string => stripAccents(w.text.toUpperCase(), true).replace(NOT_RFC_CHARS, '');

/** Repairs beyond this many edits cost confidence. */
const MANY_EDITS = 4;
/** What a repair loses to another as cheap that reads the date or homoclave otherwise: under RETRY_BELOW. */
const TIED_DOUBT = 0.45;

/** Where the RFC label is with respect to the words `rfcTokenWords` picked. */
export type RfcLabel = 'glued' | 'before' | 'none';

/** The words that carry the issuer's RFC on a page read with word boxes, to re-read them alone. */
export function rfcTokenWords(words: OcrWord[]): { words: OcrWord[]; label: RfcLabel; chars: number } | null {
  const onLine = (line: number): string =>
    stripAccents(
      words
        .filter((w) => w.line === line)
        .map((w) => w.text)
        .join(' ')
        .toUpperCase(),
    );
  for (let i = 0; i < words.length; i++) {
    const label = words[i] as OcrWord;
    const norm = stripAccents(label.text.toUpperCase(), true);
    if (!RFC_LABEL.test(norm) || CUSTOMER.test(onLine(label.line))) continue;
    const glued = norm.replace(BEFORE_VALUE, '').replace(NOT_RFC_CHARS, '').length;
    if (glued >= 9) return { words: [label], label: 'glued', chars: glued };
    const picked: OcrWord[] = [];
    let chars = 0;
    for (let j = i + 1; j < words.length && words[j]?.line === label.line && chars < 12; j++) {
      picked.push(words[j] as OcrWord);
      chars += alnum(words[j] as OcrWord).length;
    }
    if (chars >= 3) return { words: picked, label: 'before', chars };
  }
  const lone = words.find((w) => {
    const t = alnum(w);
    if (t.length < 12 || t.length > 14 || !/^[A-Z&Ñ]{3}/.test(t)) return false;
    if (CUSTOMER.test(onLine(w.line)) || CUSTOMER.test(onLine(w.line - 1))) return false;
    return repairRfc(t, true).some((r) => r.edits <= 2);
  });
  return lone ? { words: [lone], label: 'none', chars: alnum(lone).length } : null;
}

/** Articles and the conjunction a name's initials skip, wherever a name is judged by them. */
export const ARTICLES = ['DE', 'DEL', 'LA', 'LAS', 'LOS', 'EL', 'Y', 'E'];
const NAME_STOP = new Set([...ARTICLES, 'EN', 'CON', 'PARA', 'POR', 'CIA', 'COMPANIA']);

/** The generic RFC or a misreading of it: a customer's, never the seller's. */
const genericLike = (rfc: string): boolean => isGenericRfc(rfc) || /^X[AE]XX/.test(rfc);

/** A word SAT skips when it takes a company's initials (`DE`, `DEL`, `Y`, `CIA`…). */
export const skippedInInitials = (word: string): boolean => NAME_STOP.has(word);

/** A number as Spanish words (`2000` → DOS MIL), accents dropped: SAT reads a name's figures so. */
export const numberWords = (n: number): string[] => stripAccents(enLetras(n)).split(' ');

/** The words of a razón social without its company type, articles included. */
function nameWords(razonSocial: string, figures = true): string[] {
  return withoutCompanyType(razonSocial)
    .replace(/[^A-Z&\d ]/g, ' ')
    .split(/\s+/)
    .flatMap((w) => {
      if (!/^\d{1,6}$/.test(w)) return [w.replace(/\d/g, '')];
      const spelt = numberWords(Number(w));
      return figures ? spelt : spelt.map((x) => (NAME_STOP.has(x) ? x : '?'));
    })
    .filter((w) => w.length > 0);
}

/** SAT's persona moral rule: the initials of the first three words, articles and company type skipped. */
export function moralInitials(razonSocial: string, figures = true): string | null {
  const words = nameWords(razonSocial, figures).filter((w) => !NAME_STOP.has(w));
  if (!words.length) return null;
  const [a = '', b = '', c = ''] = words;
  if (words.length >= 3) return `${a[0]}${b[0]}${c[0]}`;
  // Two words: SAT's third letter is told differently by different sources; only the initials are sure.
  if (words.length === 2) return `${a[0]}${b[0]}?`;
  // One word: its first three letters (`LA PALMA` → PAL).
  return a.length >= 3 && !a.includes('?') ? a.slice(0, 3) : null;
}

/** Whether a company name's initials fit an RFC's letters. */
export const initialsFit = (initials: string | null, rfc: string): boolean =>
  initials !== null &&
  [...initials].every((ch, k) => ch === '?' || ch === rfc[k]) &&
  initials.replace(/\?/g, '').length >= 2;

/** The words a name cannot end in: an article, a preposition, `Y` (a lone `E` there is more often a speck). */
const OPEN_END = new Set([...NAME_STOP].filter((w) => !['E', 'CIA', 'COMPANIA'].includes(w)));
/** A name, or a line of one, that goes on: it ends in a word no name ends in (`MERCADOS FRESCOS DE`). */
export const endsOpen = (name: string): boolean => OPEN_END.has(nameWords(name).at(-1) ?? '');

/** A razón social as read cannot be the one behind this company RFC. */
export function nameContradictsRfc(razonSocial: string, rfc: string): boolean {
  if (endsOpen(razonSocial)) return true;
  const initials = moralInitials(razonSocial);
  return initials !== null && [...initials].some((c, i) => c !== '?' && c !== rfc[i]);
}

const PERSON_STOP = new Set([...NAME_STOP, 'DA', 'DAS', 'DI', 'DER', 'DIE', 'DU', 'VAN', 'VON', 'MC', 'MAC']);

/** A first given name whose initial SAT skips in a persona física's RFC when another name follows (JOSE LUIS: L). */
export const SKIPPED_GIVEN_NAME = /^(?:JOSE|J|MARIA|MA)$/;

/** SAT's rule for a persona física: paternal initial and inner vowel, maternal initial, first name's initial. */
export function fisicaLetterOptions(fullName: string): string[] {
  const words = fullName
    .replace(/[^A-ZÑ& ]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 0 && !PERSON_STOP.has(w));
  if (words.length < 3) return [];
  const letters = (pat: string, mat: string, names: string[]): string | null => {
    const first = names.length > 1 && SKIPPED_GIVEN_NAME.test(names[0] ?? '') ? names[1] : names[0];
    // SAT's rule: a surname with no vowel after its first letter gives X.
    const vowel = /[AEIOU]/.exec(pat.slice(1))?.[0] ?? 'X';
    return vowel && first ? `${pat[0]}${vowel}${mat[0]}${first[0]}` : null;
  };
  const givenFirst = letters(words.at(-2) ?? '', words.at(-1) ?? '', words.slice(0, -2));
  const surnamesFirst = letters(words[0] ?? '', words[1] ?? '', words.slice(2));
  return [...new Set([givenFirst, surnamesFirst].filter((l): l is string => l !== null))];
}

/**
 * A person's name's letters: given names first, unless the name read surnames first (as SAT's own records print
 * it) agrees with more of `rfc`'s four letters.
 */
export function personLetters(fullName: string, rfc: string | undefined): string | null {
  const [givenFirst = null, surnamesFirst] = fisicaLetterOptions(fullName);
  const agree = (letters: string): number => [...letters].filter((c, i) => c === rfc?.[i]).length;
  return surnamesFirst && givenFirst && agree(surnamesFirst) > agree(givenFirst) ? surnamesFirst : givenFirst;
}

/**
 * A persona física's name every RFC letter the check digit sees confirms decides the letters it cannot see
 * (weight 11: a 13-char RFC's maternal initial; J/T, N/X anywhere), except SAT's X for an inconvenient word.
 */
export function blindLettersFromName(rfc: string, personName: string): string {
  if (rfc.length !== 13) return rfc;
  const letters = personLetters(personName, rfc);
  if (!letters || letters === rfc.slice(0, 4)) return rfc;
  const disagreeSeen = [...letters].some((ch, i) => ch !== rfc[i] && checkDigitSees(rfc, i, ch));
  const alt = (rfc[3] === 'X' ? `${letters.slice(0, 3)}X` : letters) + rfc.slice(4);
  return !disagreeSeen && isValid(alt) ? alt : rfc;
}

/** The name's letters laid over a reading of the RFC's letter part. */
function fillFromName(read: string, initials: string): string {
  const person = initials.length === 4;
  return [...initials]
    .map((ch, i) => {
      const r = read[i] ?? '';
      if (ch === '?' || (person && i === 3 && r === 'X')) return r;
      if (person && LETTER.test(r) && !checkDigitSees(read, i, ch)) return r;
      return ch;
    })
    .join('');
}

/** The letters the name predicts confirm a reading, or replace OCR-garbled ones where the check digit agrees. */
function withInitials(found: RfcCandidate[], lines: Line[], initials: string | null): RfcCandidate[] {
  if (!initials) return found;
  // Three letters for a company (12-char RFC), four for a person (13).
  const n = initials.length;
  const len = n + 9;
  // The name corroborates what was read, it does not replace it: at most one letter may change.
  const changed = (read: string, letters: string): number =>
    [...letters].filter(
      (ch, k) => ch !== read[k] && !(LOOKALIKE[read[k] ?? '']?.includes(ch) && /\d/.test(read[k] ?? '')),
    ).length;
  const out = found.map((c) => {
    if (c.rfc.length !== len) return c;
    const letters = fillFromName(c.rfc, initials);
    if (letters === c.rfc.slice(0, n)) return { ...c, score: Math.min(1, c.score + 0.1) };
    const alt = letters + c.rfc.slice(n);
    return changed(c.rfc, letters) <= 1 && isValid(alt)
      ? { ...c, rfc: alt }
      : { ...c, score: c.score - 0.25 };
  });
  // A labelled token that could not be repaired alone: the name's letters plus the date and homoclave.
  lines.forEach((l, i) => {
    // Not a customer's RFC (`RFC CLIENTE: XAXX010101000`), nor one under a customer heading.
    if (!RFC_LABEL.test(l.norm) || customersLine(lines, i)) return;
    for (const tok of tokensOf(withEnye(l))) {
      // As read, or with one stray character dropped (a thermal 0 read as two characters).
      const drops = tok.length !== len + 1 ? [] : [...Array(len + 1).keys()];
      const variants = [
        { t: tok.slice(0, len), cost: 0, inLetters: false },
        ...[...drops.slice(n), ...(n === 3 ? drops.slice(0, n) : [])].map((k) => ({
          t: tok.slice(0, k) + tok.slice(k + 1),
          cost: 1,
          inLetters: k < n,
        })),
      ];
      for (const { t, cost, inLetters } of variants) {
        if (t.length !== len) continue;
        if (inLetters && [...initials].filter((ch, k) => ch !== '?' && ch === t[k]).length < 2) continue;
        const letters = fillFromName(t, initials);
        if (changed(t, letters) > 1) continue;
        // A person's name that every letter read agrees with (figures as their look-alikes) vouches for one repair
        // more in the date or homoclave (`0060850404689`: OOGO…G89).
        const vouched = n === 4 && changed(t, letters) === 0 ? 1 : 0;
        for (const r of repairRfc(letters + t.slice(n))) {
          // Else a person's name only together with the reading as it is (`IA JUAN…` plus repairs made MENI…TS7).
          if (n === 4 && r.edits > vouched) continue;
          if ((inLetters && !r.rfc.startsWith(letters)) || genericLike(r.rfc)) continue;
          out.push({ rfc: r.rfc, score: 0.75 - 0.05 * (r.edits + cost), line: i });
        }
      }
    }
  });
  return out;
}

/** What every line's RFC candidates are judged by: the name's type and initials, and the header's extent. */
interface LineContext {
  typed: boolean;
  expected: string | null;
  header: number;
}

/** Line `i` is the customer's: it says so, or is under a customer heading, or unlabelled under a customer line. */
function customersLine(lines: Line[], i: number): boolean {
  const norm = lines[i]?.norm ?? '';
  const before = lines[i - 1]?.norm ?? '';
  return (
    CUSTOMER.test(norm) || CUSTOMER_HEADING.test(before) || (CUSTOMER.test(before) && !RFC_LABEL.test(norm))
  );
}

/** The RFC candidates line `i` holds, unless it is a customer's. */
function lineCandidates(lines: Line[], i: number, ctx: LineContext): RfcCandidate[] {
  const l = lines[i] as Line;
  const labelled = RFC_LABEL.test(l.norm);
  if (customersLine(lines, i)) return [];
  const found: RfcCandidate[] = [];
  // A value wrapped onto the next line, alone there, the two parts an RFC's length together.
  const rest = (lines[i + 1]?.norm ?? '').replace(/[\s.-]/g, '');
  const short = valueAfterLabel(l.norm).length;
  const whole = short + rest.length;
  const wrapped =
    labelled && short >= 3 && short <= 11 && (whole === 12 || whole === 13) && /^[A-Z0-9Ñ&]+$/.test(rest)
      ? [`${l.norm}${rest}`]
      : [];
  for (const tok of new Set(wrapped.flatMap(tokensOf)))
    if (isValid(tok) && !genericLike(tok))
      found.push({ rfc: tok, score: Math.min(1, 0.8 + (i < ctx.header ? 0.2 : 0)), line: i });
  // Whole values (words, the value after the label), with Ñ and without: the repairs tell an N read as Ñ.
  const words = new Set([...wordTokens(withEnye(l)), ...wordTokens(l.norm)]);
  for (const v of [withEnye(l), l.norm]) words.add(valueAfterLabel(v));
  for (const tok of new Set([...tokensOf(withEnye(l)), ...tokensOf(l.norm)]))
    found.push(...tokenCandidates(tok, words, labelled, i, ctx));
  return found;
}

/** The repairs of one token of line `i` worth keeping, scored. */
function tokenCandidates(
  tok: string,
  words: Set<string>,
  labelled: boolean,
  i: number,
  ctx: LineContext,
): RfcCandidate[] {
  const repairs = repairRfc(tok, labelled, words.has(tok));
  // Under a company's name the best 12-character repair is kept beside the best of all.
  const cheapest = repairs[0]?.edits ?? 0;
  const best12 = ctx.typed ? repairs.find((r) => r.rfc.length === 12 && r.edits <= cheapest + 1) : undefined;
  // And the best repair with the letters the company's whole name predicts, as cheap as the best.
  const expected = ctx.expected;
  const named = expected
    ? repairs.find((r) => initialsFit(expected, r.rfc) && r.edits <= cheapest)
    : undefined;
  const picked = [...new Set([...repairs.slice(0, 1), best12, named])].filter(
    (r): r is Repaired => r !== undefined,
  );
  // A cut that ends one character short of a word as read drops that word's last character.
  const cutsWord =
    !words.has(tok) && [...words].some((w) => w.length === tok.length + 1 && w.startsWith(tok));
  const found: RfcCandidate[] = [];
  for (const { rfc, edits } of picked) {
    if (genericLike(rfc)) continue;
    if (!labelled && edits > 1) continue;
    // A value cut out of a longer run is as doubtful as a character dropped.
    const score =
      (labelled ? 0.6 : 0.35) +
      (i < ctx.header ? 0.2 : 0) +
      0.2 / (1 + edits + (cutsWord ? 2 : 0)) -
      (tok.length === rfc.length && (words.has(tok) || edits === 0) ? 0 : 0.15);
    // And a repair that rewrites most of the value is one of many the check digit lets through by chance.
    const letters = rfc.length - 9;
    const tied =
      edits > 0 &&
      repairs.some(
        (r) =>
          r.edits === edits && r.rfc.length === rfc.length && r.rfc.slice(letters) !== rfc.slice(letters),
      );
    const doubt = 0.15 * Math.max(0, edits - MANY_EDITS) + (tied ? TIED_DOUBT : 0);
    found.push({ rfc, score: Math.min(1, score), line: i, doubt });
  }
  return found;
}

/** The issuer's RFC: labelled, in the header, valid. */
export function extractRfc(
  lines: Line[],
  razonSocial: string | null = null,
  personName: string | null = null,
  longerName: string | null = null,
): RfcCandidate | null {
  // A name that ends in a company type is a persona moral's, whatever else was read of it.
  const typed = razonSocial !== null && withoutCompanyType(razonSocial) !== razonSocial;
  // A reading the longer name explains (a name wrapped over three lines) is not rewritten by the shorter's.
  const longerInitials = razonSocial && longerName ? moralInitials(longerName) : null;
  const longer = longerInitials?.includes('?') ? null : longerInitials;
  // The three letters a company's name read whole predicts (none from a name of fewer words or with figures).
  const wholeInitials = razonSocial ? moralInitials(razonSocial, false) : null;
  // A two-word name's third initial is unknown (`CM?`): its two known ones still tell `CMI…` from `GMI…`.
  const expected = longer ?? wholeInitials;
  const ctx: LineContext = { typed, expected, header: Math.max(8, Math.ceil(lines.length * 0.5)) };
  let found = lines.flatMap((_, i) => lineCandidates(lines, i, ctx));
  // A person's name is printed given names first or surnames first: the order the best reading agrees with.
  const bestPerson = found.filter((c) => c.rfc.length === 13).sort((a, b) => b.score - a.score)[0];
  const initials = razonSocial
    ? moralInitials(razonSocial, false)
    : personName
      ? personLetters(personName, bestPerson?.rfc)
      : null;
  const explained = longer ? found.filter((c) => c.rfc.startsWith(longer)) : [];
  // First, so that it wins a tie with the same reading rewritten (the sort below is stable).
  found = [
    ...explained.map((c) => ({ ...c, score: Math.min(1, c.score + 0.1) })),
    ...withInitials(found, lines, initials),
  ];
  // A company (SA DE CV...) has a 12-char RFC.
  if ((razonSocial && initials) || typed)
    found = found.map((c) => (c.rfc.length === 13 ? { ...c, score: c.score - 0.3 } : c));
  found.sort((a, b) => b.score - a.score);
  const best = found[0];
  return best ? { rfc: best.rfc, line: best.line, score: best.score - (best.doubt ?? 0) } : null;
}
