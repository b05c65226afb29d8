import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { DbOrTrx } from '../../db/db.js';
import { invoiceFileUrls } from '../../invoices/invoice.links.js';
import { findInvoice } from '../../invoices/invoices.repo.js';
import { outboxPayloads } from '../conversation/channel.payloads.js';
import type { OutPayload } from '../conversation/conversation.types.js';
import { msg } from '../conversation/messages.js';
import { SendError, type Sender } from '../conversation/outbox.dispatcher.js';
import { renderCard } from '../conversation/review.card.js';
import type { TwilioClient } from './whatsapp.client.js';

function toSendError(err: unknown): unknown {
  const status = (err as { status?: unknown }).status;
  if (typeof status !== 'number') return err;
  const message = (err as Error).message;
  if (status === 429 || status >= 500) return new SendError(message);
  return new SendError(message, { permanent: status >= 400 });
}

export function whatsappSender(deps: {
  client: TwilioClient;
  from: string;
  db: DbOrTrx;
  config: Config;
  clock: Clock;
}): Sender {
  const { client, from } = deps;
  const send = (to: string, body: string, mediaUrl?: string[]) =>
    client.messages.create({ from, to, body, mediaUrl });
  return async (to: string, payload: OutPayload) => {
    try {
      if (payload.type === 'text') {
        // enqueueOutbox already made one row per part; this splits only rows queued before it did.
        for (const part of outboxPayloads('whatsapp', payload)) {
          if (part.type === 'text') await send(to, part.text);
        }
        return;
      }
      if (payload.type === 'review_card') {
        // No editing on WhatsApp: the current card goes out as a new message while the invoice waits.
        const inv = await findInvoice(deps.db, payload.invoiceId);
        const card = inv?.status === 'pending' ? await renderCard(deps.db, inv, 'whatsapp') : undefined;
        if (card) await send(to, card.text);
        return;
      }
      if (payload.type !== 'invoice_links')
        throw new SendError(`whatsapp cannot send ${payload.type}`, { permanent: true });
      const inv = await deps.db
        .selectFrom('invoices')
        .selectAll()
        .where('id', '=', payload.invoiceId)
        .executeTakeFirst();
      if (!inv) throw new SendError(`invoice ${payload.invoiceId} not found`, { permanent: true });
      // Signed when sent, not when queued, so a message delayed by retries still carries a full-length link.
      const { pdf_url, xml_url } = invoiceFileUrls(deps, inv);
      if (!pdf_url || !xml_url)
        throw new SendError(`invoice ${inv.id} is not completed`, { permanent: true });
      await send(to, `${payload.text}\n${msg.xmlLink(xml_url)}`, [pdf_url]);
    } catch (err) {
      throw toSendError(err);
    }
  };
}
