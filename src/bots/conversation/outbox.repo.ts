import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { DbOrTrx } from '../../db/db.js';
import type { OutboxTable } from '../../db/schema.js';
import { outboxPayloads } from './channel.payloads.js';
import type { ChatRef, OutPayload } from './conversation.types.js';

let seq = 0n;
const bootNonce = randomBytes(3).toString('hex');

/**
 * Ids sort in the order rows were written (time, then a per-process sequence), so a chat's messages go out in
 * the order they were composed even when several share a millisecond.
 */
function outboxId(clock: Clock): string {
  seq += 1n;
  return `${clock.now().toISOString()}-${bootNonce}-${seq.toString().padStart(9, '0')}`;
}

/** Queues messages for one chat. Pass the caller's transaction to commit them atomically with its change. */
export async function enqueueOutbox(
  db: DbOrTrx,
  clock: Clock,
  chat: ChatRef,
  payloads: OutPayload[],
): Promise<void> {
  const rows = payloads.flatMap((p) => outboxPayloads(chat.channel, p));
  if (rows.length === 0) return;
  const now = clock.now().toISOString();
  await db
    .insertInto('outbox')
    .values(
      rows.map((p) => ({
        id: outboxId(clock),
        channel: chat.channel,
        chat_id: chat.chatId,
        payload: JSON.stringify(p),
        status: 'pending' as const,
        attempts: 0,
        next_attempt_at: now,
        last_error: null,
        created_at: now,
        sent_at: null,
      })),
    )
    .execute();
}

/**
 * The next message of each chat whose turn it is: the oldest pending row of its chat, already due, on a channel
 * that can send. A chat waiting on a retry or held by another dispatcher's lease is absent, and never takes a
 * place another chat could use.
 */
export const dueChatHeads = (
  db: DbOrTrx,
  now: string,
  channels: string[],
  limit: number,
): Promise<OutboxTable[]> =>
  channels.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('outbox as o')
        .selectAll('o')
        .where('o.status', '=', 'pending')
        .where('o.next_attempt_at', '<=', now)
        .where('o.channel', 'in', channels)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('outbox as p')
                .select('p.id')
                .whereRef('p.channel', '=', 'o.channel')
                .whereRef('p.chat_id', '=', 'o.chat_id')
                .where('p.status', '=', 'pending')
                .whereRef('p.id', '<', 'o.id'),
            ),
          ),
        )
        .orderBy('o.id')
        .limit(limit)
        .execute();

/** The oldest pending row of one chat, due or not (undefined when the chat has nothing left). */
export const chatHead = (db: DbOrTrx, channel: string, chatId: string): Promise<OutboxTable | undefined> =>
  db
    .selectFrom('outbox')
    .selectAll()
    .where('channel', '=', channel)
    .where('chat_id', '=', chatId)
    .where('status', '=', 'pending')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();

/**
 * Takes a row for sending by pushing its next attempt past a lease; the compare-and-set on next_attempt_at means
 * two dispatchers never send the same row at once. A crash mid-send leaves it to be retried after the lease.
 */
export async function claimOutbox(db: DbOrTrx, row: OutboxTable, leaseUntil: string): Promise<boolean> {
  const res = await db
    .updateTable('outbox')
    .set({ next_attempt_at: leaseUntil })
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '=', row.next_attempt_at)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function markSent(
  db: DbOrTrx,
  row: OutboxTable,
  sentAt: string,
  blankPayload: boolean,
): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      status: 'sent',
      sent_at: sentAt,
      attempts: row.attempts + 1,
      last_error: null,
      ...(blankPayload ? { payload: JSON.stringify({ type: 'text', text: '[redacted]' }) } : {}),
    })
    .where('id', '=', row.id)
    .execute();
}

export async function markAttemptFailed(
  db: DbOrTrx,
  row: OutboxTable,
  error: string,
  retryAt: string | null,
  /** A secret given up on is blanked too: a failed row must not keep it any more than a sent one. */
  blankPayload = false,
): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      status: retryAt ? 'pending' : 'failed',
      attempts: row.attempts + 1,
      last_error: error.slice(0, 500),
      next_attempt_at: retryAt ?? row.next_attempt_at,
      ...(blankPayload && !retryAt ? { payload: JSON.stringify({ type: 'text', text: '[redacted]' }) } : {}),
    })
    .where('id', '=', row.id)
    .execute();
}
