import type { InvoicesTable } from '../../db/schema.js';
import { invoiceFileUrls } from '../../invoices/invoice.links.js';
import { listRecentInvoices } from '../../invoices/invoices.service.js';
import { listPendingInvoices } from '../../invoices/review.repo.js';
import { say, type Turn } from './chat.context.js';
import { failureText, money } from './messages.js';
import { showCard } from './review.cards.repo.js';

const day = new Intl.DateTimeFormat('es-MX', {
  timeZone: 'America/Mexico_City',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

const STATUS: Record<InvoicesTable['status'], string> = {
  completed: '✅ lista',
  processing: '⏳ en proceso',
  pending: '⏳ pendiente',
  failed: '❌ no se pudo',
};

function describe(turn: Turn, inv: InvoicesTable, n: number): string {
  const head = [
    `${n}. ${day.format(new Date(inv.created_at))}`,
    inv.vendor ?? undefined,
    inv.amount_cents !== null ? money(inv.amount_cents, inv.currency) : undefined,
    STATUS[inv.status],
  ]
    .filter(Boolean)
    .join(' · ');
  if (inv.status === 'failed') return `${head}: ${failureText(inv.failure_code)}`;
  if (inv.status !== 'completed') return head;
  // Links are minted on every read, so the ones in this answer are good for the full TTL.
  const { pdf_url, xml_url } = invoiceFileUrls(turn.deps, inv);
  return [head, `PDF: ${pdf_url}`, `XML: ${xml_url}`].join('\n');
}

/**
 * /facturas: the last five invoices of the person, with fresh signed links; then the card of each invoice
 * that waits for review, sent again (the last one sent is the one a typed answer goes to).
 */
export async function listInvoices(turn: Turn, profileId: string): Promise<void> {
  const { db, clock } = turn.deps;
  const invoices = await listRecentInvoices(db, profileId, 5);
  const pending = (await listPendingInvoices(db, profileId, 5)).reverse();
  if (invoices.length === 0) {
    say(turn, 'Aún no tienes facturas. Envíame la foto de un ticket para hacer la primera.');
    return;
  }
  const note = pending.length ? ['Te envío abajo las que esperan tu confirmación.'] : [];
  say(
    turn,
    ['Tus últimas facturas:', ...invoices.map((inv, i) => describe(turn, inv, i + 1)), ...note].join('\n\n'),
  );
  for (const inv of pending) {
    await showCard(db, clock, turn.chat, inv.id);
    turn.out.push({ type: 'review_card', invoiceId: inv.id, fresh: true });
  }
}
