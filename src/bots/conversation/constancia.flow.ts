import { regimenDescripcion } from '../../catalogs/sat.catalogs.js';
import { isAppError } from '../../errors.js';
import type { JobHandler } from '../../jobs/worker.js';
import type { ConstanciaData } from '../../profiles/constancia.parse.js';
import { chooseRegimen, readConstancia } from '../../profiles/constancia.service.js';
import { findProfileById, findProfileByRfc, getTaxInfo } from '../../profiles/profiles.repo.js';
import { isReclaimable } from '../../profiles/rfc.reclaim.js';
import type { ChatConstanciaJob, Turn } from './chat.context.js';
import { findIdentity, getConversation, setConversation } from './chat.repo.js';
import type { MediaRef } from './conversation.types.js';
import { CLAIM_CHOICES, idMsg } from './identity.messages.js';
import type { MediaJobDeps } from './media.flow.js';
import { enqueueOutbox } from './outbox.repo.js';
import { SIGNUP_STATES } from './signup.flow.js';

/** The Constancia read and waiting for the person's yes; data carries what was read. */
export const CONSTANCIA_STATE = 'constancia_confirm';

/** A PDF arrived: too big is refused at once, the rest is downloaded and read in a job. */
export async function queueConstancia(turn: Turn, profileId: string | null, media: MediaRef): Promise<void> {
  const limit = turn.deps.config.MAX_IMAGE_BYTES;
  if (media.size !== undefined && media.size > limit) {
    turn.out.push({ type: 'text', text: idMsg.constanciaTooBig(Math.round(limit / (1024 * 1024))) });
    return;
  }
  await turn.deps.jobs.enqueueConstancia(turn.deps.db, { ...turn.chat, profileId, media });
  turn.afterCommit.push(turn.deps.jobs.notify);
  turn.out.push({ type: 'text', text: idMsg.constanciaReading() });
}

/** The Spanish for a document refused by the reader, or undefined for a failure worth retrying. */
function refusal(err: unknown, limitMb: number): string | undefined {
  if (!isAppError(err)) return undefined;
  if (err.code === 'PayloadTooLarge') return idMsg.constanciaTooBig(limitMb);
  if (err.code === 'UnsupportedMediaType') return idMsg.constanciaNotPdf();
  if (err.code === 'NotFound') return idMsg.constanciaUnavailable();
  if (err.code !== 'UnprocessableDocument') return undefined;
  if (/no text/.test(err.message)) return idMsg.constanciaScan();
  if (/not a Constancia/.test(err.message)) return idMsg.constanciaOther();
  return idMsg.constanciaUnreadable();
}

/** What the chat should do with the reading: ask to confirm, or say why not. */
async function decide(deps: MediaJobDeps, job: ChatConstanciaJob, data: ConstanciaData) {
  const chat = { channel: job.channel, chatId: job.chatId };
  if (job.profileId) {
    const identity = await findIdentity(deps.db, chat);
    const profile = await findProfileById(deps.db, job.profileId);
    if (!profile || identity?.profile_id !== profile.id) return { text: undefined };
    if (profile.rfc !== data.rfc) return { text: idMsg.constanciaOtherRfc() };
    const choice = chooseRegimen(profile.rfc, data.regimenes, await getTaxInfo(deps.db, profile.id));
    return { ask: { mode: 'update', choice } as const };
  }
  const conv = await getConversation(deps.db, chat);
  if (!conv || !(SIGNUP_STATES as readonly string[]).includes(conv.state)) return { text: undefined };
  const holder = await findProfileByRfc(deps.db, data.rfc);
  if (holder && !isReclaimable(holder)) return { text: idMsg.rfcTakenBacked() };
  return { ask: { mode: 'signup', choice: chooseRegimen(data.rfc, data.regimenes), phone: conv.data.phone } };
}

/** Job 'chat.constancia': download, read, show what was read and ask for a yes. The PDF is dropped after. */
export async function processChatConstancia(deps: MediaJobDeps, job: ChatConstanciaJob): Promise<void> {
  const chat = { channel: job.channel, chatId: job.chatId };
  const limit = deps.config.MAX_IMAGE_BYTES;
  let text: string | undefined;
  try {
    const fetch = deps.fetchMedia[job.channel];
    if (!fetch) throw new Error(`no media fetcher for ${job.channel}`);
    const data = await readConstancia(await fetch(job.media), limit);
    const d = await decide(deps, job, data);
    if (d.ask) {
      const { mode, choice } = d.ask;
      const state: Record<string, string> = {
        mode,
        profile_id: job.profileId ?? '',
        json: JSON.stringify(data),
        regimen: choice.regimen,
        cfdi_use: choice.cfdi_use,
      };
      if ('phone' in d.ask && d.ask.phone) state.phone = d.ask.phone;
      await setConversation(deps.db, deps.clock, chat, { state: CONSTANCIA_STATE, data: state });
      const regimen = `${choice.regimen} ${regimenDescripcion(choice.regimen) ?? ''}`.trim();
      text = idMsg.constanciaRead(data, regimen, choice.reason !== 'only' ? data.regimenes : undefined);
    } else text = d.text;
  } catch (err) {
    text = refusal(err, Math.round(limit / (1024 * 1024)));
    if (!text) throw err;
  }
  if (!text) return;
  const choices = text.endsWith('?') ? CLAIM_CHOICES.map((c) => ({ ...c, label: c.value })) : undefined;
  await enqueueOutbox(deps.db, deps.clock, chat, [{ type: 'text', text, choices }]);
  deps.kick();
}

export function chatConstanciaHandler(deps: MediaJobDeps): JobHandler {
  return {
    run: (payload) => processChatConstancia(deps, payload as ChatConstanciaJob),
    async exhausted(payload) {
      const job = payload as ChatConstanciaJob;
      const chat = { channel: job.channel, chatId: job.chatId };
      await enqueueOutbox(deps.db, deps.clock, chat, [{ type: 'text', text: idMsg.constanciaUnavailable() }]);
      deps.kick();
    },
  };
}
