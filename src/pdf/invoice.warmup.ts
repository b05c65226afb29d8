import type { IssuedCfdi } from '../cfdi/cfdi.service.js';
import { renderInvoicePdf } from './invoice.pdf.js';

/**
 * The first renders in a process are slow (loading pdfmake/pdfkit ~300 ms, then unoptimised layout code:
 * the first invoice measured 370–480 ms, the next ones 50–80 ms before settling at ~20 ms). Call this once at
 * startup, without awaiting it on the request path, so that no user's invoice pays for it.
 * Renders a made-up invoice (never stored) with the same sections, styles and QR as a real one.
 */
export async function warmUpPdf(renders = 5): Promise<void> {
  for (let i = 0; i < renders; i++) await renderInvoicePdf(WARM_UP_CFDI, { sandbox: i % 2 === 0 });
}

const iva = { base: 10000, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 160000, importe: 1600 } as const;
const sello = 'A'.repeat(340);

export const WARM_UP_CFDI: IssuedCfdi = {
  xml: '',
  uuid: '00000000-0000-4000-8000-000000000000',
  fecha: '2026-01-01T00:00:00',
  fechaTimbrado: '2026-01-01T00:00:01',
  noCertificado: '00000000000000000000',
  noCertificadoSat: '00000000000000000000',
  sello,
  selloSat: sello,
  cadenaOriginal: '',
  cadenaOriginalTfd: `||1.1|00000000-0000-4000-8000-000000000000|2026-01-01T00:00:01|XAXX010101000|${sello}|0|| `,
  rfcProvCertif: 'XAXX010101000',
  comprobante: {
    version: '4.0',
    fecha: '2026-01-01T00:00:00',
    formaPago: '01',
    subTotal: 10000,
    moneda: 'MXN',
    total: 11600,
    tipoDeComprobante: 'I',
    exportacion: '01',
    metodoPago: 'PUE',
    lugarExpedicion: '00000',
    emisor: { rfc: 'XAXX010101000', nombre: 'EMISOR DE CALENTAMIENTO', regimenFiscal: '601' },
    receptor: {
      rfc: 'XAXX010101000',
      nombre: 'RECEPTOR DE CALENTAMIENTO',
      domicilioFiscalReceptor: '00000',
      regimenFiscalReceptor: '616',
      usoCFDI: 'S01',
    },
    conceptos: [
      {
        claveProdServ: '01010101',
        cantidad: '1',
        claveUnidad: 'H87',
        unidad: 'Pieza',
        descripcion: 'PRODUCTO',
        valorUnitario: '100.00',
        importe: 10000,
        objetoImp: '02',
        traslados: [iva],
      },
    ],
    impuestos: { totalImpuestosTrasladados: 1600, traslados: [iva] },
  },
};
