import { z } from 'zod';
import { isGenericRfc, isValidRfc, normalizeRfc, type RfcKind, rfcKind } from '../catalogs/rfc.js';
import { taxCodesProblem } from '../catalogs/sat.catalogs.js';
import type { DbOrTrx } from '../db/db.js';
import type { TaxInfoTable } from '../db/schema.js';
import { conflict, validationError } from '../errors.js';
import { normalizePhone } from './phone.js';

/**
 * The RFC a profile may hold: a real taxpayer's. The generic RFCs stand for "público en general" and foreigners on
 * an invoice; as a profile anyone could take one and shut everyone else out of it.
 */
export function validProfileRfc(input: string, path = 'rfc'): string {
  const rfc = validRfc(input, path);
  if (isGenericRfc(rfc)) {
    throw invalid(path, `${path} is a generic RFC (${rfc}); a profile needs the taxpayer's own RFC`);
  }
  return rfc;
}

/** Checks shared by the REST routes, the CLI and the bots: each names the field it rejects. */
const invalid = (path: string, message: string) => validationError(message, [{ path, message }]);

/** Names of profiles and organizations: trimmed, never empty. */
export function validName(input: string, path = 'name'): string {
  const name = input.trim();
  if (!name) throw validationError(`${path} must not be empty`, [{ path, message: 'required' }]);
  return name;
}

/** Initial credits given at creation, granted through the ledger. */
export function validCredits(input: number | undefined, path = 'credits'): number {
  const credits = input ?? 0;
  if (!Number.isInteger(credits) || credits < 0) {
    throw validationError(`${path} must be a non-negative integer`, [{ path, message: 'invalid' }]);
  }
  return credits;
}

export function validRfc(input: string, path = 'rfc'): string {
  const rfc = normalizeRfc(input);
  if (!isValidRfc(rfc)) {
    throw invalid(path, `${path} is not a valid RFC (12 characters for a persona moral, 13 for a física)`);
  }
  return rfc;
}

const emailSchema = z.email();
export function validEmail(input: string, path = 'email'): string {
  const email = input.trim().toLowerCase();
  if (!emailSchema.safeParse(email).success) throw invalid(path, `${path} is not a valid email address`);
  return email;
}

export function validPhone(input: string, path = 'phone_number'): string {
  try {
    return normalizePhone(input);
  } catch {
    throw invalid(path, `${path} is not a valid phone number (include the country code, e.g. +52...)`);
  }
}

/** Five digits; the first two name the state (01-99), so no Mexican postal code starts with 00. */
export const POSTAL_CODE_RE = /^(?!00)\d{5}$/;

export function validPostalCode(input: string, path = 'postal_code'): string {
  const cp = input.trim();
  if (!POSTAL_CODE_RE.test(cp)) throw invalid(path, `${path} must be a 5-digit Mexican postal code`);
  return cp;
}

/** Regime and CFDI use of a receptor, checked together against SAT's catalogs. */
export function checkTaxCodes(
  rfc: string,
  codes: { regimen?: string | null; uso?: string | null },
  paths: { regimen: string; uso: string },
): void {
  const kind: RfcKind = rfcKind(rfc);
  const problem = taxCodesProblem({ ...codes, kind, generic: isGenericRfc(rfc) });
  if (problem) throw invalid(paths[problem.field], problem.message);
}

type Unique = 'rfc' | 'email' | 'phone_number';

/** 409 when another profile already holds the RFC, email or phone (docs/decisions.md §4). */
export async function assertUnique(
  db: DbOrTrx,
  values: Partial<Record<Unique, string | null>>,
  exceptProfileId?: string,
): Promise<void> {
  for (const field of ['rfc', 'email', 'phone_number'] as const) {
    const value = values[field];
    if (!value) continue;
    let q = db.selectFrom('profiles').select('id').where(field, '=', value);
    if (exceptProfileId) q = q.where('id', '<>', exceptProfileId);
    if (await q.executeTakeFirst()) {
      throw conflict(
        `A profile with this ${field === 'rfc' ? 'RFC' : field.replace('_', ' ')} already exists`,
      );
    }
  }
}

/** A unique-index violation that slipped past assertUnique (two concurrent creations) is still a 409. */
export function uniqueViolationToConflict(err: unknown): never {
  const msg = String((err as { message?: string }).message ?? '');
  const code = String((err as { code?: string }).code ?? '');
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505' || /UNIQUE constraint/i.test(msg)) {
    throw conflict('A profile with this RFC, email or phone number already exists');
  }
  throw err;
}

/** Tax information as stored, without its keys. */
export type TaxFields = Omit<TaxInfoTable, 'profile_id' | 'updated_at'>;
export type TaxInfoInput = Partial<TaxFields>;

const TAX_FIELDS = [
  'taxpayer',
  'street',
  'ext_num',
  'neighborhood',
  'city',
  'state',
  'country',
  'postal_code',
  'fiscal_regimen',
  'cfdi_use',
] as const satisfies readonly (keyof TaxFields)[];

/** No tax information yet: every field null. */
export const blankTaxFields = (): TaxFields =>
  Object.fromEntries(TAX_FIELDS.map((f) => [f, null])) as TaxFields;

/** Tax information as given at creation: trimmed, empty → null, codes upper-case and checked together. */
export function cleanTaxInfo(rfc: string, input: TaxInfoInput = {}): TaxFields {
  const out = Object.fromEntries(
    TAX_FIELDS.map((f) => [f, input[f]?.trim() ? input[f].trim() : null]),
  ) as TaxFields;
  if (out.postal_code) out.postal_code = validPostalCode(out.postal_code, 'tax_info.postal_code');
  if (out.fiscal_regimen) out.fiscal_regimen = out.fiscal_regimen.toUpperCase();
  if (out.cfdi_use) out.cfdi_use = out.cfdi_use.toUpperCase();
  checkTaxCodes(
    rfc,
    { regimen: out.fiscal_regimen, uso: out.cfdi_use },
    { regimen: 'tax_info.fiscal_regimen', uso: 'tax_info.cfdi_use' },
  );
  return out;
}
