import type { Clock } from '../../clock.js';
import { balanceOf } from '../../credits/credits.service.js';
import type { DbOrTrx } from '../../db/db.js';
import type { InvoicesTable } from '../../db/schema.js';
import type { InvoiceEvents } from '../../invoices/invoice.events.js';
import { currentReading } from '../../invoices/review.service.js';
import type { Channel, OutPayload } from './conversation.types.js';
import { msg } from './messages.js';
import { enqueueOutbox } from './outbox.repo.js';
import { invoiceLabel } from './review.card.js';
import { findCard, showCard } from './review.cards.repo.js';
import { reviewMsg } from './review.messages.js';

function completedPayloads(channel: Channel, inv: InvoicesTable): OutPayload[] {
  const caption = msg.invoiceCaption(inv.vendor, inv.amount_cents, inv.currency, inv.uuid);
  if (channel === 'telegram') {
    // Two rows, so a retry after the PDF went out resends only the XML.
    return [
      { type: 'document', invoiceId: inv.id, file: 'pdf', caption },
      { type: 'document', invoiceId: inv.id, file: 'xml', caption: msg.xmlCaption(inv.uuid) },
    ];
  }
  return [{ type: 'invoice_links', invoiceId: inv.id, text: caption }];
}

async function failedPayloads(trx: DbOrTrx, inv: InvoicesTable): Promise<OutPayload[]> {
  const left = await balanceOf(trx, { type: inv.charged_account_type, id: inv.charged_account_id });
  if (inv.failure_code === 'cancelled' || inv.failure_code === 'expired') {
    const r = await currentReading(trx, inv);
    const label = invoiceLabel(r?.vendor_name ?? null, r?.total ?? null);
    const remaining = `${left === 1 ? 'queda' : 'quedan'} ${left === 1 ? '1 crédito' : `${left} créditos`}`;
    return [{ type: 'text', text: reviewMsg[inv.failure_code](label, remaining) }];
  }
  return [{ type: 'text', text: msg.invoiceFailed(inv.failure_code, left) }];
}

const chatOf = (inv: InvoicesTable): { channel: Channel; chatId: string } | undefined =>
  (inv.chat_channel === 'telegram' || inv.chat_channel === 'whatsapp') && inv.chat_id
    ? { channel: inv.chat_channel, chatId: inv.chat_id }
    : undefined;

/**
 * The invoice job calls this inside the transaction that finishes the invoice: the notice is written with that
 * transaction, so it exists exactly when the new status does, and the outbox delivers it even after a restart.
 */
export function chatInvoiceEvents(deps: { clock: Clock; kick: () => void }): InvoiceEvents {
  return {
    async onFinished(trx, inv) {
      const card = await findCard(trx, inv.id);
      const chat = card ? { channel: card.channel as Channel, chatId: card.chat_id } : chatOf(inv);
      if (!chat) return;
      const payloads =
        inv.status === 'completed'
          ? completedPayloads(chat.channel, inv)
          : inv.status === 'failed'
            ? await failedPayloads(trx, inv)
            : [];
      // A Telegram card shown for this invoice loses its buttons and shows how it ended.
      const edit: OutPayload[] = card?.message_id ? [{ type: 'review_card', invoiceId: inv.id }] : [];
      await enqueueOutbox(trx, deps.clock, chat, [...(chat.channel === 'telegram' ? edit : []), ...payloads]);
      // Rows become visible at commit; the kick (or the next poll) picks them up.
      setImmediate(deps.kick);
    },
    /** One card per invoice, in the chat the ticket came from; REST invoices have no chat and no card. */
    async onPendingReview(trx, inv) {
      const chat = chatOf(inv);
      if (!chat) return;
      await showCard(trx, deps.clock, chat, inv.id);
      await enqueueOutbox(trx, deps.clock, chat, [{ type: 'review_card', invoiceId: inv.id, fresh: true }]);
      setImmediate(deps.kick);
    },
  };
}
