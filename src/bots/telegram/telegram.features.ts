import { Composer, type Context } from 'grammy';
import type { Message } from 'grammy/types';
import type { ChatRef, Handle, Incoming, MediaRef } from '../conversation/conversation.types.js';

const chatOf = (ctx: Context): ChatRef => ({ channel: 'telegram', chatId: String(ctx.chat?.id) });

/** Hands the update to the core under its update_id, which makes a redelivered update a no-op. */
const deliver = (handle: Handle, ctx: Context, incoming: Incoming) =>
  handle(chatOf(ctx), incoming, String(ctx.update.update_id));

/** Linking: a shared contact counts only when it is the sender's own (contact.user_id === from.id). */
export function contactFeature(handle: Handle): Composer<Context> {
  const c = new Composer<Context>();
  c.on('message:contact', (ctx) => {
    const { contact } = ctx.message;
    const own = contact.user_id !== undefined && contact.user_id === ctx.from.id;
    return deliver(handle, ctx, { kind: 'contact', phone: contact.phone_number, own });
  });
  return c;
}

function imageOf(message: Message): MediaRef | undefined {
  if (message.photo?.length) {
    // Telegram lists the sizes smallest first; the largest reads best.
    const best = message.photo[message.photo.length - 1]!;
    return { ref: best.file_id, size: best.file_size, mime: 'image/jpeg' };
  }
  const doc = message.document;
  const looksImage = doc?.mime_type?.startsWith('image/') || /\.(jpe?g|png)$/i.test(doc?.file_name ?? '');
  if (doc && looksImage) return { ref: doc.file_id, size: doc.file_size, mime: doc.mime_type };
  return undefined;
}

/** A photo, or an image sent as a file, becomes an invoice; a PDF is a Constancia to read; each photo of an album arrives as its own update. */
export function mediaFeature(handle: Handle): Composer<Context> {
  const c = new Composer<Context>();
  c.on(['message:photo', 'message:document'], (ctx) => {
    const media = imageOf(ctx.message);
    const doc = ctx.message.document;
    if (!media && doc && (doc.mime_type === 'application/pdf' || /\.pdf$/i.test(doc.file_name ?? ''))) {
      const pdf = { ref: doc.file_id, size: doc.file_size, mime: 'application/pdf' };
      return deliver(handle, ctx, { kind: 'document', media: pdf });
    }
    if (!media) return deliver(handle, ctx, { kind: 'other' });
    return deliver(handle, ctx, { kind: 'media', items: [media], key: `telegram:${ctx.update.update_id}` });
  });
  return c;
}

/** Commands, sign-up answers and button presses are all text to the conversation. */
export function textFeature(handle: Handle): Composer<Context> {
  const c = new Composer<Context>();
  c.on('message:text', (ctx) => deliver(handle, ctx, { kind: 'text', text: ctx.message.text }));
  c.on('callback_query:data', async (ctx) => {
    // Only stops the button's spinner: not awaited, so a slow Bot API never holds the webhook up.
    void ctx.answerCallbackQuery().catch(() => undefined);
    if (ctx.chat) await deliver(handle, ctx, { kind: 'text', text: ctx.callbackQuery.data });
  });
  c.on('message', (ctx) => deliver(handle, ctx, { kind: 'other' }));
  return c;
}
