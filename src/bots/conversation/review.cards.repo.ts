import type { Clock } from '../../clock.js';
import type { DbOrTrx } from '../../db/db.js';
import type { ChatReviewCardsTable, InvoicesTable } from '../../db/schema.js';
import type { ChatRef } from './conversation.types.js';

export type Awaiting = ChatReviewCardsTable['awaiting'];

const nextSeq = async (db: DbOrTrx, chat: ChatRef) => {
  const row = await db
    .selectFrom('chat_review_cards')
    .select((eb) => eb.fn.max('shown_seq').as('seq'))
    .where('channel', '=', chat.channel)
    .where('chat_id', '=', chat.chatId)
    .executeTakeFirst();
  return Number(row?.seq ?? 0) + 1;
};

/** Records that the card of an invoice is (again) the most recent one shown in the chat. */
export async function showCard(db: DbOrTrx, clock: Clock, chat: ChatRef, invoiceId: string): Promise<void> {
  const now = clock.now().toISOString();
  const seq = await nextSeq(db, chat);
  await db
    .insertInto('chat_review_cards')
    .values({
      invoice_id: invoiceId,
      channel: chat.channel,
      chat_id: chat.chatId,
      message_id: null,
      awaiting: null,
      shown_seq: seq,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column('invoice_id').doUpdateSet({
        channel: chat.channel,
        chat_id: chat.chatId,
        message_id: null,
        shown_seq: seq,
        awaiting: null,
        updated_at: now,
      }),
    )
    .execute();
}

export const findCard = (db: DbOrTrx, invoiceId: string): Promise<ChatReviewCardsTable | undefined> =>
  db.selectFrom('chat_review_cards').selectAll().where('invoice_id', '=', invoiceId).executeTakeFirst();

export async function setAwaiting(db: DbOrTrx, invoiceId: string, awaiting: Awaiting): Promise<void> {
  await db.updateTable('chat_review_cards').set({ awaiting }).where('invoice_id', '=', invoiceId).execute();
}

export async function setCardMessage(db: DbOrTrx, invoiceId: string, messageId: string): Promise<void> {
  await db
    .updateTable('chat_review_cards')
    .set({ message_id: messageId })
    .where('invoice_id', '=', invoiceId)
    .execute();
}

/** The chat's most recent card whose invoice still waits for review, with its invoice. */
export async function latestOpenCard(
  db: DbOrTrx,
  chat: ChatRef,
): Promise<{ card: ChatReviewCardsTable; invoice: InvoicesTable } | undefined> {
  const card = await db
    .selectFrom('chat_review_cards')
    .innerJoin('invoices', 'invoices.id', 'chat_review_cards.invoice_id')
    .selectAll('chat_review_cards')
    .where('chat_review_cards.channel', '=', chat.channel)
    .where('chat_review_cards.chat_id', '=', chat.chatId)
    .where('invoices.status', '=', 'pending')
    .orderBy('chat_review_cards.shown_seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!card) return undefined;
  const invoice = await db
    .selectFrom('invoices')
    .selectAll()
    .where('id', '=', card.invoice_id)
    .executeTakeFirst();
  return invoice && { card, invoice };
}
