import { type Line, withKnownWords } from './extract.text.js';
import { confusions, oneDropped, oneSwapped } from './lookalike.js';

/** Month abbreviations as tickets print them, January first. */
export const MONTHS = ['ENE', 'FEB', 'MAR', 'ABR', 'MAY', 'JUN', 'JUL', 'AGO', 'SEP', 'OCT', 'NOV', 'DIC'];
const MONTH_ALT: Record<string, string> = { JAN: 'ENE', APR: 'ABR', AUG: 'AGO', DEC: 'DIC', SET: 'SEP' };

export interface DateTime {
  date: string | null;
  time: string | null;
  dateConfidence: number;
  timeConfidence: number;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** Which purchase dates are plausible, as ISO days, relative to the reader's clock. */
export interface DateWindow {
  /** The reader's year. */
  year: number;
  possibleFrom: string;
  possibleTo: string;
  likelyFrom: string;
  likelyTo: string;
}

export function dateWindow(today: Date): DateWindow {
  const y = today.getUTCFullYear();
  return {
    year: y,
    possibleFrom: '2000-01-01',
    possibleTo: `${y + 9}-12-31`,
    likelyFrom: `${y - 7}-01-01`,
    likelyTo: `${y + 4}-12-31`,
  };
}

export function validDate(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1 || y < 2000 || y > 2099) return null;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= days ? `${y}-${pad(m)}-${pad(d)}` : null;
}

/** Digits OCR often swaps on thermal fonts, likeliest first. */
const FIX = confusions('80 60 08 38 90 721');

/** A thermal zero read as two characters (`2025` → `26025`): drop one char to get the expected length. */
const shorten = (s: string, len: number): string[] => (s.length <= len ? [s] : oneDropped(s));

function repairDate(y: string, m: string, d: string, win: DateWindow): { iso: string; edits: number } | null {
  if (y.length > 4 || m.length > 2 || d.length > 2) {
    for (const yy of shorten(y, 4))
      for (const mm of shorten(m, 2))
        for (const dd of shorten(d, 2)) {
          const r = repairDate(yy, mm, dd, win);
          if (r) return { iso: r.iso, edits: r.edits + 1 };
        }
    return null;
  }
  const likely = (iso: string): boolean => iso >= win.likelyFrom && iso <= win.likelyTo;
  const yy = y.length === 2 ? `20${y}` : y;
  const direct = validDate(Number(yy), Number(m), Number(d));
  if (direct && likely(direct)) return { iso: direct, edits: 0 };
  const s = `${yy}${m.padStart(2, '0')}${d.padStart(2, '0')}`;
  /** `v` with one of its digits from `from` on swapped for a look-alike: the first likely date, or null. */
  const swapOne = (v: string, from: number): string | null =>
    oneSwapped(v, FIX, from)
      .map((w) => validDate(Number(w.slice(0, 4)), Number(w.slice(4, 6)), Number(w.slice(6, 8))))
      .find((iso): iso is string => iso !== null && likely(iso)) ?? null;
  const once = swapOne(s, 0);
  if (once) return { iso: once, edits: 1 };
  // An older or farther date is possible, just less likely than a misread digit.
  if (direct && direct >= win.possibleFrom && direct <= win.possibleTo) return { iso: direct, edits: 1 };
  // Two misread digits, where nothing else makes a date (`2925-99-13`: a faded font's zeros read as 9s).
  for (let i = 0; i < s.length; i++)
    for (const alt of FIX[s[i] ?? ''] ?? []) {
      const twice = swapOne(s.slice(0, i) + alt + s.slice(i + 1), i + 1);
      if (twice) return { iso: twice, edits: 2 };
    }
  // A year's decade misread (`2046` for 2026), when that makes this year or the last: the years invoiced.
  const year = Number(`${yy.slice(0, 2)}${String(win.year)[2]}${yy.slice(3)}`);
  const recent = yy.length === 4 && year <= win.year && year >= win.year - 1;
  const iso = recent ? validDate(year, Number(m), Number(d)) : null;
  return iso ? { iso, edits: 2 } : null;
}

