import { z } from '@hono/zod-openapi';
import { isValidRfc, normalizeRfc } from '../catalogs/rfc.js';

/** Zod schemas of the invoice routes: they validate requests and generate the OpenAPI document. */
const CfdiUsage = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]\d{2}$/, 'must be a c_UsoCFDI code such as G03')
  .openapi({
    example: 'G03',
    description: "CFDI use code (c_UsoCFDI), compatible with the receptor's regime",
  });

export const CreateInvoiceBody = z
  .object({
    receipt_image: z.string().min(1).openapi({
      description:
        'The receipt photo, JPEG or PNG, as Base64 or a data URI (`data:image/jpeg;base64,...`); at most 10 MB decoded',
      example: 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ...',
    }),
    cfdi_usage: CfdiUsage,
    expense_description: z
      .string()
      .max(1000)
      .nullish()
      .openapi({ description: 'Used as the concepto description when the items cannot be read' }),
  })
  .openapi('CreateInvoiceRequest');

export const CreateOrgInvoiceBody = CreateInvoiceBody.extend({
  rfc: z
    .string()
    .max(20)
    .transform(normalizeRfc)
    .refine(isValidRfc, 'not a valid RFC')
    .openapi({ example: 'GOMA800101AB1', description: 'RFC of the organization member to invoice for' }),
}).openapi('CreateOrgInvoiceRequest');

const ts = z.string().openapi({ example: '2026-11-21T18:04:05.123Z' });

export const InvoiceSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(['pending', 'processing', 'completed', 'failed']),
    amount: z
      .number()
      .nullable()
      .openapi({ description: 'Total in pesos; null until completed', example: 257.6 }),
    currency: z.string().openapi({ example: 'MXN' }),
    vendor: z.string().nullable(),
    created_at: ts,
    pdf_url: z
      .string()
      .nullable()
      .openapi({ description: 'Signed link, valid 7 days; null until completed' }),
    xml_url: z
      .string()
      .nullable()
      .openapi({ description: 'Signed link, valid 7 days; null until completed' }),
  })
  .openapi('Invoice');

export const OrgInvoiceSchema = InvoiceSchema.extend({ member_rfc: z.string() }).openapi('OrgInvoice');

export const InvoiceDetailsSchema = InvoiceSchema.extend({
  member_rfc: z.string(),
  cfdi_usage: z.string(),
  uuid: z.string().nullable().openapi({ description: 'Fiscal folio (UUID of the timbre) when completed' }),
  failure_reason: z.string().nullable(),
}).openapi('InvoiceDetails');

export const InvoiceIdParams = z.object({
  id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }),
});

export const IdempotencyHeaders = z.object({
  'idempotency-key': z.string().min(1).max(200).optional().openapi({
    description: 'Retrying with the same key and body returns the same invoice and charges nothing',
  }),
});

export const MemberInvoicesQuery = z.object({
  org_id: z.string().min(1).max(100),
  rfc: z.string().max(20).transform(normalizeRfc).refine(isValidRfc, 'not a valid RFC'),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const MemberInvoicesSchema = z
  .object({
    invoices: z.array(InvoiceSchema),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  })
  .openapi('MemberInvoices');
