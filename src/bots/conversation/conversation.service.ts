import type { ProfilesTable } from '../../db/schema.js';
import { tryNormalizePhone } from '../../profiles/phone.js';
import { findProfileById, findProfileByPhone } from '../../profiles/profiles.repo.js';
import { issueApiKey, revokeAllKeys, setUso, showBalance, showTaxInfo } from './account.commands.js';
import { payingBalance } from './chat.billing.js';
import { type CoreDeps, say, type Turn } from './chat.context.js';
import {
  type Conversation,
  clearConversation,
  findIdentity,
  getConversation,
  linkChat,
  markProcessed,
} from './chat.repo.js';
import { answerClaim, CLAIM_STATE, linkOrAsk } from './claim.flow.js';
import { type Command, parseCommand } from './commands.js';
import { answerConstancia } from './constancia.confirm.js';
import { CONSTANCIA_STATE, queueConstancia } from './constancia.flow.js';
import type { ChatRef, Incoming } from './conversation.types.js';
import { yesNo } from './identity.messages.js';
import { listInvoices } from './invoices.commands.js';
import { queueMedia } from './media.flow.js';
import { msg, restartWord } from './messages.js';
import { enqueueOutbox } from './outbox.repo.js';
import { handleReviewText } from './review.flow.js';
import { continueSignup, repeatQuestion, SIGNUP_STATES, startSignup } from './signup.flow.js';

/**
 * The channel-neutral conversation: who is this chat (linked profile, sign-up in progress, stranger) and what
 * to do with what they sent. Replies are queued in the outbox, never sent inline, so none is lost.
 *
 * One transaction per delivery: the "processed" mark, every state change, queued job and reply commit together
 * or not at all. A redelivery of a handled message finds the mark and does nothing; a failure leaves no trace
 * (the error goes up, the webhook answers 5xx) so the platform's redelivery is handled afresh.
 */
export async function handleIncoming(
  deps: CoreDeps,
  chat: ChatRef,
  incoming: Incoming,
  deliveryId: string,
): Promise<void> {
  const { db, clock } = deps;
  try {
    const turn = await db.transaction().execute(async (trx) => {
      if (!(await markProcessed(trx, clock, chat.channel, deliveryId))) return undefined;
      const turn: Turn = { deps: { ...deps, db: trx }, chat, out: [], afterCommit: [] };
      await route(turn, incoming);
      await enqueueOutbox(trx, clock, chat, turn.out);
      return turn;
    });
    if (!turn) return;
    for (const fn of turn.afterCommit) fn();
    deps.kick();
  } catch (err) {
    await apologiseOnce(deps, chat, deliveryId).catch((e: unknown) =>
      deps.logger.error({ err: e }, 'could not queue the apology'),
    );
    throw err;
  }
}

/** The platform may redeliver a failing message many times: say sorry for it once. */
async function apologiseOnce(deps: CoreDeps, chat: ChatRef, deliveryId: string): Promise<void> {
  const queued = await deps.db.transaction().execute(async (trx) => {
    if (!(await markProcessed(trx, deps.clock, `${chat.channel}:failed`, deliveryId))) return false;
    await enqueueOutbox(trx, deps.clock, chat, [{ type: 'text', text: msg.error() }]);
    return true;
  });
  if (queued) deps.kick();
}

async function route(turn: Turn, incoming: Incoming): Promise<void> {
  const { db } = turn.deps;
  const identity = await findIdentity(db, turn.chat);
  const profile = identity?.profile_id ? await findProfileById(db, identity.profile_id) : undefined;
  if (!withinLimits(turn, profile, incoming)) return;
  const conv = await getConversation(db, turn.chat);
  if (profile) {
    // A linked chat keeps working while a Constancia waits for its yes; only the answer goes to it.
    const answer = conv?.state === CONSTANCIA_STATE && incoming.kind === 'text' && yesNo(incoming.text);
    if (answer && incoming.kind === 'text') return answerConstancia(turn, conv, incoming.text);
    return handleLinked(turn, profile, incoming);
  }

  const command = incoming.kind === 'text' ? parseCommand(incoming.text)?.command : undefined;
  if (conv?.state === CONSTANCIA_STATE) return duringConstancia(turn, conv, incoming, command);
  if (conv?.state === CLAIM_STATE) {
    const answer = incoming.kind === 'text' ? incoming.text : '';
    return answerClaim(turn, conv, answer, linkAfterClaim(turn));
  }
  if (conv && (SIGNUP_STATES as readonly string[]).includes(conv.state))
    return duringSignup(turn, conv, incoming, command);

  if (turn.chat.channel === 'telegram') {
    if (incoming.kind !== 'contact') return say(turn, msg.askContact(), { askContact: true });
    if (!incoming.own) return say(turn, msg.contactNotOwn(), { askContact: true });
    return linkByPhone(turn, contactPhone(incoming), undefined);
  }
  // WhatsApp: the sender number is the identity, unless the person unlinked this chat on purpose.
  if (identity && identity.profile_id === null && command !== 'start')
    return say(turn, msg.unlinkedWhatsapp());
  return linkByPhone(turn, turn.chat.chatId, command === 'start' ? undefined : incoming);
}

/**
 * Photos and messages count per chat and, once linked, per profile (one person with several chats). Over the
 * limit the person is told once per minute; the rest is dropped unprocessed and nothing is charged.
 */
