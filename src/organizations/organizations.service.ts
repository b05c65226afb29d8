import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.js';
import { initialCredits } from '../credits/credits.service.js';
import type { Db, DbOrTrx } from '../db/db.js';
import type { OrganizationsTable, ProfilesTable } from '../db/schema.js';
import { conflict, notFound, validationError } from '../errors.js';
import { validCredits, validName } from '../profiles/profiles.validate.js';
import { parseFlags } from './organizations.presenters.js';

type OrgDeps = { db: Db; clock: Clock };

/** Feature flags are free-form snake_case names (docs/decisions.md §3b). */
const FLAG_NAME_RE = /^[a-z][a-z0-9_]{0,63}$/;

export interface NewOrganization {
  name: string;
  description?: string | null;
  feature_flags?: Record<string, boolean>;
  credits?: number;
}

function checkFlags(flags: Record<string, boolean>): void {
  for (const name of Object.keys(flags)) {
    if (!FLAG_NAME_RE.test(name)) {
      const message = `Feature flag "${name}" is not a snake_case name`;
      throw validationError(message, [{ path: `feature_flags.${name}`, message }]);
    }
  }
}

export const getOrganization = (db: DbOrTrx, orgId: string): Promise<OrganizationsTable | undefined> =>
  db.selectFrom('organizations').selectAll().where('id', '=', orgId).executeTakeFirst();

export async function createOrganization(deps: OrgDeps, input: NewOrganization): Promise<OrganizationsTable> {
  const name = validName(input.name);
  const flags = input.feature_flags ?? {};
  checkFlags(flags);
  const credits = validCredits(input.credits);
  const now = deps.clock.now().toISOString();
  const row: OrganizationsTable = {
    id: randomUUID(),
    name,
    description: input.description?.trim() ?? '',
    feature_flags: JSON.stringify(flags),
    credits_remaining: 0,
    created_at: now,
    updated_at: now,
  };
  // The organization exists with its initial credits or not at all.
  await deps.db.transaction().execute(async (trx) => {
    await trx.insertInto('organizations').values(row).execute();
    row.credits_remaining = await initialCredits(trx, deps.clock, { type: 'org', id: row.id }, credits);
  });
  return row;
}

/** Merges the given flags into the organization's (a flag set to false stays, as false). */
export async function setFlags(
  deps: OrgDeps,
  orgId: string,
  flags: Record<string, boolean>,
): Promise<OrganizationsTable> {
  checkFlags(flags);
  return deps.db.transaction().execute(async (trx) => {
    const org = await getOrganization(trx, orgId);
    if (!org) throw notFound('Organization');
    const merged = { ...parseFlags(org.feature_flags), ...flags };
    const updated = { feature_flags: JSON.stringify(merged), updated_at: deps.clock.now().toISOString() };
    await trx.updateTable('organizations').set(updated).where('id', '=', orgId).execute();
    return { ...org, ...updated };
  });
}

export async function orgHasFlag(db: DbOrTrx, orgId: string, flag: string): Promise<boolean> {
  const org = await getOrganization(db, orgId);
  return org ? parseFlags(org.feature_flags)[flag] === true : false;
}

/** Invoices per member made within this organization (first member shape's invoice_count). */
export async function invoiceCountsByMember(db: DbOrTrx, orgId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('invoices')
    .select(['profile_id', (eb) => eb.fn.countAll<number | string | bigint>().as('n')])
    .where('org_id', '=', orgId)
    .groupBy('profile_id')
    .execute();
  return new Map(rows.map((r) => [r.profile_id, Number(r.n)]));
}

/**
 * Ends a membership: the profile stays (with its invoices and own credits), only the link to the
 * organization and the admin role go. The last admin cannot be removed (Conflict).
 */
export async function removeMember(deps: OrgDeps, orgId: string, profileId: string): Promise<ProfilesTable> {
  return deps.db.transaction().execute(async (trx) => {
    const member = await trx
      .selectFrom('profiles')
      .selectAll()
      .where('id', '=', profileId)
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    if (!member) throw notFound('Member');
    if (member.is_admin === 1) {
      const admins = await trx
        .selectFrom('profiles')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
        .where('org_id', '=', orgId)
        .where('is_admin', '=', 1)
        .executeTakeFirstOrThrow();
      if (Number(admins.n) <= 1) throw conflict('Cannot remove the last admin of the organization');
    }
    const now = deps.clock.now().toISOString();
    await trx
      .updateTable('profiles')
      .set({ org_id: null, is_admin: 0, updated_at: now })
      .where('id', '=', profileId)
      .execute();
    return { ...member, org_id: null, is_admin: 0, updated_at: now };
  });
}
