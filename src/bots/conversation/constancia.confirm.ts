import type { ConstanciaData } from '../../profiles/constancia.parse.js';
import { applyConstanciaIn } from '../../profiles/constancia.service.js';
import { findProfileById, findProfileByRfc } from '../../profiles/profiles.repo.js';
import { isReclaimable, releaseRfc } from '../../profiles/rfc.reclaim.js';
import { say, type Turn } from './chat.context.js';
import { type Conversation, clearConversation, setConversation } from './chat.repo.js';
import { CLAIM_CHOICES, idMsg, yesNo } from './identity.messages.js';
import { msg } from './messages.js';
import { enqueueOutbox } from './outbox.repo.js';
import { createChatProfile } from './signup.flow.js';

/** The answer to «¿Guardo estos datos?» after a Constancia was read. */
export async function answerConstancia(turn: Turn, conv: Conversation, text: string): Promise<void> {
  const answer = yesNo(text);
  if (!answer) return say(turn, idMsg.constanciaRepeat(), { choices: CLAIM_CHOICES });
  const { db, clock } = turn.deps;
  const data = JSON.parse(conv.data.json ?? '{}') as ConstanciaData;
  const signup = conv.data.mode === 'signup';
  if (answer === 'no') {
    if (!signup) {
      await clearConversation(db, turn.chat);
      return say(turn, idMsg.constanciaDiscarded());
    }
    await setConversation(db, clock, turn.chat, {
      state: 'signup_rfc',
      data: { phone: conv.data.phone ?? '' },
    });
    return say(turn, `${idMsg.constanciaDiscarded()}\n\n${msg.askRfc()}`);
  }
  await clearConversation(db, turn.chat);
  if (!signup) return saveForProfile(turn, conv.data.profile_id ?? '', data);
  return signUpFromConstancia(turn, conv, data);
}

async function saveForProfile(turn: Turn, profileId: string, data: ConstanciaData): Promise<void> {
  const profile = await findProfileById(turn.deps.db, profileId);
  if (!profile || profile.rfc !== data.rfc) return say(turn, idMsg.constanciaOtherRfc());
  await applyConstanciaIn(turn.deps.db, turn.deps.clock, profile, data);
  say(turn, idMsg.constanciaSaved());
}

/**
 * Sign-up with the Constancia's data. An RFC held by a chat profile that never showed a Constancia is taken
 * from it (the Constancia proves whose RFC it is); that profile keeps its credits and invoices and is told.
 */
async function signUpFromConstancia(turn: Turn, conv: Conversation, data: ConstanciaData): Promise<void> {
  const { db, clock } = turn.deps;
  const holder = await findProfileByRfc(db, data.rfc);
  if (holder && !isReclaimable(holder)) {
    await setConversation(db, clock, turn.chat, {
      state: 'signup_rfc',
      data: { phone: conv.data.phone ?? '' },
    });
    return say(turn, idMsg.rfcTakenBacked());
  }
  if (holder) {
    await releaseRfc(db, clock, holder);
    const chats = await db
      .selectFrom('chat_identities')
      .select(['channel', 'external_id'])
      .where('profile_id', '=', holder.id)
      .execute();
    for (const c of chats) {
      const chat = { channel: c.channel as Turn['chat']['channel'], chatId: c.external_id };
      await enqueueOutbox(db, clock, chat, [{ type: 'text', text: idMsg.rfcReclaimed() }]);
    }
  }
  const created = await createChatProfile(turn, {
    phone: conv.data.phone ?? '',
    rfc: data.rfc,
    name: data.name,
    postal_code: data.postal_code,
    regimen: conv.data.regimen ?? '',
    uso: conv.data.cfdi_use ?? '',
  });
  if (created) {
    await db
      .updateTable('profiles')
      .set({ constancia_issued_on: data.issued_on })
      .where('id', '=', created.id)
      .execute();
  }
}
