import { compact } from '../../catalogs/merchants.catalog.js';
import { checkDigitSees, hasValidCheckDigit, satHomoclave } from '../../catalogs/rfc.js';
import type { ReceiptData } from '../receipt.types.js';
import type { KeyField } from '../review.js';
import { printedTypeForm } from './company.type.js';
import { TIES } from './confidence.js';
import { centsInWords, classify } from './extract.amounts.js';
import { FULL_MONTHS, MONTHS, validDate } from './extract.dates.js';
import {
  charClass,
  fisicaLetterOptions,
  initialsFit,
  labelledValues,
  moralInitials,
  repairRfc,
} from './extract.rfc.js';
import {
  CARD_WORDS,
  type Line,
  moneyIn,
  stripAccents,
  TOTAL_WITH_TIP,
  TOTAL_WORD,
  toLines,
  VOUCHER_WORDS,
  withoutCompanyType,
} from './extract.text.js';
import { pesosInWords } from './extract.words.js';
import { confusions, LOOKALIKE } from './lookalike.js';
import { cutShort, misreadWord } from './vocabulary.js';

/** Per key field, named checks a Mexican ticket obeys; `!` marks a conflict (confidence.ts weighs them). */
export type Evidence = Record<KeyField, string[]>;

/** What the checks need of a merchant catalog: the row an RFC belongs to, if any. */
export interface CatalogLookup {
  byRfc(rfc: string): { razon_social: string } | null;
  /** The one row whose razón social or printed name is a line of the ticket's header. */
  byTitle?(header: string[]): { rfc: string; razon_social: string } | null;
}

const amountsBy = (lines: Line[], label: RegExp): number[] =>
  lines.filter((l) => label.test(l.norm)).flatMap((l) => moneyIn(l.norm).map((m) => m.cents));

const SUBTOTAL = /SUB\s?-?\s?T[O0]TAL/;
/** A line labelled TOTAL, not SUBTOTAL nor the total with the tip (`TOTAL CON PROPINA`: the purchase is less). */
const TOTAL_LINE = new RegExp(`^(?!.*${SUBTOTAL.source})(?!.*${TOTAL_WITH_TIP.source}).*${TOTAL_WORD}`, 's');
/** A tip charged on the ticket (the extraction's tip line, not one left out or nil), its amount read or not. */
const isTip = (l: Line): boolean => classify(l.norm) === 'tip' && /^(?!.*NO INCLUID).*[1-9]/.test(l.norm);
const IVA = /\bI\.?\s?V\.?\s?A\b|IMPUESTO|\bIVA\d/;
const IEPS = /I\.?E\.?P\.?S/;
const DISCOUNT = /DESC|BONIFICACION|AHORRO/;
const PAID = /EFECTIVO|SU PAGO|PAGO CON|RECIBIDO|PAGADO|IMPORTE RECIBIDO|CASH/;
/** A card or voucher payment: it pays the total exactly (no change is given). */
const CARD = new RegExp(`${CARD_WORDS}|MASTER\\s?CARD|(?<![A-Z])MASTER(?![A-Z])|${VOUCHER_WORDS}`);
const CHANGE = /CAMBIO/;
/** IVA rates of the Mexican ticket: 16 % (general), 8 % (border region). */
const RATES = [0.16, 0.08];

export const near = (a: number, b: number, tol = 1): boolean => Math.abs(a - b) <= tol;
/** IVA charged on `base` at a Mexican rate, to the cent (a rounding cent either way). */
const ivaOn = (base: number, iva: number): boolean => RATES.some((r) => near(Math.round(base * r), iva));
/** IVA included in `total` at a Mexican rate. */
export const ivaIn = (total: number, iva: number): boolean =>
  RATES.some((r) => near(Math.round((total * r) / (1 + r)), iva));

