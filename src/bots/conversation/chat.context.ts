import type { Transaction } from 'kysely';
import type { DbOrTrx } from '../../db/db.js';
import type { Database } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import type { InvoiceEvents } from '../../invoices/invoice.events.js';
import type { ChatLimiter } from './chat.limits.js';
import type { ChatRef, Choice, MediaRef, OutPayload } from './conversation.types.js';

/** A media item queued for download and invoicing in a job. */
export interface ChatMediaJob {
  channel: ChatRef['channel'];
  chatId: string;
  profileId: string;
  media: MediaRef;
  /** `<channel>:<update id>:<index>`: the invoice's idempotency key, so a retried job never charges twice. */
  key: string;
}

/** A Constancia PDF sent in chat: read in a job; profileId when the chat is linked, else it is a sign-up. */
export interface ChatConstanciaJob {
  channel: ChatRef['channel'];
  chatId: string;
  profileId: string | null;
  media: MediaRef;
}

/** How the conversation core queues its slow work; bots.ts wires it to the job queue. */
export interface ChatJobs {
  /** Adds the job with the turn's transaction. */
  enqueueMedia(trx: DbOrTrx, job: ChatMediaJob): Promise<void>;
  /** Adds a Constancia to download and read, with the turn's transaction. */
  enqueueConstancia(trx: DbOrTrx, job: ChatConstanciaJob): Promise<void>;
  /** Wakes the in-process workers, once the transaction that queued jobs committed. */
  notify(): void;
}

export type CoreDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'logger'> & {
  jobs: ChatJobs;
  /** Per-chat and per-profile message and photo limits. */
  limits: ChatLimiter;
  /** The invoice listeners, told of a review's cancel in the chat's transaction (wired after the bots). */
  events: () => InvoiceEvents | undefined;
  /** Ask the outbox dispatcher for a pass now that replies were queued. */
  kick: () => void;
};

/**
 * One incoming message being handled, inside one transaction (deps.db is it): handlers change state and
 * collect replies in out, written to the outbox at the end; afterCommit runs once it all committed.
 */
export interface Turn {
  deps: Omit<CoreDeps, 'db' | 'kick'> & { db: Transaction<Database> };
  chat: ChatRef;
  out: OutPayload[];
  afterCommit: (() => void)[];
}

export const say = (
  turn: Turn,
  text: string,
  extra: { choices?: Choice[]; askContact?: boolean } = {},
): void => {
  turn.out.push({ type: 'text', text, ...extra });
};
