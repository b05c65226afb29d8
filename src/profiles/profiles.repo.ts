import { normalizeRfc } from '../catalogs/rfc.js';
import type { DbOrTrx } from '../db/db.js';
import type { ProfilesTable, TaxInfoTable } from '../db/schema.js';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string): boolean => UUID_RE.test(s);

export const findProfileByRfc = (db: DbOrTrx, rfc: string): Promise<ProfilesTable | undefined> =>
  db.selectFrom('profiles').selectAll().where('rfc', '=', normalizeRfc(rfc)).executeTakeFirst();

export const findProfileById = (db: DbOrTrx, id: string): Promise<ProfilesTable | undefined> =>
  db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirst();

/** Path segments that accept "RFC or profile UUID" (the interface allows both on some routes). */
export const findProfileByRfcOrId = (db: DbOrTrx, rfcOrUuid: string): Promise<ProfilesTable | undefined> =>
  isUuid(rfcOrUuid) ? findProfileById(db, rfcOrUuid.toLowerCase()) : findProfileByRfc(db, rfcOrUuid);

/** By normalized E.164 number (see phone.ts). */
export const findProfileByPhone = (db: DbOrTrx, e164: string): Promise<ProfilesTable | undefined> =>
  db.selectFrom('profiles').selectAll().where('phone_number', '=', e164).executeTakeFirst();

export const getTaxInfo = (db: DbOrTrx, profileId: string): Promise<TaxInfoTable | undefined> =>
  db.selectFrom('tax_info').selectAll().where('profile_id', '=', profileId).executeTakeFirst();

export const listOrgMembers = (db: DbOrTrx, orgId: string): Promise<ProfilesTable[]> =>
  db
    .selectFrom('profiles')
    .selectAll()
    .where('org_id', '=', orgId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/** Forgets every chat linked to the profile (its conversations too): the next message starts afresh. */
export async function unlinkChats(db: DbOrTrx, profileId: string): Promise<void> {
  const chats = await db
    .selectFrom('chat_identities')
    .select(['channel', 'external_id'])
    .where('profile_id', '=', profileId)
    .execute();
  for (const c of chats) {
    await db
      .deleteFrom('conversations')
      .where('channel', '=', c.channel)
      .where('external_id', '=', c.external_id)
      .execute();
  }
  await db.deleteFrom('chat_identities').where('profile_id', '=', profileId).execute();
}
