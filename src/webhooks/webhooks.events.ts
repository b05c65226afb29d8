import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { DbOrTrx } from '../db/db.js';
import type { InvoicesTable, WebhookDeliveriesTable, WebhookEndpointsTable } from '../db/schema.js';
import type { InvoiceEvents } from '../invoices/invoice.events.js';
import { toInvoiceDetails } from '../invoices/invoices.presenters.js';
import { reviewView } from '../invoices/review.service.js';
import { enqueue, notifyJobEnqueued } from '../jobs/queue.js';
import { findProfileById } from '../profiles/profiles.repo.js';
import { endpointsForInvoice, insertDelivery, insertEvent } from './webhooks.repo.js';

export const WEBHOOK_DELIVERY_JOB = 'webhook.delivery';
export const INVOICE_EVENT_TYPES = ['invoice.completed', 'invoice.failed', 'invoice.pending_review'] as const;
export type InvoiceEventType = (typeof INVOICE_EVENT_TYPES)[number];
export type EventType = InvoiceEventType | 'ping';

/** A delivery job is only re-run when the worker itself fails (crash, database error), not for HTTP errors. */
const JOB_ATTEMPTS = 3;

type EventDeps = { config: Config; clock: Clock };

/** Endpoints registered without a list hear every event. */
export const eventsOf = (ep: Pick<WebhookEndpointsTable, 'events'>): InvoiceEventType[] | null =>
  ep.events === null ? null : (JSON.parse(ep.events) as InvoiceEventType[]);

const wants = (ep: WebhookEndpointsTable, type: InvoiceEventType) => eventsOf(ep)?.includes(type) ?? true;

/**
 * Queues one delivery attempt as its own job, so a slow endpoint holds only its own deliveries; the endpoint is
 * the job's payer key, so the queue's fair claims serve other endpoints (and invoices) between a dead one's.
 */
export async function enqueueAttempt(
  trx: DbOrTrx,
  clock: Clock,
  d: Pick<WebhookDeliveriesTable, 'id' | 'endpoint_id'>,
  runAt?: Date,
) {
  await enqueue(trx, clock, {
    kind: WEBHOOK_DELIVERY_JOB,
    payload: { deliveryId: d.id },
    runAt,
    maxAttempts: JOB_ATTEMPTS,
    payerKey: `webhook:${d.endpoint_id}`,
  });
}

/**
 * Writes the event (its exact body, signed anew but unchanged on every attempt) and one delivery plus one job
 * per endpoint, in the caller's transaction.
 */
async function fanOut(
  trx: DbOrTrx,
  clock: Clock,
  endpoints: WebhookEndpointsTable[],
  ev: { type: EventType; invoiceId: string | null; data: Record<string, unknown> },
): Promise<WebhookDeliveriesTable[]> {
  if (endpoints.length === 0) return [];
  const id = randomUUID();
  const createdAt = clock.now().toISOString();
  const body = JSON.stringify({ id, type: ev.type, created_at: createdAt, data: ev.data });
  await insertEvent(trx, { id, type: ev.type, invoiceId: ev.invoiceId, body, createdAt });
  const deliveries: WebhookDeliveriesTable[] = [];
  for (const ep of endpoints) {
    const d = await insertDelivery(trx, ep.id, id, createdAt);
    await enqueueAttempt(trx, clock, d);
    deliveries.push(d);
  }
  // The rows become visible at commit; a worker woken early finds them at its next poll.
  setImmediate(notifyJobEnqueued);
  return deliveries;
}

/**
 * Records an invoice event for every endpoint that hears about the invoice (its owner's; its organization's
 * when billed to one). Call inside the transaction that changes the invoice's status.
 */
export async function recordInvoiceEvent(
  trx: DbOrTrx,
  deps: EventDeps,
  invoice: InvoicesTable,
  type: InvoiceEventType,
): Promise<void> {
  const endpoints = (await endpointsForInvoice(trx, invoice)).filter((ep) => wants(ep, type));
  if (endpoints.length === 0) return;
  const owner = await findProfileById(trx, invoice.profile_id);
  // A pending_review event carries what the person must confirm, as GET /api/svc/invoices/{id} does.
  const data = { invoice: toInvoiceDetails(deps, invoice, owner?.rfc ?? '', await reviewView(trx, invoice)) };
  await fanOut(trx, deps.clock, endpoints, { type, invoiceId: invoice.id, data });
}

/** A `ping` to one endpoint (whatever its event list), for POST …/test. */
export async function recordPing(
  trx: DbOrTrx,
  clock: Clock,
  endpoint: WebhookEndpointsTable,
): Promise<WebhookDeliveriesTable> {
  const [d] = await fanOut(trx, clock, [endpoint], {
    type: 'ping',
    invoiceId: null,
    data: { endpoint_id: endpoint.id },
  });
  return d!;
}

/** The invoice listener: completed, failed and pending-review invoices become webhook events. */
export function webhookInvoiceEvents(deps: EventDeps): Required<InvoiceEvents> {
  return {
    async onFinished(trx, inv) {
      if (inv.status === 'completed') await recordInvoiceEvent(trx, deps, inv, 'invoice.completed');
      else if (inv.status === 'failed') await recordInvoiceEvent(trx, deps, inv, 'invoice.failed');
    },
    onPendingReview: (trx, inv) => recordInvoiceEvent(trx, deps, inv, 'invoice.pending_review'),
  };
}
