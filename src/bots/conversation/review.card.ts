import type { DbOrTrx } from '../../db/db.js';
import type { InvoicesTable } from '../../db/schema.js';
import { listCorrections, reviewFieldsOf } from '../../invoices/review.repo.js';
import { currentReading } from '../../invoices/review.service.js';
import type { KeyField } from '../../receipts/review.js';
import type { Channel } from './conversation.types.js';

/** The review card: what was read, the doubtful values marked, and the choices (buttons or a numbered menu). */
export interface Button {
  label: string;
  data: string;
}
export interface Card {
  text: string;
  /** Telegram inline keyboard rows; empty once the invoice is no longer pending. */
  buttons: Button[][];
}

/** callback_data of the card's buttons: `rv:<invoice id>:<action>` (under Telegram's 64 bytes). */
export const ACTIONS = ['ok', 'rfc', 'total', 'fecha', 'no'] as const;
export type CardAction = (typeof ACTIONS)[number];
export const buttonData = (invoiceId: string, action: CardAction) => `rv:${invoiceId}:${action}`;

const pesos = (cents: number | null) =>
  cents === null
    ? null
    : `${new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' }).format(cents / 100)}`;
const dmy = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : null);

/** How the bot names an invoice when several wait in one chat: store and total. */
export function invoiceLabel(vendor: string | null, total: number | null): string {
  const amount = pesos(total);
  return `la factura de ${vendor ?? 'tu ticket'}${amount ? ` por ${amount}` : ''}`;
}

const CLOSED: Record<string, string> = {
  processing: '✅ Confirmada: estoy generando tu factura…',
  completed: '✅ Factura emitida.',
  cancelled: '❌ Cancelada. Tu crédito fue devuelto.',
  expired: '⌛ Venció sin confirmarse. Tu crédito fue devuelto.',
  failed: '❌ No se pudo emitir.',
};

function menu(): string {
  return [
    'Responde con:',
    '1 – Facturar así (o «sí»)',
    '2 – Corregir el RFC, p. ej. «rfc ABC010101AB1»',
    '3 – Corregir el total, p. ej. «total 1,234.50»',
    '4 – Corregir la fecha, p. ej. «fecha 15/03/2025»',
    '5 – Cancelar',
  ].join('\n');
}

function keyboard(id: string): Button[][] {
  return [
    [{ label: '✅ Facturar', data: buttonData(id, 'ok') }],
    [
      { label: '✏️ RFC', data: buttonData(id, 'rfc') },
      { label: '✏️ Total', data: buttonData(id, 'total') },
      { label: '✏️ Fecha', data: buttonData(id, 'fecha') },
    ],
    [{ label: '❌ Cancelar', data: buttonData(id, 'no') }],
  ];
}

/** The card of an invoice as it is now, for one channel; undefined when the invoice was never reviewed. */
export async function renderCard(
  db: DbOrTrx,
  inv: InvoicesTable,
  channel: Channel,
): Promise<Card | undefined> {
  const r = await currentReading(db, inv);
  if (!r) return undefined;
  const corrected = new Set((await listCorrections(db, inv.id)).map((c) => c.field));
  const doubtful = new Set(reviewFieldsOf(inv).filter((f) => !corrected.has(f)));
  const line = (label: string, f: KeyField, value: string | null) =>
    `${label}: ${value ?? '(no lo leí)'}${doubtful.has(f) ? ' ⚠️' : ''}`;
  const fields = [
    line('Comercio', 'vendor_name', r.vendor_name),
    line('RFC', 'vendor_rfc', r.vendor_rfc),
    line('Fecha', 'date', dmy(r.date)),
    line('Total', 'total', pesos(r.total)),
  ];
  if (inv.status !== 'pending') {
    const head =
      CLOSED[inv.status === 'failed' ? (inv.failure_code ?? 'failed') : inv.status] ?? CLOSED.failed;
    return { text: [head, '', ...fields].join('\n'), buttons: [] };
  }
  const head = '🧾 Revisa tu factura antes de emitirla:';
  const note = doubtful.size > 0 ? '⚠️ = no estoy seguro de ese dato; compáralo con tu ticket.' : '';
  const body = [head, '', ...fields, ...(note ? ['', note] : [])];
  if (channel === 'whatsapp') return { text: [...body, '', menu()].join('\n'), buttons: [] };
  return { text: body.join('\n'), buttons: keyboard(inv.id) };
}
