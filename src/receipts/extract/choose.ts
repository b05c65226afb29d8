import type { ReceiptData } from '../receipt.types.js';
import { evidenceLevel, TIES } from './confidence.js';
import {
  crossLookalike,
  dateEvidence,
  ivaIn,
  lettersAgree,
  near,
  totalCandidates,
  totalEvidence,
} from './evidence.js';
import { plausibleTax } from './extract.amounts.js';
import { extractDateTime } from './extract.dates.js';
import { labelledValues, repairRfc } from './extract.rfc.js';
import { type Line, moneyIn, toLines } from './extract.text.js';
import { LOOKALIKE } from './lookalike.js';

/**
 * The total agrees with the subtotal and IVA as read (IVA on the subtotal, or included in the total). An IVA over
 * 16 % of the subtotal is no IVA of it: the pair adds up by chance (a TOTAL's amount taken for the IVA).
 */
function taxAgrees({ total, subtotal, iva }: ReceiptData): boolean {
  if (total === null || iva === null || iva <= 0) return false;
  return (
    (subtotal !== null && near(subtotal + iva, total) && plausibleTax(subtotal, iva)) || ivaIn(total, iva)
  );
}

/** The first candidate whose level beats the read value's (`unread` if none) by one and reaches `least`. */
function mostBacked<T>(
  read: T | null,
  candidates: T[],
  level: (v: T) => number,
  { least = Number.NEGATIVE_INFINITY, unread = 0 } = {},
): T | null {
  let best = { value: read, level: read === null ? unread : level(read) };
  for (const c of candidates) {
    const l = level(c);
    if (l >= best.level + 1 && l >= least) best = { value: c, level: l };
  }
  return best.value;
}

/**
 * The total the ticket's own checks back most: a candidate replaces the value read only by reaching a higher
 * level, so a garbled TOTAL line yields to the card line that pays the same purchase.
 */
export function chooseTotal(data: ReceiptData, lines: Line[]): ReceiptData {
  // A tip is paid beside the total (cash less change covers both); a total the rules mended together with the
  // tax they read (`643.33` and `83.80` made 643.83 and 88.80, IVA included at 16 %) is a set, not a slip.
  if (data.tip !== null || taxAgrees(data)) return data;
  const level = (total: number): number => evidenceLevel('total', totalEvidence({ ...data, total }, lines));
  const total = mostBacked(data.total, [...totalCandidates(lines), ...tiedAmounts(data, lines)], level);
  return total === data.total ? data : { ...data, total };
}

/**
 * Amounts printed under no label a total is read from (`TOTAL` garbled, paid by transfer) that a sum of other
 * printed amounts ties to a total: the IVA included in it, subtotal + IVA, cash less change, the words.
 */
function tiedAmounts(data: ReceiptData, lines: Line[]): number[] {
  const printed = new Set(lines.flatMap((l) => moneyIn(l.norm).map((m) => m.cents)));
  return [...printed].filter(
    (c) => c > 0 && totalEvidence({ ...data, total: c }, lines).some((e) => TIES.includes(e)),
  );
}

type DateRead = { date: string; time: string | null };
/** The purchase date and time each reading gives on its own (readings that give none left out). */
export function readingDates(readings: string[], today: Date): DateRead[] {
  return readings
    .map((reading) => extractDateTime(toLines(reading), today))
    .flatMap(({ date, time }) => (date === null ? [] : [{ date, time }]));
}

/** The level a date printed as it is chosen reaches (confidence.ts: calendar date + printed). */
const PRINTED = 3;

/**
 * The purchase date the ticket backs most among its readings' dates: one replaces the date chosen only by
 * reaching a higher level (a date the first reading lost, found whole by a re-read of the header).
 */
export function chooseDate(data: ReceiptData, dates: DateRead[], lines: Line[], today: Date): ReceiptData {
  const level = (d: { date: string }): number =>
    evidenceLevel('date', dateEvidence({ ...data, date: d.date }, lines, today));
  const read = data.date === null ? null : { date: data.date, time: data.time };
  const found = dates.filter((d) => d.date !== data.date);
  // Only a date printed as it is chosen: a date mended from misread digits fills no gap.
  const best = mostBacked(read, found, level, { least: PRINTED });
  if (best === read || best === null) return data;
  // The time read with the date chosen first stays; a reading that only gave the date gives its own time.
  return { ...data, date: best.date, time: data.time ?? best.time };
}

/** What changing one character costs: half for a look-alike (OCR's usual slip), whole for any other. */
const swapCost = (a: string, b: string): number =>
  a === b ? 0 : (LOOKALIKE[a]?.includes(b) ?? false) || crossLookalike(a, b) ? 0.5 : 1;

/** Weighted edits (swapCost) from a value as read to `rfc`; what followed the RFC on the line is free. */
export function readingCost(read: string, rfc: string): number {
  let row = Array.from({ length: read.length + 1 }, (_, j) => j);
  for (let i = 1; i <= rfc.length; i++) {
    const next = [i];
    for (let j = 1; j <= read.length; j++)
      next[j] = Math.min(
        (row[j - 1] as number) + swapCost(read[j - 1] as string, rfc[i - 1] as string),
        (row[j] as number) + 1,
        (next[j - 1] as number) + 1,
      );
    row = next;
  }
  return Math.min(...row);
}

/**
 * What the readings' cost counts too often: a look-alike every reading shows at the same place is one slip of the
 * same printed character (re-reads of the same pixels repeat it), not one per reading.
 */
function sharedSlips(values: string[], rfc: string): number {
  let shared = 0;
  for (let i = 0; i < rfc.length; i++) {
    const [c = '', ...rest] = values.map((v) => v[i] ?? '');
    if (c !== rfc[i] && rest.every((o) => o === c) && swapCost(c, rfc[i] ?? '') === 0.5)
      shared += 0.5 * (values.length - 1);
  }
  return shared;
}

/** The repairs of a value as read worth weighing against the others: the cheapest, and one edit dearer. */
function repairsOf(read: string): string[] {
  const repairs = [12, 13, 14].flatMap((n) => (read.length >= n ? repairRfc(read.slice(0, n), true) : []));
  const cheapest = Math.min(...repairs.map((r) => r.edits));
  return repairs.filter((r) => r.edits <= cheapest + 1).map((r) => r.rfc);
}

/**
 * The RFC closest to every reading's labelled value at once (readingCost): a repair replaces the RFC chosen
 * only by costing a whole edit less, so one reading's misread character is outvoted by the others.
 */
export function chooseRfc(data: ReceiptData, readings: string[]): ReceiptData {
  const values = readings.flatMap((r) => labelledValues(toLines(r))).filter((v) => v.length >= 11);
  if (values.length < 2) return data;
  // Letters the name read does not form cost an edit: the name is one more reading of them.
  const name = data.vendor_name;
  const cost = (rfc: string): number =>
    values.reduce((sum, v) => sum + readingCost(v, rfc), name && !lettersAgree(name, rfc) ? 1 : 0) -
    sharedSlips(values, rfc);
  // The cost as a level: a repair must cost a whole edit less than the RFC chosen; any replaces none.
  const repairs = [...new Set(values.flatMap(repairsOf))];
  const rfc = mostBacked(data.vendor_rfc, repairs, (r) => -cost(r), { unread: Number.NEGATIVE_INFINITY });
  return rfc === data.vendor_rfc ? data : { ...data, vendor_rfc: rfc };
}
