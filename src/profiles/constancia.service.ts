import { rfcKind } from '../catalogs/rfc.js';
import { isUsoAllowedForRegimen, usosForRegimen } from '../catalogs/sat.catalogs.js';
import type { Clock } from '../clock.js';
import type { Db, DbOrTrx } from '../db/db.js';
import type { ProfilesTable, TaxInfoTable } from '../db/schema.js';
import { AppError, conflict, validationError } from '../errors.js';
import { type ConstanciaData, parseConstancia } from './constancia.parse.js';
import { looksLikePdf, pdfTextLines } from './constancia.pdf.js';
import { getTaxInfo } from './profiles.repo.js';
import { updateTaxInfoIn } from './profiles.service.js';

const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;
const DATA_URI_RE = /^data:[\w.+-]+\/[\w.+-]+;base64,/i;

/** Base64 (or a `data:application/pdf;base64,` URI) to bytes, refusing an oversized one before decoding. */
export function decodeDocument(input: string, maxBytes: number): Buffer {
  const data = input.trim().replace(DATA_URI_RE, '').replace(/\s+/g, '');
  const bad = (message: string) => validationError(message, [{ path: 'document', message }]);
  if (!data) throw bad('document is empty');
  if (data.length % 4 === 1 || !BASE64_RE.test(data)) throw bad('document is not valid Base64');
  if (Math.floor((data.length * 3) / 4) - 2 > maxBytes) throw tooLarge(maxBytes);
  const buf = Buffer.from(data, 'base64');
  if (buf.length > maxBytes) throw tooLarge(maxBytes);
  return buf;
}

const tooLarge = (maxBytes: number) =>
  new AppError(
    'PayloadTooLarge',
    `document is larger than ${Math.round(maxBytes / (1024 * 1024))} MB once decoded`,
  );

/**
 * The PDF's bytes to the Constancia's data. Nothing is stored: the bytes are dropped once read. The refusal of
 * a scan is worded for the person who will have to fetch the right file.
 */
export async function readConstancia(pdf: Buffer, maxBytes: number): Promise<ConstanciaData> {
  if (pdf.length > maxBytes) throw tooLarge(maxBytes);
  if (!looksLikePdf(pdf)) throw new AppError('UnsupportedMediaType', 'document must be a PDF');
  const lines = await pdfTextLines(pdf);
  if (lines.join('').trim() === '') {
    throw new AppError(
      'UnprocessableDocument',
      'The PDF has no text (a scan or a photo): envía el PDF que descargaste del SAT',
    );
  }
  return parseConstancia(lines);
}

export interface RegimenChoice {
  regimen: string;
  cfdi_use: string;
  /** Why this one among several: the current régimen kept, or the first compatible with the CFDI use. */
  reason: 'only' | 'current' | 'compatible' | 'first';
}

/**
 * Several regímenes: keep the current one if it is still in force, else the first that allows the profile's
 * default CFDI use; else the first listed, with a CFDI use it allows.
 */
export function chooseRegimen(rfc: string, codes: string[], current?: TaxInfoTable): RegimenChoice {
  const kind = rfcKind(rfc);
  const uso = current?.cfdi_use ?? 'G03';
  const fits = (r: string) => isUsoAllowedForRegimen(uso, r, kind);
  const only = codes.length === 1;
  const keep =
    current?.fiscal_regimen && codes.includes(current.fiscal_regimen) && fits(current.fiscal_regimen);
  if (keep) return { regimen: current.fiscal_regimen!, cfdi_use: uso, reason: only ? 'only' : 'current' };
  const compatible = codes.find(fits);
  if (compatible) return { regimen: compatible, cfdi_use: uso, reason: only ? 'only' : 'compatible' };
  const first = codes[0] ?? '';
  const allowed = usosForRegimen(first, kind).map((u) => u.code);
  // G03 (gastos en general) fits store tickets; a régimen without it (605 sueldos) gets S01, which
  // claims no deduction, rather than a use that would state one the person never chose.
  const fallback = allowed.includes('G03') ? 'G03' : allowed.includes('S01') ? 'S01' : (allowed[0] ?? 'S01');
  return { regimen: first, cfdi_use: fallback, reason: only ? 'only' : 'first' };
}

/** 409 unless the Constancia is the profile's own RFC (decisions.md §6b). */
export function assertSameRfc(profile: ProfilesTable, data: ConstanciaData): void {
  if (data.rfc !== profile.rfc) throw conflict("The Constancia belongs to another RFC than this profile's");
}

/** Writes what the Constancia says into the profile's tax information and records its issue date. */
export async function applyConstanciaIn(
  trx: DbOrTrx,
  clock: Clock,
  profile: ProfilesTable,
  data: ConstanciaData,
): Promise<{ tax: TaxInfoTable; choice: RegimenChoice }> {
  assertSameRfc(profile, data);
  const choice = chooseRegimen(profile.rfc, data.regimenes, await getTaxInfo(trx, profile.id));
  const tax = await updateTaxInfoIn(trx, clock, profile.id, {
    taxpayer: data.name,
    postal_code: data.postal_code,
    invoice_fiscal_regimen: choice.regimen,
    invoice_cfdi_use: choice.cfdi_use,
  });
  await trx
    .updateTable('profiles')
    .set({ constancia_issued_on: data.issued_on, updated_at: clock.now().toISOString() })
    .where('id', '=', profile.id)
    .execute();
  return { tax, choice };
}

export const applyConstancia = (
  deps: { db: Db; clock: Clock },
  profile: ProfilesTable,
  data: ConstanciaData,
) => deps.db.transaction().execute((trx) => applyConstanciaIn(trx, deps.clock, profile, data));
