import type { ProfilesTable } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { isAppError } from '../../errors.js';
import { findByIdempotencyKey } from '../../invoices/invoices.repo.js';
import { createInvoice } from '../../invoices/invoices.service.js';
import { checkPayerCanQueue } from '../../invoices/payer.limits.js';
import type { JobHandler } from '../../jobs/worker.js';
import { findProfileById, getTaxInfo } from '../../profiles/profiles.repo.js';
import { type ChatPayer, chatPayer, payerBalance } from './chat.billing.js';
import { type ChatMediaJob, say, type Turn } from './chat.context.js';
import { findIdentity } from './chat.repo.js';
import type { Channel, MediaRef, OutPayload } from './conversation.types.js';
import { msg } from './messages.js';
import { enqueueOutbox } from './outbox.repo.js';

export type MediaFetcher = (media: MediaRef) => Promise<Buffer>;

export type MediaJobDeps = Deps & {
  fetchMedia: Partial<Record<Channel, MediaFetcher>>;
  /** Ask the outbox dispatcher to send soon. */
  kick: () => void;
};

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;

/**
 * Photos become jobs: the webhook answers at once, download and invoice creation happen in the worker. A payer
 * with no credit or a full queue is told so now: nothing is downloaded or queued for them.
 */
export async function queueMedia(
  turn: Turn,
  profile: ProfilesTable,
  items: MediaRef[],
  key: string,
): Promise<void> {
  const payer = await chatPayer(turn.deps.db, profile);
  try {
    await checkPayerCanQueue(turn.deps, payer.account);
  } catch (err) {
    const text = refusalText(err, payer, turn.deps.config.MAX_IMAGE_BYTES);
    if (!text) throw err;
    return say(turn, text);
  }
  const limit = turn.deps.config.MAX_IMAGE_BYTES;
  for (const [i, media] of items.entries()) {
    if (media.size !== undefined && media.size > limit) {
      turn.out.push({ type: 'text', text: msg.tooBig(sizeText(limit)) });
      continue;
    }
    await turn.deps.jobs.enqueueMedia(turn.deps.db, {
      channel: turn.chat.channel,
      chatId: turn.chat.chatId,
      profileId: profile.id,
      media,
      key: `${key}:${i}`,
    });
    turn.afterCommit.push(turn.deps.jobs.notify);
  }
}

/** The words for a refusal the person can act on; undefined for anything else (the job retries those). */
function refusalText(err: unknown, payer: ChatPayer | undefined, limitBytes: number): string | undefined {
  if (!isAppError(err)) return undefined;
  switch (err.code) {
    case 'InsufficientCredits':
      return msg.noCredits(payer?.orgName);
    case 'PayloadTooLarge':
      // Intake names the pixel count when the resolution, not the file size, is over the limit.
      return / pixels /.test(err.message) ? msg.tooManyPixels() : msg.tooBig(sizeText(limitBytes));
    case 'UnsupportedMediaType':
      return msg.badImage();
    case 'ValidationError': {
      // createInvoice checks the receptor before charging: say what to fix, not "bad image".
      const path = err.details?.[0]?.path ?? '';
      if (path === 'cfdi_usage') return msg.usoProblem();
      if (path.startsWith('tax_info')) return msg.taxInfoIncomplete();
      return msg.badImage();
    }
    case 'NotFound':
      return msg.mediaUnavailable();
    case 'RateLimited':
      return msg.tooManyProcessing();
    default:
      return undefined;
  }
}

/** Job 'chat.media': download, create the invoice (its intake checks run first) (charging one credit), say it is on its way. */
export async function processChatMedia(deps: MediaJobDeps, job: ChatMediaJob): Promise<void> {
  const { db, clock } = deps;
  const chat = { channel: job.channel, chatId: job.chatId };
  const identity = await findIdentity(db, chat);
  const profile = await findProfileById(db, job.profileId);
  // Unlinked (or relinked to someone else) since the photo arrived: invoice nothing on the old link.
  if (!profile || identity?.profile_id !== profile.id) return;
  const out: OutPayload[] = [];
  let payer: ChatPayer | undefined;
  try {
    const fetch = deps.fetchMedia[job.channel];
    if (!fetch) throw new Error(`no media fetcher for ${job.channel}`);
    payer = await chatPayer(db, profile);
    // The balance or the queue may have changed since the photo arrived: check again before downloading
    // (unless an earlier attempt of this job already made, and charged, the invoice).
    if (!(await findByIdempotencyKey(db, profile.id, job.key))) await checkPayerCanQueue(deps, payer.account);
    const image = await fetch(job.media);
    const tax = await getTaxInfo(db, profile.id);
    await createInvoice(deps, {
      ownerProfileId: profile.id,
      createdByProfileId: profile.id,
      chargeTo: payer.account,
      orgId: payer.orgId,
      image,
      cfdiUsage: tax?.cfdi_use ?? 'G03',
      source: job.channel,
      chat: { channel: job.channel, chatId: job.chatId },
      idempotencyKey: job.key,
    });
    out.push({ type: 'text', text: msg.processing(await payerBalance(db, payer), payer.orgName) });
  } catch (err) {
    const text = refusalText(err, payer, deps.config.MAX_IMAGE_BYTES);
    if (!text) throw err;
    out.push({ type: 'text', text });
  }
  await enqueueOutbox(db, clock, chat, out);
  deps.kick();
}

/** The queue's handler: a download that keeps failing ends with a message instead of silence. */
export function chatMediaHandler(deps: MediaJobDeps): JobHandler {
  return {
    run: (payload) => processChatMedia(deps, payload as ChatMediaJob),
    async exhausted(payload) {
      const job = payload as ChatMediaJob;
      const chat = { channel: job.channel, chatId: job.chatId };
      await enqueueOutbox(deps.db, deps.clock, chat, [{ type: 'text', text: msg.mediaUnavailable() }]);
      deps.kick();
    },
  };
}
