import { rfcCheckDigit } from '../../src/catalogs/rfc.js';
import type { Clock } from '../../src/clock.js';
import type { Db } from '../../src/db/db.js';
import type { OrganizationsTable, ProfilesTable } from '../../src/db/schema.js';
import { createOrganization } from '../../src/organizations/organizations.service.js';
import { createApiKey } from '../../src/profiles/apikeys.service.js';
import { createProfile, type NewProfile } from '../../src/profiles/profiles.service.js';

let seq = 0;

/** A fresh, valid RFC each call: persona física (13 chars) by default, moral (12) on request. */
export function makeRfc(kind: 'fisica' | 'moral' = 'fisica'): string {
  seq += 1;
  const letters = kind === 'fisica' ? 'GOMA' : 'TST';
  const day = String((seq % 28) + 1).padStart(2, '0');
  const month = String((Math.floor(seq / 28) % 12) + 1).padStart(2, '0');
  const year = String(50 + (Math.floor(seq / 336) % 50)).padStart(2, '0');
  const base = `${letters}${year}${month}${day}A${String.fromCharCode(65 + (seq % 26))}`;
  return base + rfcCheckDigit(base);
}

/** A fresh, valid Mexican mobile number in E.164. */
export const makePhone = (): string => `+5255${String(10_000_000 + (++seq % 89_999_999)).padStart(8, '0')}`;

export interface SeededProfile {
  profile: ProfilesTable;
  key: string;
  /** `{ authorization: 'Bearer svc_...' }`, ready for app.request. */
  auth: { authorization: string };
}

type SeedDeps = { db: Db; clock: Clock };

/** A profile with complete tax information (612 + G03 for física, 601 + G03 for moral) and an API key. */
export async function seedProfile(deps: SeedDeps, over: Partial<NewProfile> = {}): Promise<SeededProfile> {
  const rfc = over.rfc ?? makeRfc();
  const n = ++seq;
  const moral = rfc.length === 12;
  const profile = await createProfile(deps, {
    rfc,
    name: `Perfil ${n}`,
    email: `perfil${n}@example.com`,
    phone_number: makePhone(),
    credits: 5,
    ...over,
    tax_info: {
      taxpayer: `CONTRIBUYENTE ${n}`,
      street: 'Av. Reforma',
      ext_num: '100',
      neighborhood: 'Juárez',
      city: 'Ciudad de México',
      state: 'CDMX',
      country: 'MEX',
      postal_code: '06600',
      fiscal_regimen: moral ? '601' : '612',
      cfdi_use: 'G03',
      ...over.tax_info,
    },
  });
  const key = await createApiKey(deps.db, deps.clock, profile.id);
  return { profile, key, auth: { authorization: `Bearer ${key}` } };
}

export interface SeededOrg {
  org: OrganizationsTable;
  admin: SeededProfile;
  member: SeededProfile;
}

/** An organization (credits, flags) with one admin and one member, each with tax info and an API key. */
export async function seedOrgWithAdmin(
  deps: SeedDeps,
  opts: { credits?: number; flags?: Record<string, boolean>; name?: string } = {},
): Promise<SeededOrg> {
  const org = await createOrganization(deps, {
    name: opts.name ?? `Org ${++seq}`,
    description: 'Test organization',
    feature_flags: opts.flags ?? {},
    credits: opts.credits ?? 10,
  });
  const admin = await seedProfile(deps, { org_id: org.id, is_admin: true });
  const member = await seedProfile(deps, { org_id: org.id });
  return { org, admin, member };
}

/** A body's field names, sorted: shape assertions compare these, whatever the order. */
export const keysOf = (o: unknown): string[] => Object.keys(o as object).sort();

/** The Profile shape's fields, sorted (REST long form and the CLI's profile). */
export const PROFILE_KEYS = [
  'created_at',
  'credits_remaining',
  'email',
  'id',
  'is_admin',
  'name',
  'org_id',
  'phone_number',
  'updated_at',
];

/** The Organization shape's fields, sorted (the CLI adds credits_remaining). */
export const ORGANIZATION_KEYS = ['created_at', 'description', 'feature_flags', 'id', 'name', 'updated_at'];

interface Requester {
  request(path: string, init?: RequestInit): Response | Promise<Response>;
}

/** JSON request through app.request: `const res = await call(app, 'PATCH', path, auth, body)`. */
export async function call(
  app: Requester,
  method: string,
  path: string,
  auth?: { authorization: string },
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const headers: Record<string, string> = { ...auth };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await app.request(path, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    headers: res.headers,
  };
}
