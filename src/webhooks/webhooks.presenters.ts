import type { WebhookDeliveriesTable, WebhookEndpointsTable } from '../db/schema.js';
import { type EventType, eventsOf } from './webhooks.events.js';
import type { DeliveryRow } from './webhooks.repo.js';

const fields = (ep: WebhookEndpointsTable) => ({
  id: ep.id,
  url: ep.url,
  events: eventsOf(ep),
  org_id: ep.org_id,
  created_at: ep.created_at,
});

/** The list form: no secret, but whether it still receives events and why not. */
export const toEndpoint = (ep: WebhookEndpointsTable) => ({
  ...fields(ep),
  status: ep.status,
  disabled_reason: ep.disabled_reason,
});

/** The creation answer, the only one with the secret. */
export const toCreatedEndpoint = (ep: WebhookEndpointsTable) => ({ ...fields(ep), secret: ep.secret });

export const toRotatedEndpoint = (ep: WebhookEndpointsTable) => ({
  ...toCreatedEndpoint(ep),
  previous_secret_expires_at: ep.previous_secret_expires_at ?? ep.updated_at,
});

type DeliveryView = WebhookDeliveriesTable & { event_type: string };

export const toDelivery = (d: DeliveryView | DeliveryRow) => ({
  id: d.id,
  event_id: d.event_id,
  event: d.event_type as EventType,
  status: d.status,
  status_code: d.status_code,
  attempts: d.attempts,
  next_retry_at: d.status === 'pending' ? d.next_attempt_at : null,
  last_error: d.last_error,
  response_body: d.response_body,
  created_at: d.created_at,
  delivered_at: d.delivered_at,
});
