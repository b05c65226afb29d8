import type { KeyField } from '../review.js';
import type { Evidence } from './evidence.js';

/**
 * From evidence to a calibrated confidence. Each key field's evidence is ranked into a level (0 = nothing backs
 * the value … 4 = several independent checks agree), and a level's confidence is the share of values at that
 * level found right on tickets the rules were not written from (the fit is described in docs/receipts.md). A
 * conflict caps the level, so a value that something on the ticket contradicts is never sure.
 */
const LEVELS: Record<KeyField, readonly number[]> = {
  total: [0.3, 0.8, 0.9, 0.97, 0.98],
  vendor_rfc: [0.1, 0.5, 0.9, 0.97, 0.98],
  date: [0.3, 0.65, 0.9, 0.97, 0.98],
  vendor_name: [0.05, 0.2, 0.35, 0.96, 0.97],
};

const has = (ev: string[], ...names: string[]): boolean => names.every((n) => ev.includes(n));
const count = (ev: string[], names: string[]): number => names.filter((n) => ev.includes(n)).length;
const conflicts = (ev: string[]): number => ev.filter((e) => e.startsWith('!')).length;

/** Checks that tie the total to the ticket's other amounts (a second printing or the items' sum do not). */
export const TIES = ['subtotal+iva', 'iva included', 'efectivo-cambio', 'in words'];
/** Checks of the total that do not read its own line: each sums other printed amounts to it. */
const TOTAL_SUMS = ['items sum', ...TIES];

function totalLevel(ev: string[]): number {
  const sums = count(ev, TOTAL_SUMS);
  const label = has(ev, 'label TOTAL');
  // A second printing (the card or cash line with the same amount) checks the digits as a sum does.
  const printedAgain = has(ev, 'read twice') || has(ev, 'card payment') ? 1 : 0;
  const checks = sums + printedAgain;
  let level = label ? 1 + Math.min(checks, 2) + (checks >= 3 ? 1 : 0) : Math.min(checks, 2);
  // A total printed nowhere was mended: only two sums that agree on it make it more than a guess.
  if (has(ev, '!not printed')) level = Math.min(level, sums >= 2 ? 1 : 0);
  if (has(ev, '!other TOTAL')) level = Math.min(level, 2);
  if (has(ev, '!other TOTAL paid')) level = Math.min(level, 1);
  // A digit two printings read apart is sure only where a sum of other amounts ties the total.
  if (has(ev, '!digit contested') && !count(ev, TIES)) level = Math.min(level, 1);
  if (has(ev, '!with tip')) level = Math.min(level, 1);
  // Under an IVA read on the ticket, the total or that IVA lost digits: unsure unless a sum backs the total.
  if (has(ev, '!under its tax') && !sums) level = Math.min(level, 1);
  return level;
}

/** Conflicts that leave an RFC a guess whatever else backs it. */
const RFC_DOUBTS = [
  '!kind of name',
  '!longer word',
  '!blind letter',
  '!look-alike among repairs',
  '!letters of name',
  '!spelled otherwise',
  '!readings differ',
];

function rfcLevel(ev: string[]): number {
  if (!has(ev, 'check digit', 'rfc date')) return 0;
  let level = 1 + count(ev, ['kind of name', 'letters of name']);
  if (level === 3 && (has(ev, 'read twice') || has(ev, 'catalog'))) level = 4;
  const repaired = has(ev, 'forced repair') || has(ev, 'look-alike repair');
  if (!has(ev, 'printed') && !has(ev, 'read twice')) level = Math.min(level, repaired ? 2 : 1);
  if (count(ev, RFC_DOUBTS)) level = Math.min(level, 1);
  return level;
}

function dateLevel(ev: string[]): number {
  if (!has(ev, 'calendar date')) return 0;
  let level = 1 + (has(ev, 'printed') ? 2 : 0) + (has(ev, 'read twice') ? 1 : 0);
  if (count(ev, ['!after today', '!years old', '!readings differ'])) level = Math.min(level, 1);
  return level;
}

/** Signs of a name misread in part: printed and tied to the RFC, it still waits for review. */
const NAME_DOUBTS = [
  '!lone letter',
  '!stray mark',
  '!company type',
  '!word cut short',
  '!misread name',
  '!repeated words',
];

function nameLevel(ev: string[]): number {
  let level =
    1 + count(ev, ['letters of RFC', 'printed']) + (has(ev, 'next to RFC') || has(ev, 'catalog') ? 1 : 0);
  if (has(ev, '!letters of RFC')) level = Math.min(level, 1);
  if (count(ev, NAME_DOUBTS)) level = Math.min(level, 2);
  return Math.min(level, 4);
}

const RANK: Record<KeyField, (ev: string[]) => number> = {
  total: totalLevel,
  vendor_rfc: rfcLevel,
  date: dateLevel,
  vendor_name: nameLevel,
};

/** The level (0..4) a field's evidence reaches. */
export const evidenceLevel = (field: KeyField, ev: string[]): number =>
  Math.max(0, Math.min(4, RANK[field](ev) - (conflicts(ev) > 1 ? 1 : 0)));

/** Calibrated confidence of each key field from its evidence. */
export function confidenceOf(evidence: Evidence): Record<KeyField, number> {
  const out = {} as Record<KeyField, number>;
  for (const f of Object.keys(evidence) as KeyField[]) out[f] = LEVELS[f][evidenceLevel(f, evidence[f])] ?? 0;
  return out;
}
