import type { Clock } from '../../clock.js';
import type { DbOrTrx } from '../../db/db.js';
import type { ChatIdentitiesTable } from '../../db/schema.js';
import type { ChatRef } from './conversation.types.js';

/**
 * chat_identities: a row with a profile is a linked chat; a row whose profile_id is null was unlinked on
 * purpose (/desvincular), so WhatsApp does not silently link it again by the sender number.
 */
export const findIdentity = (db: DbOrTrx, chat: ChatRef): Promise<ChatIdentitiesTable | undefined> =>
  db
    .selectFrom('chat_identities')
    .selectAll()
    .where('channel', '=', chat.channel)
    .where('external_id', '=', chat.chatId)
    .executeTakeFirst();

export async function linkChat(
  db: DbOrTrx,
  clock: Clock,
  chat: ChatRef,
  profileId: string | null,
  phone: string | null,
): Promise<void> {
  const now = clock.now().toISOString();
  await db
    .insertInto('chat_identities')
    .values({
      channel: chat.channel,
      external_id: chat.chatId,
      profile_id: profileId,
      phone_number: phone,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['channel', 'external_id'])
        .doUpdateSet({ profile_id: profileId, phone_number: phone, updated_at: now }),
    )
    .execute();
}

export interface Conversation {
  state: string;
  data: Record<string, string>;
}

export async function getConversation(db: DbOrTrx, chat: ChatRef): Promise<Conversation | undefined> {
  const row = await db
    .selectFrom('conversations')
    .select(['state', 'data'])
    .where('channel', '=', chat.channel)
    .where('external_id', '=', chat.chatId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { state: row.state, data: JSON.parse(row.data) as Record<string, string> };
}

export async function setConversation(
  db: DbOrTrx,
  clock: Clock,
  chat: ChatRef,
  conv: Conversation,
): Promise<void> {
  const now = clock.now().toISOString();
  const data = JSON.stringify(conv.data);
  await db
    .insertInto('conversations')
    .values({ channel: chat.channel, external_id: chat.chatId, state: conv.state, data, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['channel', 'external_id']).doUpdateSet({ state: conv.state, data, updated_at: now }),
    )
    .execute();
}

export const clearConversation = async (db: DbOrTrx, chat: ChatRef): Promise<void> => {
  await db
    .deleteFrom('conversations')
    .where('channel', '=', chat.channel)
    .where('external_id', '=', chat.chatId)
    .execute();
};

/**
 * Records a webhook delivery; false when it was seen before (a redelivery), so it is handled once. Call it in
 * the transaction that handles the delivery: a failure then rolls the mark back with everything else. The
 * primary key makes two concurrent deliveries race safely: only one insert wins (PostgreSQL makes the second
 * wait for the first to commit or roll back).
 */
export async function markProcessed(
  db: DbOrTrx,
  clock: Clock,
  channel: string,
  updateId: string,
): Promise<boolean> {
  const res = await db
    .insertInto('processed_updates')
    .values({ channel, update_id: updateId, created_at: clock.now().toISOString() })
    .onConflict((oc) => oc.columns(['channel', 'update_id']).doNothing())
    .executeTakeFirst();
  // doNothing on conflict: SQLite reports 0 changes, PostgreSQL a rowCount of 0.
  return Number(res.numInsertedOrUpdatedRows ?? 0n) > 0;
}