/** Subtotal + IVA + IEPS − discounts = total, read from labelled lines; and the IVA at its rate. */
function taxSums(lines: Line[], total: number): string[] {
  const subs = amountsBy(lines, SUBTOTAL);
  const ivas = amountsBy(lines, IVA).filter((v) => v > 0 && v < total);
  const ieps = [0, ...amountsBy(lines, IEPS)];
  const discounts = [0, ...amountsBy(lines, DISCOUNT)];
  const out = new Set<string>();
  for (const s of subs)
    for (const v of ivas)
      for (const e of ieps)
        for (const d of discounts) {
          if (!near(s + v + e - d, total)) continue;
          out.add('subtotal+iva');
          if (ivaOn(s - d, v) || ivaOn(s + e - d, v)) out.add('iva rate');
        }
  if (!out.has('iva rate') && ivas.some((v) => ivaIn(total, v))) out.add('iva included');
  return [...out];
}

/** Cash paid less change, each read from its labelled line: the totals a cash payment gives. */
function cashTotals(lines: Line[]): number[] {
  const change = amountsBy(lines, CHANGE).filter((c) => c > 0);
  return amountsBy(lines, PAID).flatMap((p) => change.map((c) => p - c).filter((t) => t > 0));
}

/** Amounts printed where a total may be: a TOTAL line, a card payment's line, or cash paid less change. */
export function totalCandidates(lines: Line[]): number[] {
  const all = [...amountsBy(lines, TOTAL_LINE), ...amountsBy(lines, CARD), ...cashTotals(lines)];
  return [...new Set(all.filter((c) => c > 0))];
}

/** Two strings as long, one character of them different. */
const oneCharOff = (a: string, b: string): boolean =>
  a.length === b.length && [...a].filter((c, i) => c !== b[i]).length === 1;
/** Two amounts printed with as many digits, one of them different. */
const oneDigitOff = (a: number, b: number): boolean => oneCharOff(`${a}`, `${b}`);

/** Evidence for the total (cents) from the text of every reading and the items as read. */
export function totalEvidence(data: ReceiptData, lines: Line[]): string[] {
  const total = data.total;
  if (total === null) return [];
  const [totalsRead, card, cash] = [amountsBy(lines, TOTAL_LINE), amountsBy(lines, CARD), cashTotals(lines)];
  const out = totalsRead.includes(total) ? ['label TOTAL'] : [];
  // Where the total is printed (TOTAL, card, voucher IMPORTE), one digit read otherwise as often: it is contested.
  const printed = [...totalsRead, ...card, ...amountsBy(lines, /^IMPORTE\b/)];
  const times = (v: number): number => printed.filter((t) => t === v).length;
  const rival = (t: number): boolean => oneDigitOff(t, total) && times(t) >= times(total);
  if (printed.some(rival)) out.push('!digit contested');
  if (totalsRead.some((t) => t > total && !rival(t))) out.push('!other TOTAL');
  // A total under the IVA in it lost digits (`4.43` for 1,264.43, both readings alike).
  if (amountsBy(lines, IVA).some((v) => v > total)) out.push('!under its tax');
  // A TOTAL printed below the tip includes it: the purchase is less.
  const tipAt = lines.findIndex(isTip);
  if (tipAt >= 0 && amountsBy(lines.slice(tipAt + 1), TOTAL_LINE).includes(total)) out.push('!with tip');
  const sum = data.items.reduce((s, i) => s + i.amount, 0);
  if (data.items.length >= 2 && sum === total && data.confidence.items >= 0.9) out.push('items sum');
  out.push(...taxSums(lines, total));
  if (cash.includes(total)) out.push('efectivo-cambio');
  if (card.includes(total)) out.push('card payment');
  const pesos = pesosInWords(lines);
  const cents = centsInWords(lines);
  if (pesos !== null && cents !== null && pesos * 100 + cents === total) out.push('in words');
  const seen = lines.filter((l) => moneyIn(l.norm).some((m) => m.cents === total)).length;
  if (seen >= 2) out.push('read twice');
  if (seen === 0) out.push('!not printed');
  // A smaller TOTAL that cash less change or a card pays exactly (a larger one may add the tip), where nothing ties
  // this one: an amount of the payment lines read beside the TOTAL label.
  const tied = out.some((e) => TIES.includes(e) || e === 'card payment');
  const paid = (t: number): boolean => cash.includes(t) || card.includes(t);
  if (!tied && totalsRead.some((t) => t < total && paid(t))) out.push('!other TOTAL paid');
  return out;
}

