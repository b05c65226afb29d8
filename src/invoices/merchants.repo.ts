import { isValidRfc, normalizeRfc } from '../catalogs/rfc.js';
import { hasRegimenSocietario, type MerchantInfo } from '../cfdi/emisor.js';
import type { DbOrTrx } from '../db/db.js';
import type { ReceiptFields } from '../receipts/receipt.types.js';

/** The merchant directory: what earlier tickets (or the operator) taught us about an RFC. */
export async function findMerchant(db: DbOrTrx, rfc: string | null): Promise<MerchantInfo | null> {
  if (!rfc) return null;
  const row = await db
    .selectFrom('merchants')
    .select(['name', 'regimen_fiscal', 'postal_code'])
    .where('rfc', '=', normalizeRfc(rfc))
    .executeTakeFirst();
  return row ?? null;
}

/**
 * The RFC of a company the directory knows by exactly this razón social, for a ticket whose RFC could not be
 * read. A razón social belongs to one legal entity and so to one RFC; a person's name does not (namesakes), so
 * only names with a company type (SA DE CV, S. DE R.L., S.C. …) are looked up. Null unless exactly one RFC is
 * known under the name (two would mean an earlier misreading: no guess).
 */
export async function findMerchantRfcByName(db: DbOrTrx, razonSocial: string | null): Promise<string | null> {
  if (!razonSocial || !hasRegimenSocietario(razonSocial)) return null;
  const rows = await db
    .selectFrom('merchants')
    .select('rfc')
    .where('name', '=', razonSocial)
    .limit(2)
    .execute();
  return rows.length === 1 ? (rows[0]?.rfc ?? null) : null;
}

/**
 * Records what a successfully invoiced ticket showed. A value the ticket lacks never erases a known one:
 * tickets of the same chain differ in what they print.
 */
export async function learnMerchant(db: DbOrTrx, receipt: ReceiptFields, now: string): Promise<void> {
  if (!receipt.vendor_rfc || !receipt.vendor_name) return;
  const rfc = normalizeRfc(receipt.vendor_rfc);
  if (!isValidRfc(rfc)) return;
  const known = await db.selectFrom('merchants').selectAll().where('rfc', '=', rfc).executeTakeFirst();
  const next = {
    name: receipt.vendor_name,
    store_name: receipt.vendor_store_name ?? known?.store_name ?? null,
    regimen_fiscal: receipt.regimen_fiscal ?? known?.regimen_fiscal ?? null,
    postal_code: receipt.postal_code ?? known?.postal_code ?? null,
    updated_at: now,
  };
  if (known) await db.updateTable('merchants').set(next).where('rfc', '=', rfc).execute();
  // A concurrent job (PostgreSQL runs them in parallel) may have inserted this merchant since the read
  // above: its row stands, rather than a duplicate key rolling back the invoice's completion.
  else
    await db
      .insertInto('merchants')
      .values({ rfc, ...next })
      .onConflict((oc) => oc.column('rfc').doNothing())
      .execute();
}
