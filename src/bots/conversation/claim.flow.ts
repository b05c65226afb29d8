import type { ProfilesTable } from '../../db/schema.js';
import { findProfileById } from '../../profiles/profiles.repo.js';
import { say, type Turn } from './chat.context.js';
import { type Conversation, clearConversation, setConversation } from './chat.repo.js';
import { CLAIM_CHOICES, idMsg, maskRfc, yesNo } from './identity.messages.js';
import { startSignup } from './signup.flow.js';

/**
 * A number set through the API is only a claim: whoever typed it may not own it. The person writing from that
 * number decides. Yes proves the number and links; no takes the number off that profile and offers sign-up.
 */
export const CLAIM_STATE = 'link_claim';

type Link = (profile: ProfilesTable, phone: string) => Promise<void>;

/** Links silently to a proven number; asks about a claimed one. */
export async function linkOrAsk(
  turn: Turn,
  profile: ProfilesTable,
  phone: string,
  link: Link,
): Promise<void> {
  if (profile.phone_verified === 1) return link(profile, phone);
  await setConversation(turn.deps.db, turn.deps.clock, turn.chat, {
    state: CLAIM_STATE,
    data: { phone, profile_id: profile.id },
  });
  say(turn, idMsg.claimAsk(profile.name, maskRfc(profile.rfc), phone), { choices: CLAIM_CHOICES });
}

export async function answerClaim(turn: Turn, conv: Conversation, text: string, link: Link): Promise<void> {
  const { db, clock } = turn.deps;
  const phone = conv.data.phone ?? '';
  const profile = await findProfileById(db, conv.data.profile_id ?? '');
  // The number moved since the question (changed through the API, or proven elsewhere): start afresh.
  if (!profile || profile.phone_number !== phone) {
    say(turn, idMsg.claimGone());
    return startSignup(turn, phone);
  }
  const answer = yesNo(text);
  if (answer === undefined) return say(turn, idMsg.claimRepeat(), { choices: CLAIM_CHOICES });
  const now = clock.now().toISOString();
  if (answer === 'yes') {
    await db
      .updateTable('profiles')
      .set({ phone_verified: 1, updated_at: now })
      .where('id', '=', profile.id)
      .execute();
    await clearConversation(db, turn.chat);
    return link({ ...profile, phone_verified: 1 }, phone);
  }
  await db
    .updateTable('profiles')
    .set({ phone_number: null, phone_verified: 0, updated_at: now })
    .where('id', '=', profile.id)
    .where('phone_number', '=', phone)
    .execute();
  say(turn, idMsg.claimDropped());
  return startSignup(turn, phone);
}