/** Lines that hold `value` once their separators are taken out. */
const linesWith = (lines: Line[], value: string): Line[] => {
  const v = compact(value);
  return v ? lines.filter((l) => compact(l.raw).includes(v)) : [];
};

/** The letter a digit printed where a letter goes stands for, and the digits a letter where a digit goes. */
const AS_LETTER = confusions('0O 1I 2Z 4A 5S 6G 7T 8B');
const AS_DIGIT = confusions('O0 D0 Q0 U0 I1 L1 Z2 S58 G6 A4 B8 E8 T7');

/** A letter and a digit OCR takes for one another (`7`/`Z`, `1`/`I`, `5`/`S`…): where either may stand. */
export const crossLookalike = (a: string, b: string): boolean =>
  /\d/.test(a) !== /\d/.test(b) &&
  [LOOKALIKE, AS_LETTER, AS_DIGIT].some((t) => t[a]?.includes(b) || t[b]?.includes(a));

type Subs = Record<'forced' | 'lookalike' | 'free', number>;

/**
 * Substitutions from `read` to `rfc`: forced by the structure, look-alikes where either may stand or a letter
 * the name's initials ask for, and the free rest.
 */
function substitutions(read: string, rfc: string, nameLetters: boolean): Subs {
  const out = { forced: 0, lookalike: 0, free: 0 };
  for (let i = 0; i < rfc.length; i++) {
    const [a = '', b = ''] = [read[i], rfc[i]];
    if (a === b) continue;
    // The structure wants a letter (L) or a digit (D); the homoclave and check digit (X, C) take either.
    const cls = charClass(rfc.length, i);
    if ((cls === 'L' && AS_LETTER[a]?.includes(b)) || (cls === 'D' && AS_DIGIT[a]?.includes(b))) out.forced++;
    else if (
      (/[XC]/.test(cls) && crossLookalike(a, b)) ||
      (cls === 'L' && nameLetters && (LOOKALIKE[a]?.includes(b) ?? false))
    )
      out.lookalike++;
    else out.free++;
  }
  return out;
}

const fewer = (a: Subs, b: Subs): boolean =>
  a.free !== b.free ? a.free < b.free : a.lookalike + a.forced < b.lookalike + b.forced;

/**
 * The RFC-long stretches of the lines, then those with one character cut out of a stretch one longer (a thermal
 * zero read twice), each with the stretch it was cut from: a reading as printed wins a tie.
 */
function* stretches(lines: Line[], len: number): Generator<[string, string?]> {
  const runs = lines.map((l) => compact(l.raw));
  for (const s of runs) for (let i = 0; i + len <= s.length; i++) yield [s.slice(i, i + len)];
  // A character cut from either end leaves a stretch as printed.
  const longer = runs.flatMap((s) => [...s.slice(len)].map((_, i) => s.slice(i, i + len + 1)));
  for (const w of longer) for (let k = 1; k < len; k++) yield [w.slice(0, k) + w.slice(k + 1), w];
}

/**
 * A letter among the date's digits (or a digit among the letters) of the longer stretch that, dropped instead of the
 * character the repair dropped, repairs into another RFC: the stray character may as well be that one.
 */
function otherDrop(long: string, rfc: string): boolean {
  return [...long.slice(0, rfc.length)].some((c, j) => {
    const cls = charClass(rfc.length, j);
    if (!(cls === 'D' ? /[A-Z]/.test(c) : cls === 'L' && /\d/.test(c))) return false;
    const repairs = repairRfc(long.slice(0, j) + long.slice(j + 1));
    return repairs.length > 0 && !repairs.some((r) => r.rfc === rfc);
  });
}

/**
 * How the RFC chosen differs from the closest RFC-long stretch of a line. A free swap (a character for
 * another of its kind) is backed only by the check digit, which one wrong swap in eleven passes.
 */
