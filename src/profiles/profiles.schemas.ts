import { z } from '@hono/zod-openapi';
import { isValidRfc, normalizeRfc } from '../catalogs/rfc.js';
import { isUuid } from './profiles.repo.js';
import { POSTAL_CODE_RE } from './profiles.validate.js';

/** Zod schemas of the profile routes: they validate requests and generate the OpenAPI document. */
const ts = (d: string) => z.string().openapi({ description: d, example: '2026-11-21T18:04:05.123Z' });

export const RfcSchema = z
  .string()
  .max(20)
  .refine((s) => isValidRfc(normalizeRfc(s)), 'not a valid RFC (12 characters persona moral, 13 física)')
  .openapi({ example: 'GOMA800101AB1', description: 'RFC (tax id)' });

export const RfcParams = z.object({
  rfc: RfcSchema.openapi({ param: { name: 'rfc', in: 'path' } }),
});

export const RfcOrIdParams = z.object({
  rfc: z
    .string()
    .max(40)
    .refine((s) => isUuid(s) || isValidRfc(normalizeRfc(s)), 'must be an RFC or a profile UUID')
    .openapi({ param: { name: 'rfc', in: 'path' }, description: 'RFC or profile UUID' }),
});

export const ProfileSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string().nullable(),
    phone_number: z.string().nullable().openapi({ example: '+525512345678' }),
    org_id: z.string().nullable(),
    created_at: ts('creation time'),
    updated_at: ts('last update time'),
    is_admin: z.boolean().openapi({ description: 'admin of its organization' }),
    credits_remaining: z.number().int(),
  })
  .openapi('Profile');

export const CreatedProfileSchema = ProfileSchema.extend({ tax_id: z.string() }).openapi('CreatedProfile');

/** The fields that open the short profile and the member shapes, in the documented order. */
export const profileContactFields = {
  id: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  tax_id: z.string(),
};

export const ShortProfileSchema = z
  .object({
    ...profileContactFields,
    org_id: z.string().nullable(),
    credits_remaining: z.number().int(),
  })
  .openapi('ShortProfile');

const nullableText = z.string().nullable();
export const TaxInfoSchema = z
  .object({
    tax_id: z.string(),
    taxpayer: nullableText,
    street: nullableText,
    ext_num: nullableText,
    neighborhood: nullableText,
    city: nullableText,
    state: nullableText,
    country: nullableText,
    postal_code: nullableText,
    invoice_fiscal_regimen: nullableText.openapi({ description: 'c_RegimenFiscal code', example: '612' }),
    invoice_cfdi_use: nullableText.openapi({ description: 'default c_UsoCFDI code', example: 'G03' }),
  })
  .openapi('TaxInfo');

const name = z.string().trim().min(1).max(200);
const email = z.string().trim().max(254).pipe(z.email());
const phone = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .openapi({ description: 'with country code', example: '+525512345678' });
const postalCode = z
  .string()
  .trim()
  .regex(POSTAL_CODE_RE, 'must be a 5-digit Mexican postal code')
  .openapi({ example: '06600' });
const code = (example: string, d: string) =>
  z.string().trim().min(1).max(10).openapi({ example, description: d });

export const ProfilePatchSchema = z
  .object({ name: name.optional(), email: email.optional(), phone_number: phone.optional() })
  .openapi('ProfilePatch');

export const TaxInfoPatchSchema = z
  .object({
    postal_code: postalCode.optional(),
    invoice_fiscal_regimen: code('612', 'c_RegimenFiscal (CFDI 4.0)').optional(),
    invoice_cfdi_use: code('G03', 'c_UsoCFDI allowed for the regime (CFDI 4.0; P01 is not)').optional(),
    taxpayer: name.optional().openapi({ description: 'name as registered with SAT' }),
  })
  .openapi('TaxInfoPatch');

const optText = z.string().trim().max(200).optional();
export const CreateProfileSchema = z
  .object({
    name: name.optional().openapi({ description: 'defaults to tax_info.taxpayer' }),
    email,
    phone_number: phone,
    tax_info: z.object({
      tax_id: RfcSchema,
      taxpayer: name.openapi({ description: 'name as registered with SAT', example: 'MARIA GOMEZ ALVAREZ' }),
      street: optText,
      ext_num: optText,
      neighborhood: optText,
      city: optText,
      state: optText,
      country: optText,
      postal_code: postalCode,
      fiscal_regimen: code('612', 'c_RegimenFiscal (CFDI 4.0), applicable to the RFC kind'),
      cfdi_use: code('G03', 'default c_UsoCFDI, allowed for the regime').optional(),
    }),
  })
  .openapi('CreateProfile');

export const GetProfileQuery = z.object({ rfc: RfcSchema.openapi({ param: { name: 'rfc', in: 'query' } }) });