const digitsOf = (s: string): string => s.replace(/[OQD]/g, '0').replace(/[IlL|]/g, '1');
/** A year with its look-alike letters made digits, when at least two of its characters were digits. */
const yearOf = (s: string): string => {
  // `2026L` (`21/11/2026LUNES`): the letter is the next word's, not a fifth character of the year.
  const year = s.length === 5 && /[A-Z]$/.test(s) ? s.slice(0, 4) : s;
  return (year.match(/\d/g)?.length ?? 0) >= 2 ? digitsOf(year) : '';
};
const monthIndex = (s: string): number => {
  const m = s.replace(/0/g, 'O').replace(/1/g, 'I');
  return MONTHS.indexOf(MONTH_ALT[m] ?? m) + 1;
};

// Look-alike letters are digits in a date's groups; lines arrive upper-cased.
const NUMERIC =
  /(?<!\d)(?<!\d\d:)(\d[0-9OQDIL]{0,2}|[OQDIL]\d\d?)\s?[/\-.]\s?([0-9OQDIL]{1,3})\s?[/\-.]\s?([0-9OQDIL]{4,5}|\d{2})(?!\d)/;
const ISO = /(?<!\d)(\d[0-9OQDIL]{3,4})\s?[/\-.]\s?(\d{1,3})\s?[/\-.]\s?(\d{1,3})(?!\d)/;
// `21-NOV-2026`, `21 NOV 2026`.
const NAMED =
  /(?<!\d)(?<!\d\d:)(\d[0-9OQDIL]{0,2}|[OQDIL]\d\d?)\s?[/\-. ]\s?([A-Z0]{3})[A-Z0]*\.?\s?[/\-. ]\s?(\d[0-9OQDIL]{3,4}|\d{2})(?!\d)/;
// `21NOV26`: only beside a FECHA label or a time (`LOTE 12MAY27`, `CAD. 12DIC27` are lots and expiries).
const NAMED_TIGHT =
  /(?<![\dA-Z])(?<!\b(?:LOTE?|CAD|EXP|VTO|VENCE)\.?\s?:?\s?)(\d{1,2})([A-Z]{3})(\d{4}|\d{2})(?![\dA-Z])/;
// Or alone on its line (`18MAY25` over the time): a lot or an expiry carries its label.
const DATE_CONTEXT = /FECHA|\d\s?:\s?\d{2}|^\W*\d{1,2}[A-Z]{3}(?:\d{4}|\d{2})\W*$/;
// `21 DE NOVIEMBRE DE 2026`: four-digit year only (`AV. 5 DE MAYO 23` is an address).
const NAMED_LONG = /(?<!\d)(\d{1,2})\s+DE\s+([A-Z]{3})[A-Z]*\.?\s+(?:DEL?\s+)?(\d{4})(?!\d)/;
/** Street names are dates too (`AV. 5 DE MAYO`, `C. 16 DE SEPTIEMBRE`). */
const ADDRESS_LINE = /\b(?:AV|AVE|AVENIDA|CALLE|CALZ|BLVD|COL|C\.P|CP|ESQ)\b|^C\.\s/;
// `NOV 21, 2026`, `NOVIEMBRE 21 DE 2026`: month first.
const MONTH_FIRST = /(?<![A-Z0])([A-Z0]{3})[A-Z0]*\.?\s(\d{1,2}),?\s(?:DE\s)?(\d{4})(?!\d)/;

/** A date found on a line: `edits` repairs made; `doubtful` when part of it was probably not read at all. */
interface FoundDate {
  iso: string;
  edits: number;
  doubtful?: boolean;
}

/** Month names in full, January first. */
export const FULL_MONTHS =
  'ENERO FEBRERO MARZO ABRIL MAYO JUNIO JULIO AGOSTO SEPTIEMBRE OCTUBRE NOVIEMBRE DICIEMBRE'.split(' ');
