import type { InvoicesTable, ProfilesTable } from '../../db/schema.js';
import { isAppError } from '../../errors.js';
import { findInvoice } from '../../invoices/invoices.repo.js';
import {
  cancelWithin,
  confirmWithin,
  correctWithin,
  currentReading,
  type WithinDeps,
} from '../../invoices/review.service.js';
import { validateCorrections } from '../../invoices/review.values.js';
import { say, type Turn } from './chat.context.js';
import { parseCommand } from './commands.js';
import { correctionOf, parseReviewAnswer, type ReviewIntent } from './review.answers.js';
import { type CardAction, invoiceLabel } from './review.card.js';
import { type Awaiting, latestOpenCard, setAwaiting } from './review.cards.repo.js';
import { reviewMsg } from './review.messages.js';

const BUTTON = /^rv:([0-9a-f-]{36}):(ok|rfc|total|fecha|no)$/;
const INTENT: Record<CardAction, ReviewIntent> = {
  ok: { kind: 'confirm' },
  no: { kind: 'cancel' },
  rfc: { kind: 'ask', field: 'vendor_rfc' },
  total: { kind: 'ask', field: 'total' },
  fecha: { kind: 'ask', field: 'date' },
};

const within = (turn: Turn): WithinDeps => ({ ...turn.deps, invoiceEvents: turn.deps.events() });

async function labelOf(turn: Turn, inv: InvoicesTable): Promise<string> {
  const r = await currentReading(turn.deps.db, inv);
  return invoiceLabel(r?.vendor_name ?? inv.vendor, r?.total ?? inv.amount_cents);
}

const isOpen = (turn: Turn, inv: InvoicesTable) =>
  inv.status === 'pending' && (inv.review_expires_at ?? '') > turn.deps.clock.now().toISOString();

function stateText(inv: InvoicesTable): string {
  if (inv.status === 'processing' || inv.status === 'completed') return 'ya la confirmaste';
  if (inv.failure_code === 'cancelled') return 'la cancelaste';
  if (inv.status === 'pending' || inv.failure_code === 'expired') return 'venció sin confirmarse';
  return 'no se pudo emitir';
}

/** A press or answer for an invoice that no longer waits: say so politely and change nothing. */
const closed = (turn: Turn, inv: InvoicesTable, label: string) =>
  say(turn, reviewMsg.closed(label, stateText(inv)));

/**
 * A card's button (`rv:<id>:<action>`) or a typed answer to the chat's most recent open card. Returns false
 * when the text is not about a review (a command, or no card waits), so the caller handles it as before.
 */
export async function handleReviewText(turn: Turn, profile: ProfilesTable, text: string): Promise<boolean> {
  const press = BUTTON.exec(text.trim());
  if (press) {
    const inv = await findInvoice(turn.deps.db, press[1]!);
    if (!inv || inv.profile_id !== profile.id) {
      say(turn, reviewMsg.unknownCard());
      return true;
    }
    await act(turn, profile, inv, INTENT[press[2] as CardAction], false);
    return true;
  }
  const command = parseCommand(text)?.command;
  if (command && command !== 'cancelar') return false;
  const open = await latestOpenCard(turn.deps.db, turn.chat);
  if (!open || open.invoice.profile_id !== profile.id) return false;
  const intent = parseReviewAnswer(text, open.card.awaiting);
  if (!intent) return false;
  await act(turn, profile, open.invoice, intent, true);
  return true;
}

async function act(
  turn: Turn,
  profile: ProfilesTable,
  inv: InvoicesTable,
  intent: ReviewIntent,
  typed: boolean,
) {
  const label = await labelOf(turn, inv);
  if (!isOpen(turn, inv)) return closed(turn, inv, label);
  const by = { profileId: profile.id, source: turn.chat.channel };
  const d = within(turn);
  switch (intent.kind) {
    case 'confirm': {
      if (!(await confirmWithin(d, inv, {}, by))) return closed(turn, inv, label);
      turn.afterCommit.push(turn.deps.jobs.notify);
      refreshCard(turn, inv.id);
      return say(turn, reviewMsg.confirmed(label));
    }
    case 'cancel':
      // The failure notice (and the card's new state) come from the invoice events in this transaction.
      if (!(await cancelWithin(d, inv.id))) closed(turn, inv, label);
      return;
    case 'ask':
      await setAwaiting(turn.deps.db, inv.id, intent.field);
      return say(turn, reviewMsg.ask(intent.field, label, typed));
    default:
      return correct(turn, inv, intent.field, intent.text, { label, by, d });
  }
}

async function correct(
  turn: Turn,
  inv: InvoicesTable,
  field: NonNullable<Awaiting>,
  text: string,
  ctx: { label: string; by: { profileId: string; source: 'telegram' | 'whatsapp' }; d: WithinDeps },
) {
  let corrections: ReturnType<typeof validateCorrections>;
  try {
    corrections = validateCorrections(correctionOf(field, text), turn.deps.clock.now());
  } catch (e) {
    if (!isAppError(e)) throw e;
    await setAwaiting(turn.deps.db, inv.id, field);
    return say(turn, `${reviewMsg.invalid(field)}\n${reviewMsg.ask(field, ctx.label, true)}`);
  }
  if (!(await correctWithin(ctx.d, inv, corrections, ctx.by))) return closed(turn, inv, ctx.label);
  await setAwaiting(turn.deps.db, inv.id, null);
  say(turn, reviewMsg.corrected(field, ctx.label));
  refreshCard(turn, inv.id);
}

/** Telegram edits the card in place; WhatsApp shows it again, as text cannot be edited there. */
function refreshCard(turn: Turn, invoiceId: string): void {
  turn.out.push({ type: 'review_card', invoiceId });
}
