import type { Clock } from '../../clock.js';
import { balanceOf } from '../../credits/credits.service.js';
import type { DbOrTrx } from '../../db/db.js';
import type { InvoicesTable } from '../../db/schema.js';
import type { InvoiceEvents } from '../../invoices/invoice.events.js';
import type { Channel, OutPayload } from './conversation.types.js';
import { msg } from './messages.js';
import { enqueueOutbox } from './outbox.repo.js';

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
  return [{ type: 'text', text: msg.invoiceFailed(inv.failure_code, left) }];
}

/**
 * The invoice job calls this inside the transaction that finishes the invoice: the notice is written with that
 * transaction, so it exists exactly when the new status does, and the outbox delivers it even after a restart.
 */
export function chatInvoiceEvents(deps: { clock: Clock; kick: () => void }): InvoiceEvents {
  return {
    async onFinished(trx, inv) {
      if (!inv.chat_channel || !inv.chat_id) return;
      if (inv.chat_channel !== 'telegram' && inv.chat_channel !== 'whatsapp') return;
      const channel: Channel = inv.chat_channel;
      const payloads =
        inv.status === 'completed'
          ? completedPayloads(channel, inv)
          : inv.status === 'failed'
            ? await failedPayloads(trx, inv)
            : [];
      await enqueueOutbox(trx, deps.clock, { channel, chatId: inv.chat_id }, payloads);
      // Rows become visible at commit; the kick (or the next poll) picks them up.
      setImmediate(deps.kick);
    },
  };
}
