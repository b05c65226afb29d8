import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Deps } from '../deps.js';
import { notFound } from '../errors.js';
import type { AppEnv } from '../http/env.js';
import { bearerSecurity, errorResponses, jsonBody, jsonResponse } from '../http/openapi.js';
import { newRouter } from '../http/router.js';
import { findProfileByRfc, findProfileByRfcOrId, listOrgMembers } from '../profiles/profiles.repo.js';
import { ProfilePatchSchema } from '../profiles/profiles.schemas.js';
import { updateProfile } from '../profiles/profiles.service.js';
import { requireMemberOf, requireOrgAdmin, requireOrgMember } from './organizations.access.js';
import {
  toMemberDetail,
  toMemberListItem,
  toMemberSummary,
  toOrganization,
} from './organizations.presenters.js';
import {
  DeleteResultSchema,
  MemberDetailSchema,
  MemberListItemSchema,
  MemberRfcOrIdParams,
  MemberRfcParams,
  MemberSummarySchema,
  OrganizationSchema,
  OrgCreditsSchema,
  OrgParams,
  OrgQuery,
} from './organizations.schemas.js';
import { getOrganization, invoiceCountsByMember, removeMember } from './organizations.service.js';

const base = { tags: ['Organizations'], security: bearerSecurity };
const read = (summary: string) => ({ ...base, method: 'get' as const, summary });

const getOrg = createRoute({
  ...read('Read an organization (its members)'),
  path: '/api/organizations/{org_id}',
  request: { params: OrgParams },
  responses: { 200: jsonResponse(OrganizationSchema, 'The organization'), ...errorResponses(404) },
});
const getCredits = createRoute({
  ...read("The organization's credit balance (its admins)"),
  path: '/api/organizations/{org_id}/credits',
  request: { params: OrgParams },
  responses: { 200: jsonResponse(OrgCreditsSchema, 'Balance'), ...errorResponses(403, 404) },
});
const listMembers = createRoute({
  ...read('List members (its admins)'),
  path: '/api/organizations/{org_id}/members',
  request: { params: OrgParams },
  responses: {
    200: jsonResponse(z.object({ members: z.array(MemberListItemSchema) }), 'Members'),
    ...errorResponses(403, 404),
  },
});
const listMembersSvc = createRoute({
  ...read('List members with their invoice counts (its admins)'),
  path: '/api/svc/organization-members',
  request: { query: OrgQuery },
  responses: {
    200: jsonResponse(z.object({ members: z.array(MemberSummarySchema) }), 'Members'),
    ...errorResponses(400, 403, 404),
  },
});
const patchMember = createRoute({
  ...base,
  method: 'patch',
  path: '/api/organizations/{org_id}/members/{rfc}',
  summary: "Update a member's name, email or phone number (its admins)",
  request: { params: MemberRfcParams, body: jsonBody(ProfilePatchSchema) },
  responses: { 200: jsonResponse(MemberDetailSchema, 'The member'), ...errorResponses(400, 403, 404, 409) },
});
const deleteMember = createRoute({
  ...base,
  method: 'delete',
  path: '/api/organizations/{org_id}/members/{rfc}',
  summary: 'Remove a member from the organization (its admins); the profile and its invoices stay',
  request: { params: MemberRfcOrIdParams },
  responses: {
    200: jsonResponse(DeleteResultSchema, 'Removed'),
    ...errorResponses(400, 403, 404, 409),
  },
});

export function organizationsRoutes(deps: Deps): OpenAPIHono<AppEnv> {
  const { db } = deps;
  const app = newRouter();

  const orgFor = async (orgId: string) => {
    const org = await getOrganization(db, orgId);
    if (!org) throw notFound('Organization');
    return org;
  };

  app.openapi(getOrg, async (c) => {
    const { org_id } = c.req.valid('param');
    requireOrgMember(c.get('profile'), org_id);
    return c.json(toOrganization(await orgFor(org_id)), 200);
  });

  app.openapi(getCredits, async (c) => {
    const { org_id } = c.req.valid('param');
    requireOrgAdmin(c.get('profile'), org_id);
    return c.json({ credits_remaining: (await orgFor(org_id)).credits_remaining }, 200);
  });

  app.openapi(listMembers, async (c) => {
    const { org_id } = c.req.valid('param');
    requireOrgAdmin(c.get('profile'), org_id);
    return c.json({ members: (await listOrgMembers(db, org_id)).map(toMemberListItem) }, 200);
  });

  app.openapi(listMembersSvc, async (c) => {
    const { org_id } = c.req.valid('query');
    requireOrgAdmin(c.get('profile'), org_id);
    const [members, counts] = await Promise.all([
      listOrgMembers(db, org_id),
      invoiceCountsByMember(db, org_id),
    ]);
    return c.json({ members: members.map((m) => toMemberSummary(m, counts.get(m.id) ?? 0)) }, 200);
  });

  app.openapi(patchMember, async (c) => {
    const { org_id, rfc } = c.req.valid('param');
    requireOrgAdmin(c.get('profile'), org_id);
    const member = requireMemberOf(org_id, await findProfileByRfc(db, rfc));
    return c.json(toMemberDetail(await updateProfile(deps, member.id, c.req.valid('json'))), 200);
  });

  app.openapi(deleteMember, async (c) => {
    const { org_id, rfc } = c.req.valid('param');
    requireOrgAdmin(c.get('profile'), org_id);
    const member = requireMemberOf(org_id, await findProfileByRfcOrId(db, rfc));
    await removeMember(deps, org_id, member.id);
    return c.json({ success: true, message: `${member.rfc} is no longer a member of the organization` }, 200);
  });

  return app;
}
