import type { InvoicesTable } from '../../db/schema.js';
import { invoiceFileUrls } from '../../invoices/invoice.links.js';
import { listRecentInvoices } from '../../invoices/invoices.service.js';
import { say, type Turn } from './chat.context.js';
import { failureText, money } from './messages.js';

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

/** /facturas: the last five invoices of the person, with fresh signed links. */
export async function listInvoices(turn: Turn, profileId: string): Promise<void> {
  const invoices = await listRecentInvoices(turn.deps.db, profileId, 5);
  if (invoices.length === 0) {
    say(turn, 'Aún no tienes facturas. Envíame la foto de un ticket para hacer la primera.');
    return;
  }
  say(turn, ['Tus últimas facturas:', ...invoices.map((inv, i) => describe(turn, inv, i + 1))].join('\n\n'));
}
