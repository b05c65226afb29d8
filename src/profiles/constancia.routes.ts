import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { normalizeRfc } from '../catalogs/rfc.js';
import type { Deps } from '../deps.js';
import type { AppEnv } from '../http/env.js';
import { bearerSecurity, errorResponses, jsonBody, jsonResponse } from '../http/openapi.js';
import { newRouter } from '../http/router.js';
import { requireProfileAccess } from '../organizations/organizations.access.js';
import { applyConstancia, decodeDocument, readConstancia } from './constancia.service.js';
import { toTaxInfo } from './profiles.presenters.js';
import { findProfileByRfc } from './profiles.repo.js';
import { RfcParams, TaxInfoSchema } from './profiles.schemas.js';

export const ConstanciaBodySchema = z
  .object({
    document: z.string().min(1).openapi({
      description:
        'Base64 of the PDF SAT issues (not a scan); a `data:application/pdf;base64,` prefix is accepted',
    }),
  })
  .openapi('ConstanciaUpload');

const postConstancia = createRoute({
  tags: ['Profiles'],
  security: bearerSecurity,
  method: 'post',
  path: '/api/profile/{rfc}/tax-info/constancia',
  summary: "Fill the tax information from SAT's Constancia de Situación Fiscal (PDF)",
  description:
    'Reads the RFC, name or razón social, postal code and regímenes from the PDF text layer. With several ' +
    'regímenes in force, the current one is kept when listed, else the first that allows the default CFDI use. ' +
    'Headers `Constancia-Regimenes` (all codes in force) and `Constancia-Issued-On` (YYYY-MM-DD) tell what was ' +
    'read. The PDF is not stored.',
  request: { params: RfcParams, body: jsonBody(ConstanciaBodySchema) },
  responses: {
    200: jsonResponse(TaxInfoSchema, 'The updated tax information (same shape as GET tax-info)'),
    ...errorResponses(400, 403, 404, 409, 413, 415, 422),
  },
});

export function constanciaRoutes(deps: Deps): OpenAPIHono<AppEnv> {
  const app = newRouter();
  app.openapi(postConstancia, async (c) => {
    const caller = c.get('profile');
    const { rfc } = c.req.valid('param');
    const target = requireProfileAccess(
      caller,
      normalizeRfc(rfc) === caller.rfc ? caller : await findProfileByRfc(deps.db, rfc),
    );
    const pdf = decodeDocument(c.req.valid('json').document, deps.config.MAX_IMAGE_BYTES);
    const data = await readConstancia(pdf, deps.config.MAX_IMAGE_BYTES);
    const { tax } = await applyConstancia(deps, target, data);
    c.header('Constancia-Regimenes', data.regimenes.join(','));
    c.header('Constancia-Issued-On', data.issued_on);
    return c.json(toTaxInfo(target.rfc, tax), 200);
  });
  return app;
}
