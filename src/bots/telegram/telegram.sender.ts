import { type Api, GrammyError, HttpError, InputFile } from 'grammy';
import type { InlineKeyboardMarkup, ReplyKeyboardMarkup, ReplyKeyboardRemove } from 'grammy/types';
import type { DbOrTrx } from '../../db/db.js';
import type { Storage } from '../../storage/storage.js';
import type { OutPayload } from '../conversation/conversation.types.js';
import { CONTACT_BUTTON } from '../conversation/messages.js';
import { SendError, type Sender } from '../conversation/outbox.dispatcher.js';
import { sendReviewCard } from './telegram.card.js';

type Markup = InlineKeyboardMarkup | ReplyKeyboardMarkup | ReplyKeyboardRemove;

function markupOf(p: Extract<OutPayload, { type: 'text' }>): Markup | undefined {
  if (p.askContact) {
    return {
      keyboard: [[{ text: CONTACT_BUTTON, request_contact: true }]],
      resize_keyboard: true,
      one_time_keyboard: true,
    };
  }
  if (p.choices?.length) {
    return {
      inline_keyboard: p.choices.map((c) => [{ text: c.label, callback_data: c.value.slice(0, 64) }]),
    };
  }
  if (p.removeKeyboard) return { remove_keyboard: true };
  return undefined;
}

/** Telegram's answer decides the retry: 429 waits retry_after; other 4xx (blocked, chat gone) will not change. */
function toSendError(err: unknown): unknown {
  if (err instanceof GrammyError) {
    if (err.error_code === 429) {
      return new SendError(err.description, { retryAfterSeconds: err.parameters.retry_after ?? 5 });
    }
    if (err.error_code >= 400 && err.error_code < 500)
      return new SendError(err.description, { permanent: true });
    return new SendError(err.description);
  }
  if (err instanceof HttpError) return new SendError(err.message);
  return err;
}

export function telegramSender(deps: { api: Api; db: DbOrTrx; storage: Storage }): Sender {
  const { api, db, storage } = deps;
  return async (chatId, payload) => {
    try {
      if (payload.type === 'text') {
        await api.sendMessage(chatId, payload.text, { reply_markup: markupOf(payload) });
        return;
      }
      if (payload.type === 'review_card') return await sendReviewCard({ api, db }, chatId, payload);
      if (payload.type !== 'document')
        throw new SendError(`telegram cannot send ${payload.type}`, { permanent: true });
      const inv = await db
        .selectFrom('invoices')
        .select(['id', 'uuid', 'pdf_key', 'xml_key'])
        .where('id', '=', payload.invoiceId)
        .executeTakeFirst();
      const key = payload.file === 'pdf' ? inv?.pdf_key : inv?.xml_key;
      if (!inv || !key)
        throw new SendError(`invoice ${payload.invoiceId} has no ${payload.file}`, { permanent: true });
      const file = new InputFile(await storage.get(key), `factura-${inv.uuid ?? inv.id}.${payload.file}`);
      await api.sendDocument(chatId, file, { caption: payload.caption });
    } catch (err) {
      throw toSendError(err);
    }
  };
}
