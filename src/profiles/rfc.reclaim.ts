import type { Clock } from '../clock.js';
import type { DbOrTrx } from '../db/db.js';
import type { ProfilesTable } from '../db/schema.js';

/**
 * An RFC typed in a chat sign-up proves nothing; a Constancia does. When the RFC's owner shows one, a profile
 * that registered the RFC from chat and never backed it with a Constancia gives it up.
 */
export const isReclaimable = (p: ProfilesTable): boolean =>
  p.rfc_source === 'chat' && p.constancia_issued_on === null;

/**
 * What a profile that lost its RFC holds instead: unique (the profile id), never a valid RFC, so no route
 * addresses it by RFC and no CFDI can be issued to it. Its credits, invoices and chats stay with it.
 */
export const reclaimedPlaceholder = (profileId: string): string => `RECLAMADO-${profileId}`;

export async function releaseRfc(trx: DbOrTrx, clock: Clock, squatter: ProfilesTable): Promise<string> {
  const placeholder = reclaimedPlaceholder(squatter.id);
  await trx
    .updateTable('profiles')
    .set({ rfc: placeholder, updated_at: clock.now().toISOString() })
    .where('id', '=', squatter.id)
    .execute();
  return placeholder;
}
