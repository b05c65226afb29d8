import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { normalizeRfc } from '../catalogs/rfc.js';
import type { ProfilesTable } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { forbidden } from '../errors.js';
import type { AppEnv } from '../http/env.js';
import { bearerSecurity, errorResponses, jsonBody, jsonResponse } from '../http/openapi.js';
import { newRouter } from '../http/router.js';
import { requireProfileAccess } from '../organizations/organizations.access.js';
import { toProfile, toShortProfile, toTaxInfo } from './profiles.presenters.js';
import { findProfileByRfc, findProfileByRfcOrId, getTaxInfo } from './profiles.repo.js';
import {
  CreatedProfileSchema,
  CreateProfileSchema,
  GetProfileQuery,
  ProfilePatchSchema,
  ProfileSchema,
  RfcOrIdParams,
  RfcParams,
  ShortProfileSchema,
  TaxInfoPatchSchema,
  TaxInfoSchema,
} from './profiles.schemas.js';
import { createProfile, updateProfile, updateTaxInfo } from './profiles.service.js';

const base = { tags: ['Profiles'], security: bearerSecurity };

const getProfile = createRoute({
  ...base,
  method: 'get',
  path: '/api/profile/{rfc}',
  summary: 'Read a profile (yourself, or a member of the organization you administer)',
  request: { params: RfcParams },
  responses: { 200: jsonResponse(ProfileSchema, 'The profile'), ...errorResponses(400, 403, 404) },
});

const patchProfile = createRoute({
  ...base,
  method: 'patch',
  path: '/api/profile/{rfc}',
  summary: 'Update name, email or phone number',
  request: { params: RfcOrIdParams, body: jsonBody(ProfilePatchSchema) },
  responses: {
    200: jsonResponse(ProfileSchema, 'The updated profile'),
    ...errorResponses(400, 403, 404, 409),
  },
});

const getTax = createRoute({
  ...base,
  method: 'get',
  path: '/api/profile/{rfc}/tax-info',
  summary: 'Read the tax information used as the invoice receptor',
  request: { params: RfcParams },
  responses: { 200: jsonResponse(TaxInfoSchema, 'Tax information'), ...errorResponses(400, 403, 404) },
});

const patchTax = createRoute({
  ...base,
  method: 'patch',
  path: '/api/profile/{rfc}/tax-info',
  summary: 'Update postal code, fiscal regime, default CFDI use (checked against SAT catalogs together)',
  request: { params: RfcParams, body: jsonBody(TaxInfoPatchSchema) },
  responses: {
    200: jsonResponse(TaxInfoSchema, 'The updated tax information'),
    ...errorResponses(400, 403, 404),
  },
});

const getShort = createRoute({
  ...base,
  method: 'get',
  path: '/api/svc/get-profile',
  summary: 'Read a profile (short form)',
  request: { query: GetProfileQuery },
  responses: { 200: jsonResponse(ShortProfileSchema, 'The profile'), ...errorResponses(400, 403, 404) },
});

const create = createRoute({
  ...base,
  method: 'post',
  path: '/api/svc/create-profile',
  summary: "Create a profile in your organization (organization admins); it joins the caller's organization",
  request: { body: jsonBody(CreateProfileSchema) },
  responses: { 201: jsonResponse(CreatedProfileSchema, 'The new profile'), ...errorResponses(400, 403, 409) },
});

export function profilesRoutes(deps: Deps): OpenAPIHono<AppEnv> {
  const { db } = deps;
  const app = newRouter();

  // The auth middleware loaded the caller's row in this request: reading oneself needs no second query.
  const lookup = async (caller: ProfilesTable, rfc: string) =>
    requireProfileAccess(caller, normalizeRfc(rfc) === caller.rfc ? caller : await findProfileByRfc(db, rfc));

  app.openapi(getProfile, async (c) => {
    const target = await lookup(c.get('profile'), c.req.valid('param').rfc);
    return c.json(toProfile(target), 200);
  });

  app.openapi(patchProfile, async (c) => {
    const found = await findProfileByRfcOrId(db, c.req.valid('param').rfc);
    const target = requireProfileAccess(c.get('profile'), found);
    return c.json(toProfile(await updateProfile(deps, target.id, c.req.valid('json'))), 200);
  });

  app.openapi(getTax, async (c) => {
    const target = await lookup(c.get('profile'), c.req.valid('param').rfc);
    return c.json(toTaxInfo(target.rfc, await getTaxInfo(db, target.id)), 200);
  });

  app.openapi(patchTax, async (c) => {
    const target = await lookup(c.get('profile'), c.req.valid('param').rfc);
    return c.json(toTaxInfo(target.rfc, await updateTaxInfo(deps, target.id, c.req.valid('json'))), 200);
  });

  app.openapi(getShort, async (c) => {
    const target = await lookup(c.get('profile'), c.req.valid('query').rfc);
    return c.json(toShortProfile(target), 200);
  });

  app.openapi(create, async (c) => {
    const caller = c.get('profile');
    if (!caller.org_id || caller.is_admin !== 1)
      throw forbidden('Only organization admins may create profiles');
    const body = c.req.valid('json');
    const { tax_id, ...tax } = body.tax_info;
    const profile = await createProfile(deps, {
      rfc: tax_id,
      name: body.name ?? tax.taxpayer,
      email: body.email,
      phone_number: body.phone_number,
      org_id: caller.org_id,
      tax_info: tax,
    });
    return c.json({ ...toProfile(profile), tax_id: profile.rfc }, 201);
  });

  return app;
}
