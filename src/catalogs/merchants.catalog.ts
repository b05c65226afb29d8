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

const compact = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9Ñ&]/g, '');

const byRfc = new Map(rows.map((r) => [r.rfc, r]));
const byName = new Map(rows.map((r) => [compact(r.razon_social), r]));

export const merchantCatalog = {
  rows,
  byRfc: (rfc: string): CatalogMerchant | null => byRfc.get(rfc) ?? null,
  /** The row whose razón social is this name, separators and accents aside. */
  byRazonSocial: (name: string): CatalogMerchant | null => byName.get(compact(name)) ?? null,
};