const MONTH_NAMES = new Set([...MONTHS, ...Object.keys(MONTH_ALT), 'SEPT', 'SETIEMBRE', ...FULL_MONTHS]);
const MONTH_WORD = new RegExp(`(?<![A-Z])(?:${MONTHS.join('|')})`);
/** A date's numbers printed around a separator: `1S/12/24`, `2024-O3-17`. */
const SEPARATED = /[0-9OQDILS]\s?[/\-.]\s?[0-9OQDILS]{1,2}\s?[/\-.]\s?[0-9OQDILS]/;
/** A glued date (`O2FEB24`, `1OSEP24`): day, month, year. */
const GLUED = new RegExp(
  `(?<![A-Z0-9])([0-9OQDIL]{1,2})(${MONTHS.join('|')})([0-9OQDILS]{2,4})(?![A-Z0-9])`,
  'g',
);
/** A number's look-alike letters as digits, an S for a 5 too (see digitsOf). */
const asDigits = (w: string): string => digitsOf(w).replace(/S/g, '5');

/** Look-alike letters in a date put back: a month word's digits are letters. */
function unslipDate(line: string): string {
  const months = withKnownWords(line, MONTH_NAMES);
  const glued = months.replace(GLUED, (w, d: string, m: string, y: string) =>
    /\d/.test(d + y) ? `${asDigits(d)}${m}${asDigits(y)}` : w,
  );
  if (!/FECHA/.test(glued) && !MONTH_WORD.test(glued) && !SEPARATED.test(glued)) return glued;
  return glued.replace(/(?<![A-Z0-9])[0-9OQDILS]{1,4}(?![A-Z0-9])/g, (w) => (/\d/.test(w) ? asDigits(w) : w));
}

function dateOn(norm: string, win: DateWindow): FoundDate | null {
  // `21|11|2026`: a slash read as a bar, between digits only.
  const s = unslipDate(norm.replace(/-+/g, '-').replace(/(?<=\d)\s?\|\s?(?=\d)/g, '/'));
  const iso = ISO.exec(s);
  const isoDate = iso && repairDate(yearOf(iso[1] ?? ''), iso[2] ?? '', iso[3] ?? '', win);
  if (isoDate) return isoDate;
  // Every place a pattern matches, in order: the first may be no date (`14:05 HRS 21 NOV 26`: `05 HRS 21`).
  const named = [
    ...matchesOf(NAMED, s),
    ...(ADDRESS_LINE.test(s) ? [] : matchesOf(NAMED_LONG, s)),
    ...(DATE_CONTEXT.test(s) ? matchesOf(NAMED_TIGHT, s).slice(0, 1) : []),
  ];
  for (const found of named) {
    const m = monthIndex(found[2] ?? '');
    if (m < 1) continue;
    const day = digitsOf(found[1] ?? '');
    const rest = s.slice(found.index + found[0].length);
    const joined = found[3] === '20' ? joinedYear(rest, String(m), day, win) : null;
    const r = joined ?? repairDate(yearOf(found[3] ?? ''), String(m), day, win);
    if (r) return splitDay(s, found.index, found[1] ?? '', r);
  }
  const first = MONTH_FIRST.exec(s);
  const month = first ? monthIndex(first[1] ?? '') : 0;
  const monthFirst =
    first && month > 0 ? repairDate(first[3] ?? '', String(month), first[2] ?? '', win) : null;
  if (monthFirst) return monthFirst;
  // The first numeric date, unless glued to a number before it (`#19- 10/03/2018`) and a later one is whole.
  let glued: FoundDate | null = null;
  for (const num of matchesOf(NUMERIC, s)) {
    const found = numericDate(s, num, win);
    if (!found) continue;
    const seps = num[0].match(/\s?[/\-.]\s?/g) ?? [];
    const joined = seps.length === 2 && seps[0]?.trim() !== seps[1]?.trim() && seps.some((x) => /\s/.test(x));
    if (!joined) return found;
    glued ??= found;
  }
  return glued ?? unseparated(s, win);
}

/** Day, month and year with a separator OCR lost (`18.08 2026`, `20072026`) by FECHA or alone: a doubtful date. */
function unseparated(s: string, win: DateWindow): FoundDate | null {
  const m = /(?<![\d.,:])(\d{2})\s?[/\-.]?\s?(\d{2})\s?[/\-.]?\s?(20\d{2}|\d{2})(?![\d.,:])/.exec(s);
  if (!m || !(/\bFEC/.test(s) || s.replace(m[0], '').replace(/\W/g, '') === '')) return null;
  const r = repairDate(yearOf(m[3] ?? ''), m[2] ?? '', m[1] ?? '', win);
  return r && { ...r, doubtful: true };
}

