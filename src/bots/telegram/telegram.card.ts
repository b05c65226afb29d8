import { type Api, GrammyError, InlineKeyboard } from 'grammy';
import type { DbOrTrx } from '../../db/db.js';
import { findInvoice } from '../../invoices/invoices.repo.js';
import { SendError } from '../conversation/outbox.dispatcher.js';
import { renderCard } from '../conversation/review.card.js';
import { findCard, setCardMessage } from '../conversation/review.cards.repo.js';

/** Editing a card to exactly what it shows is no failure: Telegram only says so. */
const notModified = (e: unknown) =>
  e instanceof GrammyError && /message is not modified/i.test(e.description);

/**
 * Sends an invoice's review card, or edits the one already shown (as values change, or when it is confirmed,
 * cancelled or expired). Rendered now from the database, so a delayed retry never shows stale values.
 */
export async function sendReviewCard(
  deps: { api: Api; db: DbOrTrx },
  chatId: string,
  payload: { invoiceId: string; fresh?: boolean },
): Promise<void> {
  const inv = await findInvoice(deps.db, payload.invoiceId);
  const card = inv && (await renderCard(deps.db, inv, 'telegram'));
  if (!inv || !card)
    throw new SendError(`invoice ${payload.invoiceId} has no review card`, { permanent: true });
  const keyboard = InlineKeyboard.from(
    card.buttons.map((row) => row.map((b) => InlineKeyboard.text(b.label, b.data))),
  );
  const shown = await findCard(deps.db, inv.id);
  if (!payload.fresh && shown?.message_id && shown.chat_id === chatId) {
    try {
      await deps.api.editMessageText(chatId, Number(shown.message_id), card.text, { reply_markup: keyboard });
    } catch (e) {
      if (!notModified(e)) throw e;
    }
    return;
  }
  if (!payload.fresh && inv.status !== 'pending') return; // never shown: the outcome message says it all
  const sent = await deps.api.sendMessage(chatId, card.text, { reply_markup: keyboard });
  await setCardMessage(deps.db, inv.id, String(sent.message_id));
}
