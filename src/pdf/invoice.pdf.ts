import type { TDocumentDefinitions } from 'pdfmake/interfaces.js';
import type { IssuedCfdi } from '../cfdi/cfdi.service.js';
import { verificationUrl } from './invoice.labels.js';
import { qrPngDataUrl } from './invoice.qr.js';
import { conceptosSection, headerSection, receptorSection } from './invoice.sections.js';
import { ACCENT } from './invoice.style.js';
import { timbreSection, totalesSection } from './invoice.totals.js';
import { pdfmake } from './pdfmake.printer.js';

export const SANDBOX_LEGEND = 'SANDBOX – SIN VALIDEZ FISCAL';

/** The representación impresa as a pdfmake document definition (pure: the QR image is passed in). */
export function invoicePdfDefinition(
  cfdi: IssuedCfdi,
  opts: { sandbox: boolean },
  qrDataUrl: string,
): TDocumentDefinitions {
  const legend = opts.sandbox ? [{ text: SANDBOX_LEGEND, style: 'sandboxLegend' }] : [];
  return {
    pageSize: 'LETTER',
    pageMargins: [36, 40, 36, 48],
    info: {
      title: `CFDI ${cfdi.uuid}`,
      subject: 'Representación impresa de un CFDI 4.0',
      author: cfdi.comprobante.emisor.nombre,
    },
    ...(opts.sandbox
      ? { watermark: { text: SANDBOX_LEGEND, color: '#c0392b', opacity: 0.08, bold: true, fontSize: 44 } }
      : {}),
    content: [
      ...legend,
      headerSection(cfdi),
      receptorSection(cfdi.comprobante),
      conceptosSection(cfdi.comprobante),
      totalesSection(cfdi.comprobante),
      timbreSection(cfdi, qrDataUrl),
    ],
    footer: (page: number, pages: number) => ({
      columns: [
        {
          width: '*',
          text: `Este documento es una representación impresa de un CFDI 4.0${opts.sandbox ? ` (${SANDBOX_LEGEND})` : ''}`,
          style: 'tiny',
        },
        { width: 80, text: `Página ${page} de ${pages}`, alignment: 'right', style: 'tiny' },
      ],
      margin: [36, 16, 36, 0],
    }),
    defaultStyle: { font: 'Helvetica', fontSize: 8, lineHeight: 1.15 },
    styles: {
      emisorName: { fontSize: 14, bold: true, color: ACCENT, margin: [0, 0, 0, 4] },
      boxTitle: { bold: true, color: 'white', alignment: 'center', fontSize: 10 },
      uuid: { bold: true, fontSize: 9, margin: [0, 0, 0, 2] },
      field: { margin: [0, 1, 0, 1] },
      label: { bold: true, fontSize: 7, color: '#555555', margin: [0, 4, 0, 1] },
      sectionTitle: { bold: true, fontSize: 9, color: ACCENT, margin: [0, 12, 0, 4] },
      tableHead: { bold: true, color: 'white', fontSize: 7.5 },
      cellSmall: { fontSize: 7 },
      table: { margin: [0, 0, 0, 4] },
      enLetra: { bold: true, fontSize: 8.5 },
      mono: { font: 'Courier', fontSize: 6, lineHeight: 1.2 },
      tiny: { fontSize: 6.5, color: '#666666' },
      sandboxLegend: {
        bold: true,
        color: '#c0392b',
        alignment: 'center',
        fontSize: 11,
        margin: [0, 0, 0, 8],
      },
    },
  };
}

export async function renderInvoicePdf(cfdi: IssuedCfdi, opts: { sandbox: boolean }): Promise<Buffer> {
  const qr = qrPngDataUrl(verificationUrl(cfdi), { margin: 1, scale: 3 });
  return pdfmake()
    .createPdf(invoicePdfDefinition(cfdi, opts, qr))
    .getBuffer();
}
