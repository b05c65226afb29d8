import { createHash } from 'node:crypto';
import { createRoute, type OpenAPIHono, type z } from '@hono/zod-openapi';
import type { DbOrTrx } from '../db/db.js';
import type { ProfilesTable } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { forbidden, notFound } from '../errors.js';
import type { AppEnv } from '../http/env.js';
import { bearerSecurity, errorResponses, jsonBody, jsonResponse } from '../http/openapi.js';
import { newRouter } from '../http/router.js';
import { requireOrgMember } from '../organizations/organizations.access.js';
import { findProfileById, findProfileByRfc } from '../profiles/profiles.repo.js';
import { decodeReceiptImage } from './intake.js';
import { toInvoice, toInvoiceDetails, toOrgInvoice } from './invoices.presenters.js';
import {
  CreateInvoiceBody,
  CreateOrgInvoiceBody,
  IdempotencyHeaders,
  InvoiceDetailsSchema,
  InvoiceIdParams,
  InvoiceSchema,
  MemberInvoicesQuery,
  MemberInvoicesSchema,
  OrgInvoiceSchema,
} from './invoices.schemas.js';
import {
  type CreateInvoiceInput,
  createInvoice,
  getInvoiceForViewer,
  listMemberInvoices,
} from './invoices.service.js';
import { reviewView } from './review.service.js';

const base = { tags: ['Invoices'], security: bearerSecurity };
const CREATE_ERRORS = [400, 402, 409, 413, 415] as const;

const createPersonal = createRoute({
  ...base,
  method: 'post',
  path: '/api/svc/facturar-ticket',
  summary: "Invoice a receipt for the caller, paid with the caller's credits (answers 202, then poll)",
  request: { headers: IdempotencyHeaders, body: jsonBody(CreateInvoiceBody) },
  responses: {
    202: jsonResponse(InvoiceSchema, 'Accepted: processing'),
    ...errorResponses(...CREATE_ERRORS),
  },
});
const createForMember = createRoute({
  ...base,
  method: 'post',
  path: '/api/svc/facturar-ticket-org',
  summary:
    "Invoice a receipt for a member of the caller's organization, paid with the organization's credits (admins for any member, members for themselves)",
  request: { headers: IdempotencyHeaders, body: jsonBody(CreateOrgInvoiceBody) },
  responses: {
    202: jsonResponse(OrgInvoiceSchema, 'Accepted: processing'),
    ...errorResponses(...CREATE_ERRORS, 403, 404),
  },
});
const getDetails = createRoute({
  ...base,
  method: 'get',
  path: '/api/svc/invoices/{id}',
  summary:
    'Invoice details: poll this until status is completed or failed (owner, or an admin of its organization)',
  request: { params: InvoiceIdParams },
  responses: { 200: jsonResponse(InvoiceDetailsSchema, 'The invoice'), ...errorResponses(400, 403, 404) },
});
const memberInvoices = createRoute({
  ...base,
  method: 'get',
  path: '/api/svc/member-invoices',
  summary:
    "A member's invoices made within the organization, newest first (the member itself, or its admins)",
  request: { query: MemberInvoicesQuery },
  responses: { 200: jsonResponse(MemberInvoicesSchema, 'One page'), ...errorResponses(400, 403, 404) },
});

/** Same key + same body must be recognised as a retry; the hash covers every field that shapes the invoice. */
const hashBody = (body: Record<string, unknown>) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        body.receipt_image,
        body.cfdi_usage,
        body.expense_description ?? null,
        body.rfc ?? null,
        // Absent when 'auto', so keys of requests made before the option existed still match.
        ...(body.review && body.review !== 'auto' ? [body.review] : []),
      ]),
    )
    .digest('hex');

