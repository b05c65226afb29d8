import type { Deps } from '../../deps.js';
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

/** How the conversation core queues its slow work; bots.ts wires it to the job queue. */
export interface ChatJobs {
  enqueueMedia(job: ChatMediaJob): Promise<void>;
}

export type CoreDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'logger'> & {
  jobs: ChatJobs;
  /** Ask the outbox dispatcher for a pass now that replies were queued. */
  kick: () => void;
};

/** One incoming message being handled: handlers collect replies in out, sent together at the end. */
export interface Turn {
  deps: CoreDeps;
  chat: ChatRef;
  out: OutPayload[];
}

export const say = (
  turn: Turn,
  text: string,
  extra: { choices?: Choice[]; askContact?: boolean } = {},
): void => {
  turn.out.push({ type: 'text', text, ...extra });
};
