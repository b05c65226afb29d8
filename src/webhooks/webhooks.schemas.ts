import { z } from '@hono/zod-openapi';
import { INVOICE_EVENT_TYPES } from './webhooks.events.js';

/** Zod schemas of the webhook routes: they validate requests and generate the OpenAPI document. */
const ts = z.string().openapi({ example: '2026-11-21T18:04:05.123Z' });
const EventType = z.enum(INVOICE_EVENT_TYPES);

export const CreateEndpointBody = z
  .object({
    url: z.string().trim().min(1).max(2048).openapi({
      example: 'https://example.com/hooks/facturas',
      description:
        'HTTPS URL resolving to a public address (http:// to loopback only with WEBHOOK_ALLOW_INSECURE=true)',
    }),
    events: z
      .array(EventType)
      .max(INVOICE_EVENT_TYPES.length)
      .optional()
      .openapi({ description: 'Event types to receive; omitted or empty: every event' }),
    org_id: z.string().min(1).max(100).optional().openapi({
      description: "An organization you administer: the endpoint receives the organization's invoices",
    }),
  })
  .openapi('CreateWebhookEndpointRequest');

const endpointFields = {
  id: z.uuid(),
  url: z.string(),
  events: z
    .array(EventType)
    .nullable()
    .openapi({ description: 'null: every event type (also those added later)' }),
  org_id: z.string().nullable().openapi({ description: 'The owning organization; null for your own' }),
  created_at: ts,
};

export const CreatedEndpointSchema = z
  .object({
    ...endpointFields,
    secret: z.string().openapi({
      example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      description: 'Signing secret (Standard Webhooks); shown only here and by rotate-secret',
    }),
  })
  .openapi('CreatedWebhookEndpoint');

export const RotatedEndpointSchema = CreatedEndpointSchema.extend({
  previous_secret_expires_at: ts.openapi({
    description: 'Until then every request carries a second signature made with the previous secret',
  }),
}).openapi('RotatedWebhookEndpoint');

export const EndpointSchema = z
  .object({
    ...endpointFields,
    status: z.enum(['enabled', 'disabled']),
    disabled_reason: z
      .string()
      .nullable()
      .openapi({ example: 'Every delivery failed for 3 days', description: 'Why it was disabled' }),
  })
  .openapi('WebhookEndpoint');

export const EndpointListSchema = z
  .object({ endpoints: z.array(EndpointSchema) })
  .openapi('WebhookEndpoints');

export const DeliverySchema = z
  .object({
    id: z.uuid(),
    event_id: z.uuid().openapi({ description: 'The webhook-id header of every attempt' }),
    event: z.enum([...INVOICE_EVENT_TYPES, 'ping']),
    status: z.enum(['pending', 'delivered', 'failed']),
    status_code: z.number().int().nullable().openapi({ description: "The last attempt's HTTP status" }),
    attempts: z.number().int(),
    next_retry_at: ts.nullable(),
    last_error: z.string().nullable(),
    response_body: z.string().nullable().openapi({ description: 'First 1 KB of the last answer' }),
    created_at: ts,
    delivered_at: ts.nullable(),
  })
  .openapi('WebhookDelivery');

export const DeliveryListSchema = z
  .object({ deliveries: z.array(DeliverySchema) })
  .openapi('WebhookDeliveries');

export const EndpointIdParams = z.object({
  id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }),
});

export const DeliveriesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
