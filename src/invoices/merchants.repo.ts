import { merchantCatalog } from '../catalogs/merchants.catalog.js';
import { isValidRfc, normalizeRfc } from '../catalogs/rfc.js';
import { hasRegimenSocietario, type MerchantInfo } from '../cfdi/emisor.js';
import type { DbOrTrx } from '../db/db.js';
import type { AccountType } from '../db/schema.js';
import type { ReceiptFields } from '../receipts/receipt.types.js';

/**
 * The merchant directory: the curated catalog (shared by everyone), then what the payer's own completed invoices
 * taught. A learned entry is used once two invoices agreed on its name and no later one disputed it; one payer's
 * tickets never reach another payer's CFDI.
 */
export type Tenant = `${AccountType}:${string}`;

/** The payer an invoice belongs to: the account it is charged to (a profile, or an organization). */
export const tenantOf = (inv: { charged_account_type: AccountType; charged_account_id: string }): Tenant =>
  `${inv.charged_account_type}:${inv.charged_account_id}`;

/** Agreeing invoices before a learned entry is used. */
export const CONFIRMATIONS = 2;

const sameName = (a: string, b: string): boolean =>
  a.toUpperCase().replace(/[^A-Z0-9Ñ&]/g, '') === b.toUpperCase().replace(/[^A-Z0-9Ñ&]/g, '');

export async function findMerchant(
  db: DbOrTrx,
  tenant: Tenant,
  rfc: string | null,
): Promise<MerchantInfo | null> {
  if (!rfc) return null;
  const known = merchantCatalog.byRfc(normalizeRfc(rfc));
  if (known) return { name: known.razon_social, regimen_fiscal: known.regimen_fiscal, postal_code: null };
  const row = await db
    .selectFrom('learned_merchants')
    .select(['name', 'regimen_fiscal', 'postal_code'])
    .where('tenant', '=', tenant)
    .where('rfc', '=', normalizeRfc(rfc))
    .where('confirmations', '>=', CONFIRMATIONS)
    .where('disputed_name', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * The RFC of a company known by exactly this razón social, for a ticket whose RFC could not be read: the
 * catalog's, else the payer's own confirmed entry. A razón social belongs to one legal entity; a person's name
 * does not (namesakes), so only names with a company type are looked up. Null unless exactly one RFC is known.
 */
export async function findMerchantRfcByName(
  db: DbOrTrx,
  tenant: Tenant,
  razonSocial: string | null,
): Promise<string | null> {
  if (!razonSocial || !hasRegimenSocietario(razonSocial)) return null;
  const known = merchantCatalog.byRazonSocial(razonSocial);
  if (known) return known.rfc;
  const rows = await db
    .selectFrom('learned_merchants')
    .select('rfc')
    .where('tenant', '=', tenant)
    .where('name', '=', razonSocial)
    .where('confirmations', '>=', CONFIRMATIONS)
    .where('disputed_name', 'is', null)
    .limit(2)
    .execute();
  return rows.length === 1 ? (rows[0]?.rfc ?? null) : null;
}

/**
 * Records what a completed invoice of `tenant` showed. The same name again confirms the entry and fills what it
 * lacked; another name never replaces a known one: it is kept as `disputed_name` and the entry is no longer
 * used. A value the ticket lacks never erases a known one.
 */
export async function learnMerchant(
  db: DbOrTrx,
  tenant: Tenant,
  receipt: ReceiptFields,
  now: string,
): Promise<void> {
  if (!receipt.vendor_rfc || !receipt.vendor_name) return;
  const rfc = normalizeRfc(receipt.vendor_rfc);
  if (!isValidRfc(rfc) || merchantCatalog.byRfc(rfc)) return;
  const where = { tenant, rfc };
  const known = await db
    .selectFrom('learned_merchants')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('rfc', '=', rfc)
    .executeTakeFirst();
  const filled = {
    store_name: known?.store_name ?? receipt.vendor_store_name ?? null,
    regimen_fiscal: known?.regimen_fiscal ?? receipt.regimen_fiscal ?? null,
    postal_code: known?.postal_code ?? receipt.postal_code ?? null,
    updated_at: now,
  };
  if (!known) {
    // A concurrent job (PostgreSQL runs them in parallel) may have inserted it since the read: its row stands.
    await db
      .insertInto('learned_merchants')
      .values({ ...where, name: receipt.vendor_name, confirmations: 1, disputed_name: null, ...filled })
      .onConflict((oc) => oc.columns(['tenant', 'rfc']).doNothing())
      .execute();
    return;
  }
  const agrees = sameName(known.name, receipt.vendor_name);
  await db
    .updateTable('learned_merchants')
    .set(
      agrees
        ? { ...filled, confirmations: known.confirmations + 1 }
        : { disputed_name: known.disputed_name ?? receipt.vendor_name, updated_at: now },
    )
    .where('tenant', '=', tenant)
    .where('rfc', '=', rfc)
    .execute();
}
