import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { InvoicesTable } from '../db/schema.js';
import { invoiceFileUrls } from './invoice.links.js';
import type { ReviewView } from './review.service.js';

/** The Invoice object of the interface document (amount in pesos, links minted fresh on every read). */
export interface InvoiceView {
  id: string;
  status: InvoicesTable['status'];
  amount: number | null;
  currency: string;
  vendor: string | null;
  created_at: string;
  pdf_url: string | null;
  xml_url: string | null;
}

type PresentDeps = { config: Config; clock: Clock };

const pesos = (cents: number | null) => (cents === null ? null : Number(cents) / 100);

export function toInvoice(deps: PresentDeps, inv: InvoicesTable): InvoiceView {
  const done = inv.status === 'completed';
  return {
    id: inv.id,
    status: inv.status,
    amount: done ? pesos(inv.amount_cents) : null,
    currency: inv.currency,
    vendor: done ? inv.vendor : null,
    created_at: inv.created_at,
    ...invoiceFileUrls(deps, inv),
  };
}

/** The organization creation's answer: the Invoice plus the member it was made for. */
export const toOrgInvoice = (deps: PresentDeps, inv: InvoicesTable, memberRfc: string) => ({
  ...toInvoice(deps, inv),
  member_rfc: memberRfc,
});

/** The details form of docs/decisions.md §6; `review` (§6b) is null unless the invoice is pending. */
export const toInvoiceDetails = (
  deps: PresentDeps,
  inv: InvoicesTable,
  memberRfc: string,
  review: ReviewView = null,
) => ({
  ...toInvoice(deps, inv),
  member_rfc: memberRfc,
  cfdi_usage: inv.cfdi_usage,
  uuid: inv.status === 'completed' ? inv.uuid : null,
  failure_reason: inv.status === 'failed' ? inv.failure_reason : null,
  review,
});
