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
    review: z.enum(['auto', 'always', 'never']).optional().openapi({
      description:
        '`auto` (default): wait for a confirm only when a key field (vendor, RFC, date, total) was read unsure; `always`: always wait for a confirm; `never`: seal what was read',
    }),
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

const ReviewFieldSchema = (value: z.ZodType, example: unknown) =>
  z.object({
    value: value.nullable().openapi({ example }),
    confidence: z.number().min(0).max(1).openapi({ example: 0.62 }),
    needs_review: z.boolean(),
  });

export const ReviewSchema = z
  .object({
    fields: z.object({
      vendor_name: ReviewFieldSchema(z.string(), 'OPERADORA DE ALIMENTOS LA TERRAZA SA DE CV'),
      vendor_rfc: ReviewFieldSchema(z.string(), 'OAT080813655'),
      date: ReviewFieldSchema(z.string(), '2026-11-20'),
      total: ReviewFieldSchema(z.number(), 303.92),
    }),
    expires_at: ts.openapi({
      description: 'Unconfirmed by then, the invoice fails as expired (credit returned)',
    }),
  })
  .openapi('InvoiceReview', {
    description:
      'What was read (corrections applied), for the person to check: total in pesos, date YYYY-MM-DD; needs_review marks the unsure fields',
  });

export const InvoiceDetailsSchema = InvoiceSchema.extend({
  member_rfc: z.string(),
  cfdi_usage: z.string(),
  uuid: z.string().nullable().openapi({ description: 'Fiscal folio (UUID of the timbre) when completed' }),
  failure_reason: z
    .string()
    .nullable()
    .openapi({ description: 'Null unless failed; `cancelled` or `expired` for a review that ended so' }),
  review: ReviewSchema.nullable().openapi({ description: 'Null unless status is pending' }),
}).openapi('InvoiceDetails');

export const ConfirmBody = z
  .object({
    corrections: z
      .object({
        vendor_name: z.string().max(300).optional(),
        vendor_rfc: z
          .string()
          .max(20)
          .optional()
          .openapi({ description: 'Pattern and check digit are checked' }),
        date: z
          .string()
          .max(20)
          .optional()
          .openapi({ example: '2026-11-20', description: 'YYYY-MM-DD, within the last 365 days' }),
        total: z
          .number()
          .optional()
          .openapi({ example: 699.05, description: 'Pesos, > 0, at most 2 decimals' }),
      })
      .strict()
      .optional(),
  })
  .strict()
  .openapi('ConfirmInvoiceRequest');

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
