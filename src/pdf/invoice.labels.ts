import { FORMAS_PAGO, regimenDescripcion, usoCfdiDescripcion } from '../catalogs/sat.catalogs.js';
import type { IssuedCfdi } from '../cfdi/cfdi.service.js';
import type { Traslado } from '../cfdi/comprobante.types.js';
import { formatCents } from '../cfdi/money.js';

const withDescription = (code: string, description: string | undefined) =>
  description ? `${code} - ${description}` : code;

export const regimenLabel = (code: string) => withDescription(code, regimenDescripcion(code));
export const usoLabel = (code: string) => withDescription(code, usoCfdiDescripcion(code));
export const formaPagoLabel = (code: string) =>
  withDescription(code, FORMAS_PAGO.find((f) => f.code === code)?.descripcion);

export const METODO_PAGO: Record<string, string> = { PUE: 'PUE - Pago en una sola exhibición' };

const IMPUESTO: Record<string, string> = { '001': 'ISR', '002': 'IVA', '003': 'IEPS' };

// One formatter for all calls: toLocaleString builds a new Intl formatter each time (~0.1 ms apiece).
const PERCENT = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 4 });

/** "IVA 16 %", "IEPS 8 %", "IVA 0 %". */
export function trasladoLabel(t: Pick<Traslado, 'impuesto' | 'tasaOCuota'>): string {
  const pct = PERCENT.format(t.tasaOCuota / 10_000);
  return `${IMPUESTO[t.impuesto] ?? t.impuesto} ${pct} %`;
}

/**
 * SAT's verification URL encoded in the printed QR (Anexo 20, CFDI 3.3/4.0): UUID, RFCs (with "&" written as
 * "&amp;" as in the XML), the total with six decimals at most and no trailing zeros (at least one decimal
 * kept), and the last 8 characters of the Sello.
 */
export function verificationUrl(cfdi: Pick<IssuedCfdi, 'uuid' | 'sello' | 'comprobante'>): string {
  const rfc = (s: string) => s.replace(/&/g, '&amp;');
  const total = formatCents(cfdi.comprobante.total).replace(/0$/, '');
  return (
    'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx' +
    `?id=${cfdi.uuid}&re=${rfc(cfdi.comprobante.emisor.rfc)}&rr=${rfc(cfdi.comprobante.receptor.rfc)}` +
    `&tt=${total}&fe=${cfdi.sello.slice(-8)}`
  );
}
