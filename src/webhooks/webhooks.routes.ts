import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Deps } from '../deps.js';
import type { AppEnv } from '../http/env.js';
import { bearerSecurity, errorResponses, jsonBody, jsonResponse } from '../http/openapi.js';
import { newRouter } from '../http/router.js';
import { DeleteResultSchema } from '../organizations/organizations.schemas.js';
import { toCreatedEndpoint, toDelivery, toEndpoint, toRotatedEndpoint } from './webhooks.presenters.js';
import {
  CreatedEndpointSchema,
  CreateEndpointBody,
  DeliveriesQuery,
  DeliveryListSchema,
  DeliverySchema,
  EndpointIdParams,
  EndpointListSchema,
  RotatedEndpointSchema,
} from './webhooks.schemas.js';
import {
  createEndpoint,
  deliveriesOf,
  listEndpointsFor,
  pingEndpoint,
  removeEndpoint,
  rotateSecret,
} from './webhooks.service.js';

const base = { tags: ['Webhooks'], security: bearerSecurity };
const PATH = '/api/svc/webhook-endpoints';
const byId = (suffix = '') => ({ path: `${PATH}/{id}${suffix}`, request: { params: EndpointIdParams } });

const create = createRoute({
  ...base,
  method: 'post',
  path: PATH,
  summary:
    "Register a URL for signed invoice events (yours, or with org_id an organization's you administer); the secret is shown once",
  request: { body: jsonBody(CreateEndpointBody) },
  responses: {
    201: jsonResponse(CreatedEndpointSchema, 'Registered'),
    ...errorResponses(400, 403, 404, 409),
  },
});
const list = createRoute({
  ...base,
  method: 'get',
  path: PATH,
  summary: "Your endpoints, and your organization's if you administer it (no secrets)",
  responses: { 200: jsonResponse(EndpointListSchema, 'The endpoints') },
});
const remove = createRoute({
  ...base,
  ...byId(),
  method: 'delete',
  summary: 'Delete an endpoint; its pending deliveries are dropped',
  responses: { 200: jsonResponse(DeleteResultSchema, 'Deleted'), ...errorResponses(400, 404) },
});
const rotate = createRoute({
  ...base,
  ...byId('/rotate-secret'),
  method: 'post',
  summary: 'New signing secret; the previous one keeps signing alongside it for 24 hours',
  responses: { 200: jsonResponse(RotatedEndpointSchema, 'The new secret'), ...errorResponses(400, 404) },
});
const sendPing = createRoute({
  ...base,
  ...byId('/test'),
  method: 'post',
  summary:
    'Send a `ping` event now (one attempt; see its result in /deliveries); a delivered ping re-enables a disabled endpoint',
  responses: { 202: jsonResponse(DeliverySchema, 'Queued'), ...errorResponses(400, 404) },
});
const deliveries = createRoute({
  ...base,
  ...byId('/deliveries'),
  method: 'get',
  summary: 'The latest deliveries, newest first: event, last status code, attempts, next retry',
  request: { params: EndpointIdParams, query: DeliveriesQuery },
  responses: { 200: jsonResponse(DeliveryListSchema, 'Deliveries'), ...errorResponses(400, 404) },
});

export function webhooksRoutes(deps: Deps): OpenAPIHono<AppEnv> {
  const app = newRouter();

  app.openapi(create, async (c) => {
    const ep = await createEndpoint(deps, c.get('profile'), c.req.valid('json'));
    return c.json(toCreatedEndpoint(ep), 201);
  });
  app.openapi(list, async (c) => {
    const rows = await listEndpointsFor(deps, c.get('profile'));
    return c.json({ endpoints: rows.map(toEndpoint) }, 200);
  });
  app.openapi(remove, async (c) => {
    await removeEndpoint(deps, c.get('profile'), c.req.valid('param').id);
    return c.json({ success: true, message: 'Webhook endpoint deleted' }, 200);
  });
  app.openapi(rotate, async (c) => {
    const ep = await rotateSecret(deps, c.get('profile'), c.req.valid('param').id);
    return c.json(toRotatedEndpoint(ep), 200);
  });
  app.openapi(sendPing, async (c) => {
    const d = await pingEndpoint(deps, c.get('profile'), c.req.valid('param').id);
    return c.json(toDelivery({ ...d, event_type: 'ping' }), 202);
  });
  app.openapi(deliveries, async (c) => {
    const rows = await deliveriesOf(
      deps,
      c.get('profile'),
      c.req.valid('param').id,
      c.req.valid('query').limit,
    );
    return c.json({ deliveries: rows.map(toDelivery) }, 200);
  });
  return app;
}
