import type { ParseArgsConfig } from 'node:util';
import type { Clock } from '../clock.js';
import type { Db } from '../db/db.js';
import { notFound, validationError } from '../errors.js';
import { toOrganizationWithCredits } from '../organizations/organizations.presenters.js';
import { getOrganization } from '../organizations/organizations.service.js';
import { toProfile } from '../profiles/profiles.presenters.js';
import { findProfileByRfc } from '../profiles/profiles.repo.js';

/** Shared pieces of the operator commands: option parsing helpers, lookups, output. */
export type Values = Record<string, string | boolean | undefined>;
export interface CliDeps {
  db: Db;
  clock: Clock;
}
export interface Result {
  json: Record<string, unknown>;
  text: string;
}
export interface Command {
  usage: string;
  options: NonNullable<ParseArgsConfig['options']>;
  positionals?: boolean;
  run(deps: CliDeps, v: Values, positionals: string[]): Promise<Result>;
}

export const str = { type: 'string' } as const;
export const flag = { type: 'boolean' } as const;

export function required(v: Values, name: string): string {
  const value = v[name];
  if (typeof value !== 'string' || value.trim() === '') {
    throw validationError(`--${name} is required`, [{ path: name, message: 'required' }]);
  }
  return value;
}

/** A string option that may be left out. */
export const optional = (v: Values, name: string): string | undefined =>
  typeof v[name] === 'string' ? v[name] : undefined;

export function integer(v: Values, name: string): number | undefined {
  const value = v[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^-?\d+$/.test(value.trim())) {
    throw validationError(`--${name} must be an integer`, [{ path: name, message: 'not an integer' }]);
  }
  return Number(value);
}

export async function profileByRfc(deps: CliDeps, v: Values) {
  const profile = await findProfileByRfc(deps.db, required(v, 'rfc'));
  if (!profile) throw notFound('Profile');
  return profile;
}

export async function orgById(deps: CliDeps, id: string) {
  const org = await getOrganization(deps.db, id);
  if (!org) throw notFound('Organization');
  return org;
}

export const orgResult = (org: Parameters<typeof toOrganizationWithCredits>[0], verb: string): Result => {
  const organization = toOrganizationWithCredits(org);
  const flags = Object.entries(organization.feature_flags).map(([k, b]) => `${k}=${b}`);
  return {
    json: { organization },
    text: `${verb} ${org.id} "${org.name}": ${org.credits_remaining} credits, flags: ${flags.join(' ') || '(none)'}`,
  };
};

export const profileResult = (p: Parameters<typeof toProfile>[0], verb: string): Result => ({
  json: { profile: toProfile(p) },
  text: `${verb} ${p.rfc} (${p.id}) "${p.name}": ${p.credits_remaining} credits${
    p.org_id ? `, ${p.is_admin ? 'admin' : 'member'} of ${p.org_id}` : ''
  }`,
});

/** `a=true b=false` → { a: true, b: false }. */
export function parseFlagAssignments(items: string[]): Record<string, boolean> {
  const flags: Record<string, boolean> = {};
  for (const item of items) {
    const m = /^([^=]+)=(true|false|on|off|1|0)$/i.exec(item.trim());
    if (!m?.[1] || !m[2]) {
      throw validationError(`"${item}" is not name=true or name=false`, [{ path: 'flags', message: item }]);
    }
    flags[m[1]] = ['true', 'on', '1'].includes(m[2].toLowerCase());
  }
  return flags;
}