function rfcRepair(lines: Line[], rfc: string, nameLetters: boolean): string[] {
  const d = closestReading(lines, rfc, nameLetters);
  if (!d) return ['!not printed'];
  // Repaired from a piece of a longer word: a character too many besides the repair.
  const longer = lines.some((l) => runsOn(l.raw, d.read)) ? ['!longer word'] : [];
  if (d.free > 0) return ['!letter changed', ...longer];
  // Three forced repairs, or a look-alike among them: more than a slip garbled, the check digit alone backing.
  if (d.forced >= 3) return ['!garbled', ...longer];
  // A look-alike repair the reading allows as cheaply into another RFC: the check digit passes both.
  const repairs = d.lookalike > 0 ? repairRfc(d.read) : [];
  const cost = repairs.find((r) => r.rfc === rfc)?.edits ?? -1;
  if (repairs.some((r) => r.rfc !== rfc && r.edits <= cost) || (d.long && otherDrop(d.long, rfc)))
    return ['!tied repair', ...longer];
  if (d.lookalike > 0) return [d.forced > 0 ? '!look-alike among repairs' : 'look-alike repair', ...longer];
  return ['forced repair', ...longer];
}

type Closest = Subs & { read: string; long?: string | undefined };

/** The substitutions from the closest RFC-long stretch of a line to the RFC chosen (at most four), if any. */
function closestReading(lines: Line[], rfc: string, nameLetters: boolean): Closest | null {
  let best: Closest | null = null;
  for (const [read, long] of stretches(lines, rfc.length)) {
    const d = substitutions(read, rfc, nameLetters);
    if (d.forced + d.lookalike + d.free > 4) continue;
    if (!best || fewer(d, best)) best = { ...d, read, long };
  }
  return best;
}

const realRfcDate = (rfc: string): boolean => {
  const m = /^[A-ZÑ&]{3,4}(\d{2})(\d{2})(\d{2})/.exec(rfc);
  return m !== null && validDate(2000 + Number(m[1]), Number(m[2]), Number(m[3])) !== null;
};

/** The RFC's letters as SAT forms them from the name: a company's initials, a person's surnames and name. */
export function lettersAgree(name: string | null, rfc: string): boolean {
  if (!name) return false;
  const n = stripAccents(name).toUpperCase();
  if (rfc.length === 12) return initialsFit(moralInitials(n), rfc);
  return fisicaLetterOptions(n).some((l) => l === rfc.slice(0, 4) || `${l.slice(0, 3)}X` === rfc.slice(0, 4));
}

/** Where the RFC's letters differ from those the name forms in one character only (one option per name order). */
function oneLetterOff(name: string | null, rfc: string): Array<{ at: number; letter: string }> {
  if (!name || lettersAgree(name, rfc)) return [];
  const n = stripAccents(name).toUpperCase();
  const letters = rfc.slice(0, rfc.length - 9);
  const formed = rfc.length === 12 ? [moralInitials(n) ?? ''] : fisicaLetterOptions(n);
  return formed.flatMap((f) => {
    const at = [...letters].flatMap((c, i) => (c === f[i] ? [] : [i]));
    const [i] = at;
    return f.length === letters.length && at.length === 1 && i !== undefined
      ? [{ at: i, letter: f[i] ?? '' }]
      : [];
  });
}

const isCompany = (name: string | null): boolean =>
  name !== null && withoutCompanyType(stripAccents(name).toUpperCase()) !== stripAccents(name).toUpperCase();

/** An RFC only in a longer word (`SES951019G65S3`): a doubled character or another code, valid by chance. */
function runsOn(raw: string, rfc: string): boolean {
  const spaced = stripAccents(raw.toUpperCase()).replace(/[^A-Z0-9Ñ&\s]/g, '');
  const at = spaced.replace(/\s/g, '').indexOf(rfc);
  if (at < 0) return false;
  let pos = 0;
  for (const w of spaced.split(/\s+/).filter(Boolean)) {
    const end = pos + w.length;
    if (at + rfc.length < end && at + rfc.length > pos) return true;
    pos = end;
  }
  return false;
}

