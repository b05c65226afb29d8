import { isGenericRfc, isValidRfc, normalizeRfc, rfcKind } from '../catalogs/rfc.js';
import { isUsoAllowedForRegimen, isValidRegimen, usosForRegimen } from '../catalogs/sat.catalogs.js';
import { InvoiceFailure } from '../invoices/invoice.failure.js';
import type { Receptor } from './comprobante.types.js';
import { cfdiText } from './emisor.js';

export interface ReceptorInput {
  rfc: string;
  nombre: string;
  codigoPostal: string;
  regimenFiscal: string;
}

/**
 * The profile's tax information as CFDI Receptor. Everything SAT validates against the receptor's Constancia
 * must be present; the use must be one c_UsoCFDI allows for the receptor's regime and kind of person.
 * For the generic RFC (público en general) SAT requires DomicilioFiscalReceptor = LugarExpedicion.
 */
export function receptorFor(input: ReceptorInput, usoCfdi: string, lugarExpedicion: string | null): Receptor {
  const rfc = normalizeRfc(input.rfc ?? '');
  const nombre = cfdiText(input.nombre ?? '').toUpperCase();
  const cp = (input.codigoPostal ?? '').trim();
  const regimen = (input.regimenFiscal ?? '').trim();
  const missing = [
    !isValidRfc(rfc) && 'a valid RFC',
    nombre === '' && 'the legal name',
    !/^\d{5}$/.test(cp) && 'a 5-digit postal code',
    !isValidRegimen(regimen, rfcKind(rfc)) && 'a fiscal regime valid for the RFC',
  ].filter((m): m is string => typeof m === 'string');
  if (missing.length > 0) {
    throw new InvoiceFailure(
      'receptor_incomplete',
      `The receiver's tax information lacks ${missing.join(', ')}`,
    );
  }
  if (!isUsoAllowedForRegimen(usoCfdi, regimen, rfcKind(rfc))) {
    const allowed = usosForRegimen(regimen, rfcKind(rfc)).map((u) => u.code);
    throw new InvoiceFailure(
      'uso_not_allowed',
      `CFDI use ${usoCfdi} is not allowed for fiscal regime ${regimen}; allowed: ${allowed.join(', ')}`,
    );
  }
  return {
    rfc,
    nombre: nombre.slice(0, 254),
    domicilioFiscalReceptor: isGenericRfc(rfc) && lugarExpedicion ? lugarExpedicion : cp,
    regimenFiscalReceptor: regimen,
    usoCFDI: usoCfdi,
  };
}
