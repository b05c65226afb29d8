import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { isValidRfc } from './rfc.js';

/**
 * The curated merchant catalog: big Mexican chains, each row with the public source it came from
 * (merchants.catalog.json; docs/receipts.md says how to add rows). The only merchant data shared between payers.
 */
const rowSchema = z.object({
  rfc: z.string().refine(isValidRfc, 'not a valid RFC'),
  razon_social: z.string().min(3),
  regimen_fiscal: z.string().regex(/^\d{3}$/),
  names: z.array(z.string().min(2)),
  kind: z.string(),
  source: z.string().min(10),
});
export type CatalogMerchant = z.infer<typeof rowSchema>;

const rows: CatalogMerchant[] = z
  .array(rowSchema)
  .parse(JSON.parse(readFileSync(new URL('./merchants.catalog.json', import.meta.url), 'utf8')));

/** A name with its accents, case and separators taken out, for comparing how it is printed. */
export const compact = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9Ñ&]/g, '');

/** Edits between two strings, up to `max` (more: max + 1). */
export function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(
        (prev[j] ?? 0) + 1,
        (cur[j - 1] ?? 0) + 1,
        (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    prev = cur;
  }
  return prev[b.length] ?? max + 1;
}

/**
 * Whether a header line is this printed name: the whole line, or a run of its words, equal to the name once
 * separators are taken out, one misread character allowed in names of six characters or more.
 */
function lineNames(line: string, name: string): boolean {
  const want = compact(name);
  const words = line.split(/\s+/).map(compact).filter(Boolean);
  for (let i = 0; i < words.length; i++)
    for (let j = i + 1; j <= words.length; j++) {
      const run = words.slice(i, j).join('');
      if (run.length > want.length + 1) break;
      if (distance(run, want, want.length >= 6 ? 1 : 0) <= (want.length >= 6 ? 1 : 0)) return true;
    }
  return false;
}

/** Each line of `header` that prints one of a row's names, with that name (compact). */
const namings = (r: CatalogMerchant, header: string[]): Array<{ line: number; name: string }> =>
  header.flatMap((l, line) =>
    [r.razon_social, ...r.names].filter((n) => lineNames(l, n)).map((n) => ({ line, name: compact(n) })),
  );

/**
 * The rows a header names, less those named only inside another found row's longer name on the same line:
 * OXXO GAS prints OXXO, and is not a second chain; OXXO on a line of its own still is.
 */
function titled(header: string[]): CatalogMerchant[] {
  const found = rows.map((r) => ({ r, at: namings(r, header) })).filter((f) => f.at.length > 0);
  const inside = (a: { line: number; name: string }, self: CatalogMerchant): boolean =>
    found.some(
      (f) =>
        f.r !== self &&
        f.at.some((b) => b.line === a.line && b.name.length > a.name.length && b.name.includes(a.name)),
    );
  return found.filter((f) => !f.at.every((a) => inside(a, f.r))).map((f) => f.r);
}

const byRfc = new Map(rows.map((r) => [r.rfc, r]));
const byName = new Map(rows.map((r) => [compact(r.razon_social), r]));

export const merchantCatalog = {
  rows,
  byRfc: (rfc: string): CatalogMerchant | null => byRfc.get(rfc) ?? null,
  /** The row whose razón social is this name, separators and accents aside. */
  byRazonSocial: (name: string): CatalogMerchant | null => byName.get(compact(name)) ?? null,
  /**
   * The one row whose razón social or a printed name is on a line of `header` (null when none or several are; a
   * name only read inside another row's longer name on its line does not count).
   */
  byTitle: (header: string[]): CatalogMerchant | null => {
    const found = titled(header);
    return found.length === 1 ? (found[0] ?? null) : null;
  },
};
