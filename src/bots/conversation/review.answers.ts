import type { RawCorrections } from '../../invoices/review.values.js';
import type { Awaiting } from './review.cards.repo.js';

/** What a typed answer to a review card means. Pure: the chat's words → an intent. */
export type ReviewIntent =
  | { kind: 'confirm' }
  | { kind: 'cancel' }
  | { kind: 'ask'; field: NonNullable<Awaiting> }
  | { kind: 'value'; field: NonNullable<Awaiting>; text: string };

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

const FIELDS: [RegExp, NonNullable<Awaiting>][] = [
  [/^(?:2|rfc)\b[\s:]*(.*)$/s, 'vendor_rfc'],
  [/^(?:3|total|importe)\b[\s:]*(.*)$/s, 'total'],
  [/^(?:4|fecha)\b[\s:]*(.*)$/s, 'date'],
];

/** `1`, `sí`, `rfc ABC010101AB1`, `total 1,234.50`, `fecha 15/03/2025`, `cancelar`; a bare value when asked. */
export function parseReviewAnswer(text: string, awaiting: Awaiting): ReviewIntent | undefined {
  const t = fold(text);
  if (/^(1|si|ok|facturar|confirmar)[.!]*$/.test(t)) return { kind: 'confirm' };
  if (/^(5|cancelar|cancela)[.!]*$/.test(t)) return { kind: 'cancel' };
  for (const [re, field] of FIELDS) {
    const m = re.exec(t);
    if (!m) continue;
    const rest = text
      .trim()
      .slice(text.trim().length - (m[1] ?? '').length)
      .trim();
    return rest ? { kind: 'value', field, text: rest } : { kind: 'ask', field };
  }
  return awaiting ? { kind: 'value', field: awaiting, text: text.trim() } : undefined;
}

/** `1,234.50`, `$1234.5`, `1234 MXN` → pesos; NaN when it is not an amount. */
export function parseAmount(text: string): number {
  const t = text.replace(/\$|mxn|pesos|\s/gi, '');
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/.test(t)) return Number.NaN;
  return Number(t.replace(/,/g, ''));
}

/** `15/03/2025`, `15-03-25`, `2025-03-15` → `2025-03-15`; the text as it is when it is none of those. */
export function parseDate(text: string): string {
  const t = text.trim();
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/.exec(t);
  if (!dmy) return t;
  const year = dmy[3]!.length === 2 ? `20${dmy[3]}` : dmy[3]!;
  return `${year}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
}

/** The correction a typed value asks for, in the REST shape (validation happens in the core). */
export function correctionOf(field: NonNullable<Awaiting>, text: string): RawCorrections {
  if (field === 'total') return { total: parseAmount(text) };
  if (field === 'date') return { date: parseDate(text) };
  return { vendor_rfc: text };
}
