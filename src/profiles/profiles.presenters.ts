import type { ProfilesTable, TaxInfoTable } from '../db/schema.js';

/** Response shapes of the interface document: exactly these fields, in this order. */
export interface ProfileView {
  id: string;
  name: string;
  email: string | null;
  phone_number: string | null;
  org_id: string | null;
  created_at: string;
  updated_at: string;
  is_admin: boolean;
  credits_remaining: number;
}

export interface ShortProfileView {
  id: string;
  name: string;
  email: string | null;
  phone_number: string | null;
  tax_id: string;
  org_id: string | null;
  credits_remaining: number;
}

export interface TaxInfoView {
  tax_id: string;
  taxpayer: string | null;
  street: string | null;
  ext_num: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  postal_code: string | null;
  invoice_fiscal_regimen: string | null;
  invoice_cfdi_use: string | null;
}

/** Long form (GET/PATCH /api/profile/{rfc}). */
export const toProfile = (p: ProfilesTable): ProfileView => ({
  id: p.id,
  name: p.name,
  email: p.email,
  phone_number: p.phone_number,
  org_id: p.org_id,
  created_at: p.created_at,
  updated_at: p.updated_at,
  is_admin: p.is_admin === 1,
  credits_remaining: p.credits_remaining,
});

/** Short form (GET /api/svc/get-profile): no timestamps, no is_admin. */
export const toShortProfile = (p: ProfilesTable): ShortProfileView => ({
  id: p.id,
  name: p.name,
  email: p.email,
  phone_number: p.phone_number,
  tax_id: p.rfc,
  org_id: p.org_id,
  credits_remaining: p.credits_remaining,
});

/** GET/PATCH /api/profile/{rfc}/tax-info: the update names, so GET and PATCH round-trip (decisions.md §3b). */
export const toTaxInfo = (rfc: string, t: TaxInfoTable | undefined): TaxInfoView => ({
  tax_id: rfc,
  taxpayer: t?.taxpayer ?? null,
  street: t?.street ?? null,
  ext_num: t?.ext_num ?? null,
  neighborhood: t?.neighborhood ?? null,
  city: t?.city ?? null,
  state: t?.state ?? null,
  country: t?.country ?? null,
  postal_code: t?.postal_code ?? null,
  invoice_fiscal_regimen: t?.fiscal_regimen ?? null,
  invoice_cfdi_use: t?.cfdi_use ?? null,
});