/** Each pattern's global copy, compiled once (dateOn runs on every line of every reading). */
const GLOBAL = new Map<RegExp, RegExp>();

/** Every match of `re` in `s`, overlapping ones included, in order. */
function matchesOf(re: RegExp, s: string): RegExpExecArray[] {
  const all = GLOBAL.get(re) ?? new RegExp(re.source, `${re.flags.replace('g', '')}g`);
  GLOBAL.set(re, all);
  all.lastIndex = 0;
  const out: RegExpExecArray[] = [];
  for (let m = all.exec(s); m; m = all.exec(s)) {
    out.push(m);
    all.lastIndex = m.index + 1;
  }
  return out;
}

/** The date a NUMERIC match gives: a split year joined, repairs made. */
function numericDate(s: string, num: RegExpExecArray, win: DateWindow): FoundDate | null {
  const [y, m, d] = [yearOf(num[3] ?? ''), digitsOf(num[2] ?? ''), digitsOf(num[1] ?? '')];
  const rest = s.slice(num.index + num[0].length);
  // `27-09-20 25`: a four-digit year OCR split in two.
  const joined = y === '20' ? joinedYear(rest, m, d, win) : null;
  if (joined) return joined;
  const r = repairDate(y, m, d, win);
  if (y === '20' && GARBLED_YEAR_END.test(rest)) return r && { ...r, doubtful: true };
  return r && splitDay(s, num.index, num[1] ?? '', r);
}

/** `FECHA: 2 1/11/2026`: a one-digit day after a lone digit may be half of a day OCR split (21, not 1). */
function splitDay(s: string, at: number, day: string, found: FoundDate): FoundDate {
  return day.length === 1 && /(?:^|FECHA\W*|:\s?)\d\s$/.test(s.slice(0, at))
    ? { ...found, doubtful: true }
    : found;
}

/** `27-09-20 25`: the date with the year's second half, read after it, joined when that is likely. */
function joinedYear(rest: string, m: string, d: string, win: DateWindow): FoundDate | null {
  const end = SPLIT_YEAR.exec(rest);
  const joined = end?.[1] ? repairDate(`20${end[1]}`, m, d, win) : null;
  return joined?.edits === 0 ? joined : null;
}

/** The second half of a four-digit year set apart by OCR. */
const SPLIT_YEAR = /^ (\d{2})(?![\d:.])/;
/** One or two stray letters right after a two-digit year, where the year's last digits would be. */
const GARBLED_YEAR_END = /^ [A-Z]{1,2}(?:\s|$)/;

// Not the minutes and seconds of a longer time (a digit and a colon before them).
const TIME =
  /(?<!\d)(?<!\d\s?:\s?)([01]?\d|2[0-3])\s?[:.]\s?([0-5]\d)(?:\s?:\s?([0-5]\d))?(?!\d)(?:\s?([AP])\.?\s?[MH]\b\.?)?/;

/** Minutes and seconds start with 0-5, so an 8 there is a dotted zero misread (`20:87:22` for `20:07:22`). */
function timeOn(norm: string): string | null {
  // Look-alike letters in a time's numbers (`I2:03:54`, `07:S3:34`, `0I:16`): digits, as in a date's.
  const cleaned = norm
    .replace(/(?<![A-Z0-9])[0-9OQDILS]{1,2}(?:\s?:\s?[0-9OQDILS]{2}){1,2}(?![A-Z0-9])/g, (w) =>
      /\d/.test(w) ? asDigits(w) : w,
    )
    .replace(/(\d)\s?[/\-.]\s?(\d{1,2})\s?[/\-.]\s?(\d{2,4})/g, ' ')
    .replace(/(?<=\d\s?:\s?)8(?=\d(?!\d))/g, '0')
    // An hour of 60 or more opened by the same zero read as 6, 8 or 9 (`HORA 98:02:18`).
    .replace(/(?<![\d:.])[689](?=\d\s?:\s?[0-5]\d)/g, '0');
  const t = TIME.exec(cleaned);
  if (!t) return null;
  let h = Number(t[1]);
  // A 12-hour time past 12 is a 10 whose dotted zero OCR read as 6, 8 or 9 (`16:24 PM` for 10:24 PM).
  if (t[4] && [16, 18, 19].includes(h)) h = 10;
  if (t[4] === 'P' && h < 12) h += 12;
  if (t[4] === 'A' && h === 12) h = 0;
  return `${pad(h)}:${t[2]}${t[3] ? `:${t[3]}` : ''}`;
}