/** Evidence for the emisor RFC. */
export function rfcEvidence(data: ReceiptData, lines: Line[], catalog?: CatalogLookup): string[] {
  const rfc = data.vendor_rfc;
  if (!rfc) return [];
  const out = [hasValidCheckDigit(rfc) && satHomoclave(rfc) ? 'check digit' : '!check digit'];
  out.push(realRfcDate(rfc) ? 'rfc date' : '!rfc date');
  const company = isCompany(data.vendor_name);
  if (data.vendor_name) out.push((rfc.length === 12) === company ? 'kind of name' : '!kind of name');
  const nameLetters = lettersAgree(data.vendor_name, rfc);
  const off = oneLetterOff(data.vendor_name, rfc);
  if (nameLetters) out.push('letters of name');
  // The name contradicts a letter the check digit cannot see (checkDigitSees), which no other check confirms.
  else if (off.some((o) => !checkDigitSees(rfc, o.at, o.letter))) out.push('!blind letter');
  const at = linesWith(lines, rfc);
  if (at.length >= 2) out.push('read twice');
  if (at.length === 1) out.push('printed');
  if (at.length === 0) out.push(...rfcRepair(lines, rfc, nameLetters));
  else if (at.every((l) => runsOn(l.raw, rfc))) out.push('!longer word');
  // A repair that leaves the letters one off the name's: the name or the repair misread, the check digit alone judging.
  if (at.length === 0 && off.length) out.push('!letters of name');
  if (catalog?.byRfc(rfc)) out.push('catalog');
  if (dateDigitDisputed(lines, rfc)) out.push('!readings differ');
  return out;
}

/** A digit of the RFC's date that no reading of its label line shows as is, where one shows another digit. */
function dateDigitDisputed(lines: Line[], rfc: string): boolean {
  const reads = labelledValues(lines).filter((v) => v.length === rfc.length);
  return [...rfc.slice(-9, -3)].some((c, k) => {
    const shown = reads.map((v) => v[rfc.length - 9 + k] ?? '').filter((d) => /\d/.test(d));
    return shown.length > 0 && !shown.includes(c);
  });
}

/** The ways a ticket prints an ISO date, separators made `/`. */
function printedForms(iso: string): string[] {
  const [y = '', m = '', d = ''] = iso.split('-');
  const mi = Number(m) - 1;
  const days = [d, String(Number(d))];
  const months = [m, MONTHS[mi] ?? '', FULL_MONTHS[mi] ?? ''];
  const forms = [`${y}/${m}/${d}`];
  for (const dd of days)
    for (const mm of months)
      forms.push(`${dd}/${mm}/${y}`, `${dd}/${mm}/${y.slice(2)}`, `${dd}/DE/${mm}/DE/${y}`);
  for (const dd of days) forms.push(`${MONTHS[mi]}/${dd}/${y}`);
  return forms;
}

/** A month abbreviation with a look-alike digit (`N0V`) gets its letter back; `083` has too few letters. */
const asMonth = (token: string): string => {
  if ((token.match(/[A-Z]/g) ?? []).length < 2) return token;
  const word = token.replace(/\d/g, (d) => AS_LETTER[d]?.[0] ?? d);
  return MONTHS.includes(word) ? word : token;
};

/** Lines on which the date is printed as is (no digit mended). */
function datePrinted(lines: Line[], iso: string): number {
  const forms = printedForms(iso).map((f) => new RegExp(`(?<![0-9A-Z])${f}(?![0-9])`));
  return lines.filter((l) => {
    const slashed = l.norm
      .replace(/(?:\s*[-–—./,]\s*|\s+)+/g, '/')
      .replace(/(?<=\/)[A-Z0-9]{3}(?=\/)/g, asMonth);
    return forms.some((f) => f.test(slashed));
  }).length;
}

const DAY = 86_400_000;

