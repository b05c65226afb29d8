import { Readable } from 'node:stream';
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Deps } from '../deps.js';
import { forbidden, notFound } from '../errors.js';
import type { AppEnv } from '../http/env.js';
import { errorResponses } from '../http/openapi.js';
import { newRouter } from '../http/router.js';
import { FILE_KINDS, type FileKind, verifyLink } from './invoice.links.js';
import { findInvoice } from './invoices.repo.js';

const CONTENT_TYPE: Record<FileKind, string> = {
  pdf: 'application/pdf',
  xml: 'application/xml; charset=utf-8',
};

const getFile = createRoute({
  method: 'get',
  path: '/files/invoices/{id}/{kind}',
  tags: ['Invoices'],
  summary: 'Download an invoice PDF or XML through the signed link of pdf_url / xml_url (no API key)',
  request: {
    params: z.object({
      id: z.string().openapi({ param: { name: 'id', in: 'path' } }),
      kind: z.string().openapi({ param: { name: 'kind', in: 'path' }, example: 'pdf' }),
    }),
    query: z.object({ exp: z.string().optional(), sig: z.string().optional() }),
  },
  responses: {
    200: {
      description: 'The file, with a download file name',
      content: {
        'application/pdf': { schema: z.string().openapi({ format: 'binary' }) },
        'application/xml': { schema: z.string() },
      },
    },
    ...Object.fromEntries(
      Object.entries(errorResponses(403, 404)).filter(([s]) => s === '403' || s === '404'),
    ),
  },
});

/**
 * Signed file links, mounted outside /api: the signature is the authorization. The storage key is read from
 * the invoice row; nothing from the URL is used as a path.
 */
export function filesRoutes(deps: Pick<Deps, 'db' | 'clock' | 'config' | 'storage'>): OpenAPIHono<AppEnv> {
  const app = newRouter();
  app.openapi(getFile, async (c) => {
    const { id, kind } = c.req.valid('param');
    const { exp, sig } = c.req.valid('query');
    if (!FILE_KINDS.includes(kind as FileKind)) throw notFound('File');
    const k = kind as FileKind;
    if (!verifyLink(deps, id, k, exp, sig)) throw forbidden('This link is invalid or has expired');
    const inv = await findInvoice(deps.db, id);
    const key = k === 'pdf' ? inv?.pdf_key : inv?.xml_key;
    if (inv?.status !== 'completed' || !key) throw notFound('File');
    // Streamed from storage: a download holds one piece of the file in memory at a time.
    const file = await deps.storage.open(key);
    const name = `factura-${inv.uuid ?? inv.id}.${k}`;
    return c.body(Readable.toWeb(file.stream) as ReadableStream<Uint8Array>, 200, {
      'Content-Type': CONTENT_TYPE[k],
      'Content-Disposition': `attachment; filename="${name}"`,
      'Content-Length': String(file.size),
      'Cache-Control': 'private, max-age=300',
      'X-Content-Type-Options': 'nosniff',
    });
  });
  return app;
}