/** What both create routes take alike from the request: the image, the options and the retry identity. */
function fromRequest(
  deps: Deps,
  body: z.infer<typeof CreateInvoiceBody>,
  idempotencyKey: string | undefined,
): Pick<
  CreateInvoiceInput,
  'image' | 'cfdiUsage' | 'expenseDescription' | 'source' | 'idempotencyKey' | 'requestHash' | 'review'
> {
  return {
    image: decodeReceiptImage(body.receipt_image, deps.config.MAX_IMAGE_BYTES),
    cfdiUsage: body.cfdi_usage,
    expenseDescription: body.expense_description,
    source: 'api',
    idempotencyKey: idempotencyKey ?? null,
    requestHash: hashBody(body),
    review: body.review ?? 'auto',
  };
}

/** The member an org invoice is for: admins may name any member, others only themselves (docs/decisions.md §4). */
async function memberFor(deps: Deps, caller: ProfilesTable, rfc: string): Promise<ProfilesTable> {
  if (!caller.org_id) throw notFound('Member');
  if (caller.rfc === rfc) return caller;
  const target = await findProfileByRfc(deps.db, rfc);
  if (!target || target.org_id !== caller.org_id) throw notFound('Member');
  if (caller.is_admin !== 1)
    throw forbidden('Only an admin of the organization may invoice for other members');
  return target;
}

/** The member whose invoices are listed in an organization: the caller itself, or any member for an admin. */
async function memberToList(
  db: DbOrTrx,
  caller: ProfilesTable,
  orgId: string,
  rfc: string,
): Promise<ProfilesTable> {
  requireOrgMember(caller, orgId);
  const member = caller.rfc === rfc ? caller : await findProfileByRfc(db, rfc);
  if (!member || member.org_id !== orgId) throw notFound('Member');
  if (member.id !== caller.id && caller.is_admin !== 1) {
    throw forbidden("Only an admin of the organization may list other members' invoices");
  }
  return member;
}

export function invoicesRoutes(deps: Deps): OpenAPIHono<AppEnv> {
  const app = newRouter();
  const { db } = deps;

  app.openapi(createPersonal, async (c) => {
    const body = c.req.valid('json');
    const caller = c.get('profile');
    const inv = await createInvoice(deps, {
      ownerProfileId: caller.id,
      createdByProfileId: caller.id,
      chargeTo: { type: 'profile', id: caller.id },
      orgId: null,
      ...fromRequest(deps, body, c.req.valid('header')['idempotency-key']),
    });
    return c.json(toInvoice(deps, inv), 202);
  });

  app.openapi(createForMember, async (c) => {
    const body = c.req.valid('json');
    const caller = c.get('profile');
    const member = await memberFor(deps, caller, body.rfc);
    const inv = await createInvoice(deps, {
      ownerProfileId: member.id,
      createdByProfileId: caller.id,
      chargeTo: { type: 'org', id: caller.org_id! },
      orgId: caller.org_id,
      ...fromRequest(deps, body, c.req.valid('header')['idempotency-key']),
    });
    const owner = inv.profile_id === member.id ? member : await findProfileById(db, inv.profile_id);
    return c.json(toOrgInvoice(deps, inv, owner?.rfc ?? member.rfc), 202);
  });

  app.openapi(getDetails, async (c) => {
    const inv = await getInvoiceForViewer(db, c.get('profile'), c.req.valid('param').id);
    const owner = await findProfileById(db, inv.profile_id);
    return c.json(toInvoiceDetails(deps, inv, owner?.rfc ?? '', await reviewView(db, inv)), 200);
  });

  app.openapi(memberInvoices, async (c) => {
    const q = c.req.valid('query');
    const member = await memberToList(db, c.get('profile'), q.org_id, q.rfc);
    const page = await listMemberInvoices(db, { orgId: q.org_id, profileId: member.id, ...q });
    return c.json(
      {
        invoices: page.rows.map((r) => toInvoice(deps, r)),
        total: page.total,
        limit: q.limit,
        offset: q.offset,
      },
      200,
    );
  });

  return app;
}
