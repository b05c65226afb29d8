import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.js';
import { initialCredits } from '../credits/credits.service.js';
import type { Db, DbOrTrx } from '../db/db.js';
import type { ProfilesTable, TaxInfoTable } from '../db/schema.js';
import { notFound } from '../errors.js';
import { findProfileById, getTaxInfo, unlinkChats } from './profiles.repo.js';
import {
  assertUnique,
  blankTaxFields,
  checkTaxCodes,
  cleanTaxInfo,
  type TaxInfoInput,
  uniqueViolationToConflict,
  validCredits,
  validEmail,
  validName,
  validPhone,
  validPostalCode,
  validProfileRfc,
} from './profiles.validate.js';

type ProfileDeps = { db: Db; clock: Clock };

export interface NewProfile {
  rfc: string;
  name: string;
  email?: string | null;
  phone_number?: string | null;
  org_id?: string | null;
  is_admin?: boolean;
  credits?: number;
  tax_info?: TaxInfoInput;
  /** The number was proven from a chat or set by the operator (see chat linking); default: a claim. */
  phone_verified?: boolean;
  rfc_source?: 'chat' | 'api' | 'cli';
}

/**
 * Creates a profile with its tax information and its initial credits (a ledger grant) in one transaction.
 * Duplicate RFC, email or phone: Conflict.
 */
export async function createProfile(deps: ProfileDeps, input: NewProfile): Promise<ProfilesTable> {
  const credits = validCredits(input.credits);
  // The profile exists with its initial credits or not at all.
  return deps.db
    .transaction()
    .execute(async (trx) => {
      const row = await insertProfile(trx, deps.clock, input);
      row.credits_remaining = await initialCredits(trx, deps.clock, { type: 'profile', id: row.id }, credits);
      return row;
    })
    .catch(uniqueViolationToConflict);
}

/**
 * The profile and its tax information, written with the caller's transaction (no credits: grant them in the
 * same transaction with grantCreditsIn). Duplicate RFC, email or phone found up front: Conflict; one that
 * races past that check fails the insert, and the caller's transaction with it.
 */
export async function insertProfile(
  trx: DbOrTrx,
  clock: Clock,
  input: Omit<NewProfile, 'credits'>,
): Promise<ProfilesTable> {
  const rfc = validProfileRfc(input.rfc);
  const name = validName(input.name);
  const email = input.email ? validEmail(input.email) : null;
  const phone = input.phone_number ? validPhone(input.phone_number) : null;
  const tax = cleanTaxInfo(rfc, input.tax_info);
  const now = clock.now().toISOString();
  const row: ProfilesTable = {
    id: randomUUID(),
    rfc,
    name,
    email,
    phone_number: phone,
    org_id: input.org_id ?? null,
    is_admin: input.is_admin ? 1 : 0,
    credits_remaining: 0,
    created_at: now,
    updated_at: now,
    phone_verified: phone && input.phone_verified ? 1 : 0,
    rfc_source: input.rfc_source ?? 'api',
    constancia_issued_on: null,
    chat_keys_blocked: 0,
  };
  if (row.org_id) {
    const org = await trx
      .selectFrom('organizations')
      .select('id')
      .where('id', '=', row.org_id)
      .executeTakeFirst();
    if (!org) throw notFound('Organization');
  }
  await assertUnique(trx, { rfc, email, phone_number: phone });
  await trx.insertInto('profiles').values(row).execute();
  await trx
    .insertInto('tax_info')
    .values({ profile_id: row.id, ...tax, updated_at: now })
    .execute();
  return row;
}

export interface ProfilePatch {
  name?: string;
  email?: string | null;
  phone_number?: string | null;
}

export async function updateProfile(
  deps: ProfileDeps,
  profileId: string,
  patch: ProfilePatch,
): Promise<ProfilesTable> {
  const set: Partial<ProfilesTable> = {};
  if (patch.name !== undefined) set.name = validName(patch.name);
  if (patch.email !== undefined) set.email = patch.email ? validEmail(patch.email) : null;
  if (patch.phone_number !== undefined)
    set.phone_number = patch.phone_number ? validPhone(patch.phone_number) : null;
  await deps.db
    .transaction()
    .execute(async (trx) => {
      const current = await findProfileById(trx, profileId);
      if (!current) throw notFound('Profile');
      if (Object.keys(set).length === 0) return;
      await assertUnique(trx, { email: set.email, phone_number: set.phone_number }, profileId);
      if (set.phone_number !== undefined && set.phone_number !== current.phone_number) {
        // A number typed through the API is a claim until someone accepts it from a chat of that number, and
        // chats linked through the old number no longer speak for the profile.
        set.phone_verified = 0;
        await unlinkChats(trx, profileId);
      }
      await trx
        .updateTable('profiles')
        .set({ ...set, updated_at: deps.clock.now().toISOString() })
        .where('id', '=', profileId)
        .execute();
    })
    .catch(uniqueViolationToConflict);
  return (await findProfileById(deps.db, profileId))!;
}

export interface TaxInfoPatch {
  postal_code?: string;
  invoice_fiscal_regimen?: string;
  invoice_cfdi_use?: string;
  taxpayer?: string;
}

/** Applies the patch and checks regime/use compatibility against the resulting state, not the patch alone. */
export function updateTaxInfo(
  deps: ProfileDeps,
  profileId: string,
  patch: TaxInfoPatch,
): Promise<TaxInfoTable> {
  return deps.db.transaction().execute((trx) => updateTaxInfoIn(trx, deps.clock, profileId, patch));
}

/** updateTaxInfo with the caller's transaction. */
export async function updateTaxInfoIn(
  trx: DbOrTrx,
  clock: Clock,
  profileId: string,
  patch: TaxInfoPatch,
): Promise<TaxInfoTable> {
  const now = clock.now().toISOString();
  const profile = await findProfileById(trx, profileId);
  if (!profile) throw notFound('Profile');
  const current = await getTaxInfo(trx, profileId);
  const next: TaxInfoTable = {
    ...(current ?? { profile_id: profileId, ...blankTaxFields() }),
    updated_at: now,
  };
  if (patch.postal_code !== undefined) next.postal_code = validPostalCode(patch.postal_code);
  if (patch.taxpayer !== undefined) next.taxpayer = patch.taxpayer.trim() || null;
  if (patch.invoice_fiscal_regimen !== undefined)
    next.fiscal_regimen = patch.invoice_fiscal_regimen.trim().toUpperCase();
  if (patch.invoice_cfdi_use !== undefined) next.cfdi_use = patch.invoice_cfdi_use.trim().toUpperCase();
  checkTaxCodes(
    profile.rfc,
    { regimen: next.fiscal_regimen, uso: next.cfdi_use },
    {
      regimen: patch.invoice_fiscal_regimen !== undefined ? 'invoice_fiscal_regimen' : 'invoice_cfdi_use',
      uso: 'invoice_cfdi_use',
    },
  );
  if (current) {
    const { profile_id: _id, ...values } = next;
    await trx.updateTable('tax_info').set(values).where('profile_id', '=', profileId).execute();
  } else {
    await trx.insertInto('tax_info').values(next).execute();
  }
  return next;
}
