import { z } from '@hono/zod-openapi';
import { profileContactFields, RfcOrIdParams, RfcSchema } from '../profiles/profiles.schemas.js';

const ts = z.string().openapi({ example: '2026-11-21T18:04:05.123Z' });
const orgId = z.string().min(1).max(100);

export const OrgParams = z.object({ org_id: orgId.openapi({ param: { name: 'org_id', in: 'path' } }) });
export const OrgQuery = z.object({ org_id: orgId.openapi({ param: { name: 'org_id', in: 'query' } }) });
export const MemberRfcParams = OrgParams.extend({
  rfc: RfcSchema.openapi({ param: { name: 'rfc', in: 'path' } }),
});
export const MemberRfcOrIdParams = OrgParams.extend(RfcOrIdParams.shape);

export const OrganizationSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    created_at: ts,
    updated_at: ts,
    feature_flags: z.record(z.string(), z.boolean()).openapi({
      description:
        'flag name → enabled; `chat_invoicing`: members invoicing from chat spend the organization credits',
      example: { chat_invoicing: true },
    }),
  })
  .openapi('Organization');

export const OrgCreditsSchema = z
  .object({ credits_remaining: z.number().int() })
  .openapi('OrganizationCredits');

const { phone_number: _phone, ...summaryFields } = profileContactFields;

export const MemberSummarySchema = z
  .object({
    ...summaryFields,
    is_admin: z.boolean(),
    invoice_count: z
      .number()
      .int()
      .openapi({ description: "the member's invoices made within this organization" }),
  })
  .openapi('MemberSummary');

export const MemberListItemSchema = z
  .object({
    ...profileContactFields,
    is_admin: z.boolean(),
    created_at: ts,
  })
  .openapi('Member');

export const MemberDetailSchema = z
  .object({
    ...profileContactFields,
    org_id: z.string().nullable(),
    is_admin: z.boolean(),
    credits_remaining: z.number().int(),
    created_at: ts,
    updated_at: ts,
  })
  .openapi('MemberDetail');

export const DeleteResultSchema = z
  .object({ success: z.boolean(), message: z.string() })
  .openapi('DeleteResult');
