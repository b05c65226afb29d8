import type { ParseArgsConfig } from 'node:util';
import type { Clock } from '../clock.js';
import { grantCredits } from '../credits/credits.service.js';
import type { Db } from '../db/db.js';
import { notFound, validationError } from '../errors.js';
import { toOrganizationWithCredits } from '../organizations/organizations.presenters.js';
import { createOrganization, getOrganization, setFlags } from '../organizations/organizations.service.js';
import { createApiKey, revokeApiKeys } from '../profiles/apikeys.service.js';
import { toProfile } from '../profiles/profiles.presenters.js';
import { findProfileByRfc } from '../profiles/profiles.repo.js';
import { createProfile } from '../profiles/profiles.service.js';

/** Operator commands of decisions.md §3. Each calls the same services as the REST routes. */
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

const str = { type: 'string' } as const;
const flag = { type: 'boolean' } as const;

function required(v: Values, name: string): string {
  const value = v[name];
  if (typeof value !== 'string' || value.trim() === '') {
    throw validationError(`--${name} is required`, [{ path: name, message: 'required' }]);
  }
  return value;
}

function integer(v: Values, name: string): number | undefined {
  const value = v[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^-?\d+$/.test(value.trim())) {
    throw validationError(`--${name} must be an integer`, [{ path: name, message: 'not an integer' }]);
  }
  return Number(value);
}

async function profileByRfc(deps: CliDeps, v: Values) {
  const profile = await findProfileByRfc(deps.db, required(v, 'rfc'));
  if (!profile) throw notFound('Profile');
  return profile;
}

async function orgById(deps: CliDeps, id: string) {
  const org = await getOrganization(deps.db, id);
  if (!org) throw notFound('Organization');
  return org;
}

const orgResult = (org: Parameters<typeof toOrganizationWithCredits>[0], verb: string): Result => {
  const organization = toOrganizationWithCredits(org);
  const flags = Object.entries(organization.feature_flags).map(([k, b]) => `${k}=${b}`);
  return {
    json: { organization },
    text: `${verb} ${org.id} "${org.name}": ${org.credits_remaining} credits, flags: ${flags.join(' ') || '(none)'}`,
  };
};

const profileResult = (p: Parameters<typeof toProfile>[0], verb: string): Result => ({
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

export const COMMANDS: Record<string, Command> = {
  'create-org': {
    usage: 'create-org --name N [--description D] [--flags a,b] [--credits N]',
    options: { name: str, description: str, flags: str, credits: str },
    async run(deps, v) {
      const names =
        typeof v.flags === 'string'
          ? v.flags
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : [];
      const org = await createOrganization(deps, {
        name: required(v, 'name'),
        description: typeof v.description === 'string' ? v.description : '',
        feature_flags: Object.fromEntries(names.map((n) => [n, true])),
        credits: integer(v, 'credits') ?? 0,
      });
      return orgResult(org, 'Created organization');
    },
  },
  'create-profile': {
    usage:
      'create-profile --rfc R --name N --email E --phone P [--org ORG_ID] [--admin] [--credits N] [--taxpayer NAME] [--postal-code CP] [--regimen 612] [--cfdi-use G03]',
    options: {
      rfc: str,
      name: str,
      email: str,
      phone: str,
      org: str,
      admin: flag,
      credits: str,
      taxpayer: str,
      'postal-code': str,
      regimen: str,
      'cfdi-use': str,
    },
    async run(deps, v) {
      const name = required(v, 'name');
      if (v.admin === true && typeof v.org !== 'string') {
        throw validationError('--admin needs --org', [{ path: 'admin', message: 'needs --org' }]);
      }
      const opt = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : undefined);
      const profile = await createProfile(deps, {
        rfc: required(v, 'rfc'),
        name,
        email: required(v, 'email'),
        phone_number: required(v, 'phone'),
        org_id: opt('org') ?? null,
        is_admin: v.admin === true,
        credits: integer(v, 'credits') ?? 0,
        tax_info: {
          taxpayer: opt('taxpayer') ?? name,
          postal_code: opt('postal-code'),
          fiscal_regimen: opt('regimen'),
          cfdi_use: opt('cfdi-use'),
        },
      });
      return profileResult(profile, 'Created profile');
    },
  },
  'create-key': {
    usage: 'create-key --rfc R',
    options: { rfc: str },
    async run(deps, v) {
      const profile = await profileByRfc(deps, v);
      const key = await createApiKey(deps.db, deps.clock, profile.id);
      return {
        json: { api_key: key },
        text: `API key for ${profile.rfc} (shown once, store it now):\n${key}`,
      };
    },
  },
  'revoke-keys': {
    usage: 'revoke-keys --rfc R',
    options: { rfc: str },
    async run(deps, v) {
      const profile = await profileByRfc(deps, v);
      const revoked = await revokeApiKeys(deps.db, deps.clock, profile.id);
      return { json: { revoked }, text: `Revoked ${revoked} API key(s) of ${profile.rfc}` };
    },
  },
  'grant-credits': {
    usage: 'grant-credits (--rfc R | --org ORG_ID) --amount N [--reason TEXT]',
    options: { rfc: str, org: str, amount: str, reason: str },
    async run(deps, v) {
      if ((v.rfc === undefined) === (v.org === undefined)) {
        throw validationError('Give exactly one of --rfc or --org', [{ path: 'rfc', message: 'rfc or org' }]);
      }
      const amount = integer(v, 'amount');
      if (amount === undefined)
        throw validationError('--amount is required', [{ path: 'amount', message: 'required' }]);
      const account =
        v.org !== undefined
          ? { type: 'org' as const, id: (await orgById(deps, required(v, 'org'))).id }
          : { type: 'profile' as const, id: (await profileByRfc(deps, v)).id };
      const reason = typeof v.reason === 'string' ? v.reason : 'operator grant';
      const credits = await grantCredits(deps.db, deps.clock, account, amount, reason);
      return { json: { credits_remaining: credits }, text: `Credits remaining: ${credits}` };
    },
  },
  'set-flags': {
    usage: 'set-flags --org ORG_ID name=true other=false',
    options: { org: str },
    positionals: true,
    async run(deps, v, positionals) {
      if (positionals.length === 0) throw validationError('Give at least one flag: name=true|false');
      const org = await setFlags(deps, required(v, 'org'), parseFlagAssignments(positionals));
      return orgResult(org, 'Updated organization');
    },
  },
  'show-profile': {
    usage: 'show-profile --rfc R',
    options: { rfc: str },
    run: async (deps, v) => profileResult(await profileByRfc(deps, v), 'Profile'),
  },
  'show-org': {
    usage: 'show-org --org ORG_ID',
    options: { org: str },
    run: async (deps, v) => orgResult(await orgById(deps, required(v, 'org')), 'Organization'),
  },
};
