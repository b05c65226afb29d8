import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from './env.js';

/** Shared pieces of the OpenAPI document; routes of every feature use these so the doc stays uniform. */
export const ErrorSchema = z
  .object({
    error: z.string().openapi({ example: 'ValidationError' }),
    message: z.string().openapi({ example: 'Invalid tax_info.tax_id: not a valid RFC' }),
    details: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .openapi({ description: 'Only for ValidationError: the offending field paths' }),
  })
  .openapi('Error');

const ERROR_TEXT: Record<number, string> = {
  400: 'ValidationError: malformed JSON or an invalid field (`details` lists the field paths)',
  401: 'Unauthorized: API key missing or invalid',
  402: 'InsufficientCredits: no credits left',
  403: 'Forbidden: authenticated, but not allowed (own organization)',
  404: 'NotFound: unknown, or belongs to another organization',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  422: 'UnprocessableDocument: the document could not be used (no text layer, locked, corrupt, or another kind)',
  429: 'RateLimited: too many requests for this key, or too many invoices processing for the payer (see Retry-After)',
  500: 'InternalError',
};

type ErrorResponses = Record<
  number,
  { description: string; content: { 'application/json': { schema: typeof ErrorSchema } } }
>;

/** Error responses for a route; 401 and 429 apply to every /api route and are always included there. */
export function errorResponses(...statuses: number[]): ErrorResponses {
  return Object.fromEntries(
    [...new Set([...statuses, 401, 429])]
      .sort()
      .map((s) => [
        s,
        { description: ERROR_TEXT[s] ?? 'Error', content: { 'application/json': { schema: ErrorSchema } } },
      ]),
  );
}

export const bearerSecurity = [{ bearer: [] as string[] }];

export const jsonBody = <T extends z.ZodType>(schema: T, description?: string) => ({
  required: true,
  description,
  content: { 'application/json': { schema } },
});

export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

export const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  tags: ['Health'],
  summary: 'Health check (no authentication)',
  responses: {
    200: jsonResponse(
      z.object({
        status: z.literal('ok'),
        time: z.string().openapi({ example: '2026-11-21T18:04:05.123Z' }),
      }),
      'The service is up',
    ),
  },
});

const DESCRIPTION = `Turns photos of store receipts ("tickets") into CFDI 4.0 invoices.

Authenticate every /api call with \`Authorization: Bearer svc_...\`. Errors are
\`{ "error": "<Name>", "message": "..." }\` (plus \`details\` for validation errors). Timestamps are UTC ISO 8601,
ids are UUIDs. A profile may read and update itself; an organization admin also its members. Another
organization's resources answer 404, never 403.`;

const documentConfig = (server: string) => ({
  openapi: '3.1.0',
  info: { title: 'Ticket → CFDI invoicing service', version: '0.1.0', description: DESCRIPTION },
  servers: [{ url: server }],
});

type OpenApiDocument = ReturnType<OpenAPIHono<AppEnv>['getOpenAPI31Document']>;
const built = new WeakMap<OpenAPIHono<AppEnv>, OpenApiDocument>();

/**
 * The document for every route of app, generated on the first call (once all features are mounted) and kept:
 * generating it walks every schema, too much work to repeat for each unauthenticated request.
 */
export function openApiDocument(app: OpenAPIHono<AppEnv>, server: string): OpenApiDocument {
  let doc = built.get(app);
  if (!doc) {
    doc = app.getOpenAPI31Document(documentConfig(server));
    built.set(app, doc);
  }
  return { ...doc, servers: [{ url: server }] };
}

/** Serves the generated OpenAPI 3.1 document; routes mounted later (any feature) appear in it. */
export function mountOpenApi(app: OpenAPIHono<AppEnv>, publicBaseUrl?: string): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'API key starting with `svc_` (issued by the operator CLI or the bots)',
  });
  app.get('/openapi.json', (c) => c.json(openApiDocument(app, publicBaseUrl ?? new URL(c.req.url).origin)));
}