function withinLimits(turn: Turn, profile: ProfilesTable | undefined, incoming: Incoming): boolean {
  const keys = [`chat:${turn.chat.channel}:${turn.chat.chatId}`];
  if (profile) keys.push(`profile:${profile.id}`);
  const verdict =
    incoming.kind === 'media'
      ? turn.deps.limits.take('photo', keys, incoming.items.length)
      : turn.deps.limits.take('message', keys, 1);
  if (verdict === 'warn') say(turn, msg.slowDown());
  return verdict === 'ok';
}

/** «cancelar» during sign-up: the answers so far are dropped and the person is told how to start again. */
async function cancelSignup(turn: Turn): Promise<void> {
  await clearConversation(turn.deps.db, turn.chat);
  say(turn, msg.signupCancelled(restartWord(turn.chat.channel)));
}

/** Sign-up read a Constancia and waits for «sí»: another PDF replaces it, «cancelar» leaves sign-up. */
async function duringConstancia(
  turn: Turn,
  conv: Conversation,
  incoming: Incoming,
  command: Command | undefined,
): Promise<void> {
  if (command === 'cancelar') return cancelSignup(turn);
  if (incoming.kind === 'document') return queueConstancia(turn, null, incoming.media);
  return answerConstancia(turn, conv, incoming.kind === 'text' ? incoming.text : '');
}

const contactPhone = (c: { phone: string }) => (c.phone.startsWith('+') ? c.phone : `+${c.phone}`);

/**
 * A sign-up is waiting for an answer. Text is the answer; anything else (/start, «hola», a contact, a photo)
 * repeats the pending question and keeps the answers so far. A number that has an account by now (the own
 * contact shared on Telegram, or the sign-up's number once someone created its profile) is linked instead.
 */
async function duringSignup(
  turn: Turn,
  conv: Conversation,
  incoming: Incoming,
  command: Command | undefined,
): Promise<void> {
  if (command === 'cancelar') return cancelSignup(turn);
  if (incoming.kind === 'text' && command !== 'start') return continueSignup(turn, conv, incoming.text);
  // The Constancia answers every question at once.
  if (incoming.kind === 'document') return queueConstancia(turn, null, incoming.media);
  const candidate =
    incoming.kind === 'contact' ? (incoming.own ? contactPhone(incoming) : undefined) : conv.data.phone;
  const phone = candidate === undefined ? undefined : tryNormalizePhone(candidate);
  const profile = phone ? await findProfileByPhone(turn.deps.db, phone) : undefined;
  if (phone && profile) return linkOrAsk(turn, profile, phone, linkAfterClaim(turn));
  repeatQuestion(turn, conv);
}

/**
 * Links to the profile holding this number (asking first when the number is only a claim), or starts sign-up;
 * then handles `andThen` as a linked message.
 */
async function linkByPhone(turn: Turn, rawPhone: string, andThen: Incoming | undefined): Promise<void> {
  const phone = tryNormalizePhone(rawPhone);
  if (!phone) return say(turn, msg.badPhone(), { askContact: turn.chat.channel === 'telegram' });
  const profile = await findProfileByPhone(turn.deps.db, phone);
  if (!profile) return startSignup(turn, phone);
  return linkOrAsk(turn, profile, phone, (p, ph) => linkProfile(turn, p, ph, andThen));
}

const linkAfterClaim = (turn: Turn) => (profile: ProfilesTable, phone: string) =>
  linkProfile(turn, profile, phone, undefined);

async function linkProfile(
  turn: Turn,
  profile: ProfilesTable,
  phone: string,
  andThen: Incoming | undefined,
): Promise<void> {
  const { db, clock } = turn.deps;
  await linkChat(db, clock, turn.chat, profile.id, phone);
  await clearConversation(db, turn.chat);
  // The balance that will pay, as /saldo shows it: the organization's when it pays the member's chat invoices.
  const { credits, orgName } = await payingBalance(db, profile);
  turn.out.push({ type: 'text', text: msg.linked(profile.name, credits, orgName), removeKeyboard: true });
  // A first WhatsApp message that already carries a ticket photo (or a command) is served right away.
  if (andThen && (andThen.kind === 'media' || (andThen.kind === 'text' && parseCommand(andThen.text)))) {
    await handleLinked(turn, profile, andThen);
  }
}

async function handleLinked(turn: Turn, profile: ProfilesTable, incoming: Incoming): Promise<void> {
  switch (incoming.kind) {
    case 'media':
      return queueMedia(turn, profile, incoming.items, incoming.key);
    case 'contact':
      return say(turn, msg.alreadyLinked());
    case 'document':
      return queueConstancia(turn, profile.id, incoming.media);
    case 'other':
      return say(turn, msg.notAnImage());
    default:
      if (await handleReviewText(turn, profile, incoming.text)) return;
      return runCommand(turn, profile, incoming.text);
  }
}

async function runCommand(turn: Turn, profile: ProfilesTable, text: string): Promise<void> {
  const parsed = parseCommand(text);
  switch (parsed?.command) {
    case 'start':
      return say(turn, `¡Hola, ${profile.name}! ${msg.help()}`);
    case 'ayuda':
      return say(turn, msg.help());
    case 'saldo':
      return showBalance(turn, profile);
    case 'facturas':
      return listInvoices(turn, profile.id);
    case 'datos':
      return showTaxInfo(turn, profile);
    case 'uso':
      return setUso(turn, profile, parsed.arg);
    case 'apikey':
      return issueApiKey(turn, profile);
    case 'revocar':
      return revokeAllKeys(turn, profile);
    case 'desvincular':
      await linkChat(turn.deps.db, turn.deps.clock, turn.chat, null, null);
      return say(turn, msg.unlinked(restartWord(turn.chat.channel)));
    default:
      return say(turn, msg.unknown());
  }
}