/** Evidence for the purchase date against the moment of reading. */
export function dateEvidence(
  data: ReceiptData,
  lines: Line[],
  today: Date,
  readingDates: Array<{ date: string }> = [],
): string[] {
  const date = data.date;
  if (!date) return [];
  const t = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(t)) return ['!not a date'];
  const out = ['calendar date', t <= today.getTime() ? 'not after today' : '!after today'];
  const age = today.getTime() - t;
  if (age <= 400 * DAY) out.push('within a year');
  // No ticket that old is brought to be invoiced: a year misread (2026 as 2020) is likelier.
  if (age > 730 * DAY) out.push('!years old');
  const seen = datePrinted(lines, date);
  if (seen >= 1) out.push('printed');
  if (seen >= 2) out.push('read twice');
  // Two readings of one ticket that give two purchase dates: a digit misread in one or the other.
  if (readingDates.some((d) => d.date !== date)) out.push('!readings differ');
  return out;
}

/** A lower-case one-letter word on a line in capitals (`y LAGO, S. DE R.L.`): a speck read as a letter. */
const speckWord = (at: Line[], name: string): boolean =>
  at.some((l) =>
    l.raw
      .split(/\s+/)
      .some((w) => /^[a-zñ]$/.test(w) && new RegExp(`(^|\\s)${w.toUpperCase()}(\\s|$)`).test(name)),
  );

/**
 * The company type in a form tickets print, dotted as the ticket dots its first letter: a type mended from a
 * garbled reading (`S DE RL: ¡DE EV`) may carry dots the ticket does not.
 */
function typePrinted(name: string, lines: Line[]): boolean {
  const n = stripAccents(name).toUpperCase();
  // A comma or nothing parts the name's words from the type; a period only ends an abbreviation (`HNOS.`).
  if (!printedTypeForm(n) || /[A-Z]{5}\.$/.test(withoutCompanyType(n))) return false;
  const words = withoutCompanyType(n).replace(/,$/, '').split(' ');
  const last = words[words.length - 1] ?? '';
  for (let i = 0; i < lines.length; i++) {
    const joined = stripAccents(`${lines[i]?.raw ?? ''} ${lines[i + 1]?.raw ?? ''}`).toUpperCase();
    if (!compact(joined).includes(compact(words.join(' ')))) continue;
    const at = joined.lastIndexOf(last) + last.length;
    const after = joined.slice(at);
    // Where the name's words are followed by its type (a title line with the same words is not).
    if (!/^[\s,;.]*[SA]/.test(after)) continue;
    // Dotted or not, as its first letter is printed (`S.` / `SA `): the rest may be garbled or wrapped. An S.C.
    // or A.C. that lost its first dot shows the other (`SC:`, the dot read as a colon).
    const dotted = /^[\s,;]*(?:[SA]\.|[SA]C[.:;])/.test(after);
    return dotted === /^[\s,]*[SA]\./.test(n.slice(withoutCompanyType(n).length));
  }
  return true;
}

/** A type the name ends in that the ticket carries on (`…, S.A.` / `DE. CV`): the type is cut short. */
function typeGoesOn(name: string, lines: Line[]): boolean {
  const end = compact(name);
  if (/CV$/.test(end)) return false;
  return lines.some((l, i) => {
    const next = lines[i + 1];
    const pair = `${l.raw} ${next?.raw ?? ''}`;
    // `DE C` after the type (`DE C.V.`, `DE C.y.`; not `DECORACIONES`), or opening the next line (`DEC.`, V lost).
    if (compact(pair).includes(`${end}DEC`) && /\bDE\s?C(?:\b|V)/i.test(pair)) return true;
    return compact(l.raw).endsWith(end) && /^\W*[DP]E(?:\b|C\b|C\.)/.test(next?.norm ?? '');
  });
}

