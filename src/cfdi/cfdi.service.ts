import { buildComprobante, type CfdiInput } from './comprobante.js';
import type { Comprobante } from './comprobante.types.js';
import type { Issuer, StampedCfdi } from './issuer.js';
import { comprobanteXml } from './xml.js';

export type { CfdiInput } from './comprobante.js';

/** A stamped CFDI with the comprobante it was built from (what the PDF needs). */
export type IssuedCfdi = StampedCfdi & { comprobante: Comprobante };

/**
 * Turns a read receipt plus the receptor's tax data into a sealed, stamped CFDI 4.0. Throws InvoiceFailure
 * for problems a retry cannot fix (missing total or RFC, incomplete receptor, use not allowed); issuer errors
 * propagate as they are (transient for the job runner).
 */
export async function issueCfdi(issuer: Issuer, input: CfdiInput): Promise<IssuedCfdi> {
  const comprobante = buildComprobante(input);
  const stamped = await issuer.sealAndStamp(comprobanteXml(comprobante));
  return { ...stamped, comprobante };
}
