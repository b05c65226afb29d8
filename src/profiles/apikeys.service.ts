import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { CompiledQuery, InferResult } from 'kysely';
import type { Clock } from '../clock.js';
import type { Db, DbOrTrx } from '../db/db.js';
import type { ProfilesTable } from '../db/schema.js';

export const API_KEY_PREFIX = 'svc_';

/** Keys are stored only as SHA-256: they carry 192 random bits, so a slow KDF would add nothing. */
export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export async function createApiKey(
  db: DbOrTrx,
  clock: Clock,
  profileId: string,
  source: 'api' | 'chat' = 'api',
): Promise<string> {
  const key = API_KEY_PREFIX + randomBytes(24).toString('base64url');
  await db
    .insertInto('api_keys')
    .values({
      id: randomUUID(),
      profile_id: profileId,
      key_hash: hashApiKey(key),
      key_prefix: key.slice(0, 8),
      created_at: clock.now().toISOString(),
      last_used_at: null,
      revoked_at: null,
      source,
    })
    .execute();
  return key;
}

export async function revokeApiKeys(
  db: DbOrTrx,
  clock: Clock,
  profileId: string,
  only?: 'chat',
): Promise<number> {
  let q = db
    .updateTable('api_keys')
    .set({ revoked_at: clock.now().toISOString() })
    .where('profile_id', '=', profileId)
    .where('revoked_at', 'is', null);
  if (only) q = q.where('source', '=', only);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/**
 * The operator's switch on minting keys from chat: revoke-keys turns it off, so a stolen phone or chat cannot
 * mint a fresh key right after the operator revoked them; allow-chat-keys turns it back on.
 */
export async function setChatKeysBlocked(db: DbOrTrx, clock: Clock, profileId: string, blocked: boolean) {
  await db
    .updateTable('profiles')
    .set({ chat_keys_blocked: blocked ? 1 : 0, updated_at: clock.now().toISOString() })
    .where('id', '=', profileId)
    .execute();
}

const keyLookup = (db: Db, keyHash: string) =>
  db
    .selectFrom('api_keys')
    .innerJoin('profiles', 'profiles.id', 'api_keys.profile_id')
    .selectAll('profiles')
    .select(['api_keys.id as key_id', 'api_keys.last_used_at'])
    .where('api_keys.key_hash', '=', keyHash)
    .where('api_keys.revoked_at', 'is', null);

type KeyRow = InferResult<ReturnType<typeof keyLookup>>[number];
const compiledLookup = new WeakMap<Db, CompiledQuery<KeyRow>>();

/**
 * Runs on every API request. Building and compiling the query with kysely costs twice as much as running
 * it, so it is compiled once per database (in that database's dialect) and only the parameter changes.
 */
async function findKeyRow(db: Db, keyHash: string): Promise<KeyRow | undefined> {
  let compiled = compiledLookup.get(db);
  if (!compiled) {
    compiled = keyLookup(db, keyHash).compile();
    if (compiled.parameters.length !== 1) throw new Error('key lookup must have exactly one parameter');
    compiledLookup.set(db, compiled);
  }
  const res = await db.executeQuery<KeyRow>({ ...compiled, parameters: [keyHash] });
  return res.rows[0];
}

/** The profile a presented key acts as, or undefined for an unknown or revoked key. */
export async function profileForApiKey(
  db: Db,
  clock: Clock,
  key: string,
): Promise<{ profile: ProfilesTable; keyId: string } | undefined> {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) return undefined;
  const row = await findKeyRow(db, hashApiKey(key));
  if (!row) return undefined;
  const { key_id, last_used_at, ...profile } = row;
  // last_used_at is advisory: write it at most once a minute so hot keys do not turn reads into writes.
  const now = clock.now();
  if (!last_used_at || now.getTime() - Date.parse(last_used_at) > 60_000) {
    await db
      .updateTable('api_keys')
      .set({ last_used_at: now.toISOString() })
      .where('id', '=', key_id)
      .execute();
  }
  return { profile, keyId: key_id };
}
