import type { ProfilesTable } from '../db/schema.js';
import { forbidden, notFound } from '../errors.js';

/**
 * Authorization rules of docs/decisions.md §4. Own organization but not allowed: Forbidden. Another
 * organization's resource or an unknown one: NotFound, so existence is never revealed.
 */
type Caller = Pick<ProfilesTable, 'id' | 'org_id' | 'is_admin'>;

/** Organization reads: any member. */
export function requireOrgMember(caller: Caller, orgId: string): void {
  if (caller.org_id !== orgId) throw notFound('Organization');
}

/** Member lists, member changes, the org balance, other members' invoices: admins only. */
export function requireOrgAdmin(caller: Caller, orgId: string): void {
  requireOrgMember(caller, orgId);
  if (caller.is_admin !== 1) throw forbidden('Only an admin of the organization may do this');
}

/** A profile may read/update itself; an org admin also the members of its organization. */
export function requireProfileAccess(caller: Caller, target: ProfilesTable | undefined): ProfilesTable {
  if (!target) throw notFound('Profile');
  if (target.id === caller.id) return target;
  if (caller.org_id && target.org_id === caller.org_id) {
    if (caller.is_admin === 1) return target;
    throw forbidden('Only an admin of the organization may access other members');
  }
  throw notFound('Profile');
}

/** A member of orgId as seen by an admin of orgId (404 when it is not a member). */
export function requireMemberOf(orgId: string, target: ProfilesTable | undefined): ProfilesTable {
  if (!target || target.org_id !== orgId) throw notFound('Member');
  return target;
}
