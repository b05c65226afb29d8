import type { ReceiptData } from '../receipt.types.js';
import { evidenceLevel } from './confidence.js';
import { dateEvidence, ivaIn, near, totalCandidates, totalEvidence } from './evidence.js';
import { extractDateTime } from './extract.dates.js';
import { type Line, toLines } from './extract.text.js';

/** The total as read agrees with the subtotal and IVA as read (IVA on the subtotal, or included in the total). */
function taxAgrees({ total, subtotal, iva }: ReceiptData): boolean {
  if (total === null || iva === null || iva <= 0) return false;
  return (subtotal !== null && near(subtotal + iva, total)) || ivaIn(total, iva);
}

/**
 * The total the ticket's own checks back most. Every amount printed where a total may be (a TOTAL line, a card
 * payment, cash less change) is weighed with the evidence the value read is weighed with, and replaces it only
 * by reaching a higher level: a garbled TOTAL line then yields to the card line that pays the same purchase.
 */
/**
 * The candidate whose evidence reaches a higher level than the value read (the first on a tie), and at least
 * `least`; the value read when none does.
 */
function mostBacked<T>(read: T | null, candidates: T[], level: (v: T) => number, least = 0): T | null {
  let best = { value: read, level: read === null ? 0 : level(read) };
  for (const c of candidates) {
    const l = level(c);
    if (l > best.level && l >= least) best = { value: c, level: l };
  }
  return best.value;
}

export function chooseTotal(data: ReceiptData, lines: Line[]): ReceiptData {
  // A tip is paid beside the total (cash less change covers both); a total the rules mended together with the
  // tax they read (`643.33` and `83.80` made 643.83 and 88.80, IVA included at 16 %) is a set, not a slip.
  if (data.tip !== null || taxAgrees(data)) return data;
  const level = (total: number): number => evidenceLevel('total', totalEvidence({ ...data, total }, lines));
  const total = mostBacked(data.total, totalCandidates(lines), level);
  return total === data.total ? data : { ...data, total };
}

/** The purchase date and time each reading gives on its own (readings that give none left out). */
export function readingDates(readings: string[], today: Date): Array<{ date: string; time: string | null }> {
  return readings
    .map((reading) => extractDateTime(toLines(reading), today))
    .flatMap(({ date, time }) => (date === null ? [] : [{ date, time }]));
}

/** The level a date printed as it is chosen reaches (confidence.ts: calendar date + printed). */
const PRINTED = 3;

/**
 * The purchase date the ticket backs most among those its readings gave (the first reading, the header and RFC
 * re-reads, the sparse header): each is weighed against every line read, and one replaces the date chosen only by
 * reaching a higher level (a date the first reading lost, found whole by a re-read of the header).
 */
export function chooseDate(data: ReceiptData, readings: string[], lines: Line[], today: Date): ReceiptData {
  const level = (d: { date: string }): number =>
    evidenceLevel('date', dateEvidence({ ...data, date: d.date }, lines, today));
  const read = data.date === null ? null : { date: data.date, time: data.time };
  const found = readingDates(readings, today).filter((d) => d.date !== data.date);
  // Only a date printed as it is chosen: a date mended from misread digits fills no gap.
  const best = mostBacked(read, found, level, PRINTED);
  if (best === read || best === null) return data;
  // The time read with the date chosen first stays; a reading that only gave the date gives its own time.
  return { ...data, date: best.date, time: data.time ?? best.time };
}
