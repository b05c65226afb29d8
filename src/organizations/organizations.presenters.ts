import type { OrganizationsTable, ProfilesTable } from '../db/schema.js';
import { toProfileContact } from '../profiles/profiles.presenters.js';

export interface OrganizationView {
  id: string;
  name: string;
  description: string;
  created_at: string;
  updated_at: string;
  feature_flags: Record<string, boolean>;
}

export function parseFlags(json: string): Record<string, boolean> {
  try {
    const v = JSON.parse(json) as unknown;
    if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
    return Object.fromEntries(Object.entries(v).map(([k, b]) => [k, b === true]));
  } catch {
    return {};
  }
}

export const toOrganization = (o: OrganizationsTable): OrganizationView => ({
  id: o.id,
  name: o.name,
  description: o.description,
  created_at: o.created_at,
  updated_at: o.updated_at,
  feature_flags: parseFlags(o.feature_flags),
});

/** The CLI's organization: the Organization shape plus its balance (docs/decisions.md §3). */
export const toOrganizationWithCredits = (o: OrganizationsTable) => ({
  ...toOrganization(o),
  credits_remaining: o.credits_remaining,
});

/** GET /api/svc/organization-members (first member shape). */
export const toMemberSummary = (p: ProfilesTable, invoiceCount: number) => ({
  id: p.id,
  name: p.name,
  email: p.email,
  tax_id: p.rfc,
  is_admin: p.is_admin === 1,
  invoice_count: invoiceCount,
});

/** GET /api/organizations/{org_id}/members (second member shape). */
export const toMemberListItem = (p: ProfilesTable) => ({
  ...toProfileContact(p),
  is_admin: p.is_admin === 1,
  created_at: p.created_at,
});

/** PATCH /api/organizations/{org_id}/members/{rfc} (third member shape). */
export const toMemberDetail = (p: ProfilesTable) => ({
  ...toProfileContact(p),
  org_id: p.org_id,
  is_admin: p.is_admin === 1,
  credits_remaining: p.credits_remaining,
  created_at: p.created_at,
  updated_at: p.updated_at,
});