const TIME_LABEL = /HORA|\bHRS?\b|\bTIME\b/;
/** Opening hours (`DE 7:00 A 23:00 HRS`, `9:00-18:00`): two times joined, not the time of the purchase. */
const TIME_RANGE = /\d{1,2}\s?[:.]\s?\d{2}\s?(?:HRS?\s?)?(?:A|AL|-|–)\s?\d{1,2}\s?[:.]\s?\d{2}/;
/** A time followed by AM or PM (its M read as H: `10:24 PH`). */
const TWELVE_HOUR = /\d\s?[AP]\.?\s?[MH]\b/;

/** A time on a line with neither a date nor a time label. */
function looksLikeTimeLine(norm: string): boolean {
  if (!/\d\s?:\s?\d/.test(norm)) return false;
  if (/\d\s?:\s?\d{2}\s?:\s?\d{2}/.test(norm) || TWELVE_HOUR.test(norm)) return true;
  return /^(?:[A-Z]{1,6}\.?\s?:?\s?)?\d{1,2}\s?:\s?\d{2}$/.test(norm.trim()) || !/[A-Z]{3}/.test(norm);
}

/** Labels of dates that are not the purchase's: what follows them on a line is not read. */
const OTHER_DATE =
  /(?:\b(?:VENCIMIENTO|LIMITE|FACTURAR|FACTURACION|ENTREGA|RENOVACION|NACIMIENTO|PROXIMA|PROXIMO|DEVOLUCION(?:ES)?|REIMPRESION|REIMPRESO|COPIA)\b|VENCE|VIGENCIA|CADUC|EXPIRA).*$/;

/** A parking ticket's arrival (`ENTRADA: 24/01/2025 14:03`): the purchase is paid on leaving (`SALIDA`). */
const ARRIVAL = /\bENTRADA\b|\bINGRESO\b/;

/** Purchase date and time; `today` sets which years are plausible, so the rules never expire. */
export function extractDateTime(lines: Line[], today: Date): DateTime {
  const win = dateWindow(today);
  let best: { iso: string; score: number } | null = null;
  let time: { t: string; score: number } | null = null;
  // A label of another date ending its line, awaiting its value: the next line's date is that one's.
  let otherBelow = false;
  for (const l of lines) {
    const labelAbove = otherBelow;
    otherBelow = /:\s*$/.test(l.norm) && !/\d/.test(OTHER_DATE.exec(l.norm)?.[0] ?? '1');
    if (/PERMISO|CRE:/.test(l.norm) || labelAbove) continue;
    // Another date's label (a due date, a delivery…) hides what follows it, not what comes before it.
    const own = l.norm.replace(OTHER_DATE, '');
    const d = dateOn(own, win);
    const t = timeOn(own);
    const arrival = ARRIVAL.test(l.norm) ? 0.15 : 0;
    if (d) {
      const score =
        (/FECHA/.test(l.norm) ? 0.9 : 0.7) + (t ? 0.1 : 0) - 0.2 * d.edits - (d.doubtful ? 0.5 : 0) - arrival;
      if (!best || score > best.score) best = { iso: d.iso, score };
    }
    const hours = TIME_RANGE.test(l.norm) || /HORARIO|ABIERTO|ATENCION/.test(l.norm);
    const timeLine = d || TIME_LABEL.test(l.norm) || looksLikeTimeLine(l.norm);
    if (t && !hours && !/TEL|[$]/.test(l.norm) && timeLine) {
      const score =
        (TIME_LABEL.test(l.norm) ? 0.9 : 0.6) +
        (d ? 0.2 : 0) +
        (TWELVE_HOUR.test(l.norm) ? 0.05 : 0) -
        arrival;
      if (!time || score > time.score) time = { t, score };
    }
  }
  return {
    date: best?.iso ?? null,
    time: time?.t ?? null,
    dateConfidence: best ? Math.max(0.1, Math.min(1, best.score)) : 0,
    timeConfidence: time ? Math.min(1, time.score) : 0,
  };
}
