import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import type { Comprobante, Traslado } from './comprobante.types.js';
import { formatCents, formatRate } from './money.js';

export const NS_CFDI = 'http://www.sat.gob.mx/cfd/4';
export const NS_XSI = 'http://www.w3.org/2001/XMLSchema-instance';
export const NS_TFD = 'http://www.sat.gob.mx/TimbreFiscalDigital';
export const CFDI_SCHEMA_LOCATION = `${NS_CFDI} http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd`;
export const TFD_SCHEMA_LOCATION = `${NS_TFD} http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd`;

const trasladoAttrs = (t: Traslado) => ({
  Base: formatCents(t.base),
  Impuesto: t.impuesto,
  TipoFactor: t.tipoFactor,
  TasaOCuota: formatRate(t.tasaOCuota),
  Importe: formatCents(t.importe),
});

function addTraslados(parent: XMLBuilder, traslados: Traslado[]): void {
  const node = parent.ele(NS_CFDI, 'cfdi:Traslados');
  for (const t of traslados) node.ele(NS_CFDI, 'cfdi:Traslado', trasladoAttrs(t));
}

/**
 * The unsealed comprobante XML (no Sello, NoCertificado or Certificado: the issuer adds them). Attribute
 * order follows Anexo 20 for readability; the cadena original does not depend on it.
 */
export function comprobanteXml(c: Comprobante): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const root = doc.ele(NS_CFDI, 'cfdi:Comprobante', {
    'xmlns:xsi': NS_XSI,
    'xsi:schemaLocation': CFDI_SCHEMA_LOCATION,
    Version: c.version,
    Fecha: c.fecha,
    FormaPago: c.formaPago,
    SubTotal: formatCents(c.subTotal),
    Moneda: c.moneda,
    Total: formatCents(c.total),
    TipoDeComprobante: c.tipoDeComprobante,
    Exportacion: c.exportacion,
    MetodoPago: c.metodoPago,
    LugarExpedicion: c.lugarExpedicion,
  });
  root.ele(NS_CFDI, 'cfdi:Emisor', {
    Rfc: c.emisor.rfc,
    Nombre: c.emisor.nombre,
    RegimenFiscal: c.emisor.regimenFiscal,
  });
  const r = c.receptor;
  root.ele(NS_CFDI, 'cfdi:Receptor', {
    Rfc: r.rfc,
    Nombre: r.nombre,
    DomicilioFiscalReceptor: r.domicilioFiscalReceptor,
    RegimenFiscalReceptor: r.regimenFiscalReceptor,
    UsoCFDI: r.usoCFDI,
  });
  const conceptos = root.ele(NS_CFDI, 'cfdi:Conceptos');
  for (const k of c.conceptos) {
    const node = conceptos.ele(NS_CFDI, 'cfdi:Concepto', {
      ClaveProdServ: k.claveProdServ,
      Cantidad: k.cantidad,
      ClaveUnidad: k.claveUnidad,
      Unidad: k.unidad,
      Descripcion: k.descripcion,
      ValorUnitario: k.valorUnitario,
      Importe: formatCents(k.importe),
      ObjetoImp: k.objetoImp,
    });
    addTraslados(node.ele(NS_CFDI, 'cfdi:Impuestos'), k.traslados);
  }
  const impuestos = root.ele(NS_CFDI, 'cfdi:Impuestos', {
    TotalImpuestosTrasladados: formatCents(c.impuestos.totalImpuestosTrasladados),
  });
  addTraslados(impuestos, c.impuestos.traslados);
  return doc.end({ prettyPrint: true });
}
