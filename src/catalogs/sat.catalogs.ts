import type { RfcKind } from './rfc.js';
import { FORMAS_PAGO, REGIMENES_FISCALES, USOS_CFDI, type UsoCfdi } from './sat.data.js';

export type { FormaPago, RegimenFiscal, UsoCfdi } from './sat.data.js';
export { FORMAS_PAGO, REGIMENES_FISCALES, USOS_CFDI };

const regimenByCode = new Map(REGIMENES_FISCALES.map((r) => [r.code, r]));
const usoByCode = new Map(USOS_CFDI.map((u) => [u.code, u]));
const formaPagoCodes = new Set(FORMAS_PAGO.map((f) => f.code));

/** CFDI 3.3 codes that SAT dropped in 4.0, with what to use instead (for a helpful error message). */
export const RETIRED_USOS_CFDI: Readonly<Record<string, string>> = {
  P01: 'P01 ("Por definir") is not valid in CFDI 4.0: use S01 (sin efectos fiscales) or G03 (gastos en general)',
};

const appliesTo = (entry: { fisica: boolean; moral: boolean }, kind?: RfcKind) =>
  kind === undefined || (kind === 'moral' ? entry.moral : entry.fisica);

/** A c_RegimenFiscal code valid in CFDI 4.0, and (when kind is given) applicable to that kind of person. */
export function isValidRegimen(code: string, kind?: RfcKind): boolean {
  const r = regimenByCode.get(code);
  return r !== undefined && appliesTo(r, kind);
}

export const isValidUsoCfdi = (code: string): boolean => usoByCode.has(code);

export const isValidFormaPago = (code: string): boolean => formaPagoCodes.has(code);

export const regimenDescripcion = (code: string): string | undefined => regimenByCode.get(code)?.descripcion;
export const usoCfdiDescripcion = (code: string): string | undefined => usoByCode.get(code)?.descripcion;

/** SAT's c_UsoCFDI rule: the use must apply to the receptor's kind of person and list its regime. */
export function isUsoAllowedForRegimen(uso: string, regimen: string, kind?: RfcKind): boolean {
  const u = usoByCode.get(uso);
  return u !== undefined && appliesTo(u, kind) && u.regimenes.includes(regimen);
}

/** The CFDI uses a receptor with this regime (and kind of person) may choose. */
export function usosForRegimen(regimen: string, kind?: RfcKind): UsoCfdi[] {
  return USOS_CFDI.filter((u) => appliesTo(u, kind) && u.regimenes.includes(regimen));
}

/**
 * Why a (regime, use) pair is not acceptable for a receptor, or undefined when it is. Either may be absent
 * (only the given one is checked). The generic RFCs (público en general / extranjero) must use 616 + S01.
 */
export function taxCodesProblem(input: {
  regimen?: string | null;
  uso?: string | null;
  kind: RfcKind;
  generic?: boolean;
}): { field: 'regimen' | 'uso'; message: string } | undefined {
  const { regimen, uso, kind } = input;
  if (regimen && !isValidRegimen(regimen)) {
    return { field: 'regimen', message: `${regimen} is not a CFDI 4.0 fiscal regime code (c_RegimenFiscal)` };
  }
  if (regimen && !isValidRegimen(regimen, kind)) {
    return { field: 'regimen', message: `Fiscal regime ${regimen} does not apply to a persona ${kind}` };
  }
  if (uso && RETIRED_USOS_CFDI[uso]) return { field: 'uso', message: RETIRED_USOS_CFDI[uso] };
  if (uso && !isValidUsoCfdi(uso)) {
    return { field: 'uso', message: `${uso} is not a CFDI 4.0 use code (c_UsoCFDI)` };
  }
  if (input.generic && regimen && regimen !== '616') {
    return {
      field: 'regimen',
      message: 'A generic RFC must use fiscal regime 616 (sin obligaciones fiscales)',
    };
  }
  if (input.generic && uso && uso !== 'S01') {
    return { field: 'uso', message: 'A generic RFC must use CFDI use S01 (sin efectos fiscales)' };
  }
  if (uso && !appliesTo(usoByCode.get(uso)!, kind)) {
    return { field: 'uso', message: `CFDI use ${uso} does not apply to a persona ${kind}` };
  }
  if (uso && regimen && !isUsoAllowedForRegimen(uso, regimen, kind)) {
    const allowed = usosForRegimen(regimen, kind).map((u) => u.code);
    return {
      field: 'uso',
      message: `CFDI use ${uso} is not allowed for fiscal regime ${regimen}; allowed: ${allowed.join(', ')}`,
    };
  }
  return undefined;
}
