import type { z } from '@hono/zod-openapi';
import type { ProfilesTable, TaxInfoTable } from '../db/schema.js';
import type { ProfileSchema, ShortProfileSchema, TaxInfoSchema } from './profiles.schemas.js';

/** Response shapes are the route schemas'; the field order (the interface document's) is the one written below. */
type ProfileView = z.infer<typeof ProfileSchema>;
type ShortProfileView = z.infer<typeof ShortProfileSchema>;
type TaxInfoView = z.infer<typeof TaxInfoSchema>;

/** The fields that open the short profile and the member shapes (profileContactFields). */
export const toProfileContact = (p: ProfilesTable) => ({
  id: p.id,
  name: p.name,
  email: p.email,
  phone_number: p.phone_number,
  tax_id: p.rfc,
});

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
  ...toProfileContact(p),
  org_id: p.org_id,
  credits_remaining: p.credits_remaining,
});

/** GET/PATCH /api/profile/{rfc}/tax-info: the update names, so GET and PATCH round-trip (docs/decisions.md §3b). */
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
