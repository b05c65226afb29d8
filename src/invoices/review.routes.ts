import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Deps } from '../deps.js';
import type { AppEnv } from '../http/env.js';
import { bearerSecurity, errorResponses, jsonResponse } from '../http/openapi.js';
import { newRouter } from '../http/router.js';
import { findProfileById } from '../profiles/profiles.repo.js';
import { toInvoiceDetails } from './invoices.presenters.js';
import { ConfirmBody, InvoiceDetailsSchema, InvoiceIdParams } from './invoices.schemas.js';
import { cancelInvoice, confirmInvoice } from './review.service.js';

const base = { tags: ['Invoices'], security: bearerSecurity };

const confirm = createRoute({
  ...base,
  method: 'post',
  path: '/api/svc/invoices/{id}/confirm',
  summary:
    'Confirm a pending invoice, optionally correcting its key fields; it is then sealed with those values (answers 202, then poll)',
  request: {
    params: InvoiceIdParams,
    body: { required: false, content: { 'application/json': { schema: ConfirmBody } } },
  },
  responses: {
    202: jsonResponse(InvoiceDetailsSchema, 'Accepted: processing'),
    ...errorResponses(400, 403, 404, 409),
  },
});

const cancel = createRoute({
  ...base,
  method: 'post',
  path: '/api/svc/invoices/{id}/cancel',
  summary: 'Cancel a pending invoice: it fails as cancelled and its credit is returned',
  request: { params: InvoiceIdParams },
  responses: {
    200: jsonResponse(InvoiceDetailsSchema, 'Cancelled (status failed)'),
    ...errorResponses(400, 403, 404, 409),
  },
});

/** The review step of decisions.md §6b: confirm (with corrections) or cancel a pending invoice. */
export function reviewRoutes(deps: Deps): OpenAPIHono<AppEnv> {
  const app = newRouter();
  const details = async (inv: Parameters<typeof toInvoiceDetails>[1]) => {
    const owner = await findProfileById(deps.db, inv.profile_id);
    return toInvoiceDetails(deps, inv, owner?.rfc ?? '');
  };

  app.openapi(confirm, async (c) => {
    const inv = await confirmInvoice(deps, {
      viewer: c.get('profile'),
      invoiceId: c.req.valid('param').id,
      corrections: c.req.valid('json').corrections,
      source: 'api',
    });
    return c.json(await details(inv), 202);
  });

  app.openapi(cancel, async (c) => {
    const inv = await cancelInvoice(deps, {
      viewer: c.get('profile'),
      invoiceId: c.req.valid('param').id,
      source: 'api',
    });
    return c.json(await details(inv), 200);
  });

  return app;
}