/** Evidence for the vendor's name (the razón social or a persona física's name). */
export function nameEvidence(data: ReceiptData, lines: Line[], catalog?: CatalogLookup): string[] {
  const name = data.vendor_name;
  if (!name) return [];
  const out: string[] = [];
  const rfc = data.vendor_rfc;
  // A razón social may wrap: two lines read as one count where the name begins.
  const pairs = lines.map((l, i) => ({ ...l, raw: `${l.raw} ${lines[i + 1]?.raw ?? ''}` }));
  const at = linesWith(lines, name);
  if (!at.length) at.push(...linesWith(pairs, name).slice(0, 1));
  // A type broken over a line's end (`S.A. DE` / `CV.`) is mended by its form: look for the words before it.
  const denomination = withoutCompanyType(stripAccents(name).toUpperCase());
  if (!at.length && isCompany(name)) at.push(...linesWith(pairs, denomination).slice(0, 1));
  if (at.length >= 1) out.push('printed');
  if (at.length >= 2) out.push('read twice');
  if (rfc) {
    const rfcAt = linesWith(lines, rfc).map((l) => l.index);
    if (at.some((l) => rfcAt.some((r) => Math.abs(r - l.index) <= 3))) out.push('next to RFC');
    out.push(lettersAgree(name, rfc) ? 'letters of RFC' : '!letters of RFC');
    const row = catalog?.byRfc(rfc);
    if (row && compact(row.razon_social) === compact(name)) out.push('catalog');
  }
  if (isCompany(name))
    out.push(typePrinted(name, lines) && !typeGoesOn(name, lines) ? 'company type' : '!company type');
  // A company's RFC (12 characters) beside a name with no company type the forms know: one kept garbled.
  else if (rfc?.length === 12) out.push('!company type');
  const bare = withoutCompanyType(name);
  // A lone letter among the words or before the type (`LAS E MARGARITAS`, `RAFAEL N S.A.`): a speck or a broken word.
  if (/(?:^|\s)[B-DF-WZ](?=[\s,]|$)|\s[AE](?=\s[A-Z]{3,})/.test(bare) || speckWord(at, name))
    out.push('!lone letter');
  // A mark no razón social holds (`GRUPO: OPERADORA`, `EL PORVENIR $S.C.`): a speck read into the name.
  if (/[^A-ZÑ&.,'\- \d]/.test(stripAccents(name.toUpperCase(), true))) out.push('!stray mark');
  const words = bare.split(/[\s,]+/);
  if (words.some(cutShort) || cutShortOfTitle(bare, data.vendor_store_name)) out.push('!word cut short');
  if (words.some((w) => misreadWord(w, !isCompany(name))) || offTitle(words, data.vendor_store_name))
    out.push('!misread name');
  // Two words printed twice in it (`SUPER LA ESPERANZA SUPERMERCADOS LA ESPERANZA`): a title joined to the name.
  if (new Set(words.slice(1).map((w, i) => `${words[i]} ${w}`)).size < words.length - 1)
    out.push('!repeated words');
  return out;
}

/** A word of the name a letter off a word of the title (`MAYAS` under `DEL MAYAB`): one of the two is misread. */
function offTitle(words: string[], title: string | null): boolean {
  const t = upperWords(title ?? '');
  return words.some((w) => w.length >= 4 && t.some((u) => oneCharOff(stripAccents(w), u)));
}

/** A text's words in capitals without accents. */
const upperWords = (s: string): string[] => stripAccents(s.toUpperCase()).match(/[A-Z]+/g) ?? [];

/** The name's last word cut short, printed whole in the title (`EL CARDEN` under `EL CARDENAL`). */
function cutShortOfTitle(name: string, title: string | null): boolean {
  const [n, t] = [upperWords(name), upperWords(title ?? '')];
  const [before, last] = [n[n.length - 2], n[n.length - 1] ?? ''];
  return (
    last.length >= 4 &&
    t.some((u, j) => j > 0 && t[j - 1] === before && u.length >= last.length + 2 && u.startsWith(last))
  );
}

/** Every key field's evidence from the values chosen and all readings' text (its lines, if split already). */
export function weighEvidence(
  data: ReceiptData,
  today: Date,
  catalog?: CatalogLookup,
  lines: Line[] = toLines(data.text),
  readingDates: Array<{ date: string }> = [],
): Evidence {
  return {
    total: totalEvidence(data, lines),
    vendor_rfc: rfcEvidence(data, lines, catalog),
    date: dateEvidence(data, lines, today, readingDates),
    vendor_name: nameEvidence(data, lines, catalog),
  };
}
