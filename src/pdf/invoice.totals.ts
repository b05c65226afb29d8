import type { Content, TableCell } from 'pdfmake/interfaces.js';
import type { IssuedCfdi } from '../cfdi/cfdi.service.js';
import type { Comprobante } from '../cfdi/comprobante.types.js';
import { formatPesos as pesos } from '../cfdi/money.js';
import { formaPagoLabel, METODO_PAGO, trasladoLabel } from './invoice.labels.js';
import { field, label, sectionTitle } from './invoice.style.js';
import { importeConLetra } from './numero.letras.js';

/** The closing sections: totals (figures and words), payment data, and the timbre with the QR. */

export function totalesSection(c: Comprobante): Content {
  const row = (name: string, cents: number, bold = false): TableCell[] => [
    { text: name, bold },
    { text: pesos(cents), alignment: 'right', bold },
  ];
  const rows: TableCell[][] = [
    row('Subtotal', c.subTotal),
    ...c.impuestos.traslados.map((t) => row(`${trasladoLabel(t)} trasladado`, t.importe)),
    row('Total', c.total, true),
  ];
  return {
    columns: [
      {
        width: '*',
        stack: [
          field('Forma de pago', formaPagoLabel(c.formaPago)),
          field('Método de pago', METODO_PAGO[c.metodoPago] ?? c.metodoPago),
          field('Moneda', `${c.moneda} - Peso mexicano`),
          field('Exportación', `${c.exportacion} - No aplica`),
          { text: 'Importe con letra', style: 'label', margin: [0, 6, 0, 0] },
          totalEnLetraSection(c),
        ],
      },
      { width: 230, table: { widths: ['*', 80], body: rows }, layout: 'lightHorizontalLines' },
    ],
    columnGap: 12,
    margin: [0, 8, 0, 0],
  };
}

export const totalEnLetraSection = (c: Comprobante): Content => ({
  text: importeConLetra(c.total),
  style: 'enLetra',
});

/** Courier is monospaced, so long sellos (no spaces to break at) are cut into lines that fit the column. */
const MONO_CHARS_PER_LINE = 112;
export const wrapMono = (s: string): string =>
  s.match(new RegExp(`.{1,${MONO_CHARS_PER_LINE}}`, 'g'))?.join('\n') ?? '';

export function timbreSection(cfdi: IssuedCfdi, qrDataUrl: string): Content {
  const mono = (title: string, value: string): Content[] => [
    label(title),
    { text: wrapMono(value), style: 'mono' },
  ];
  return {
    stack: [
      sectionTitle('TIMBRE FISCAL DIGITAL'),
      {
        columns: [
          {
            width: 110,
            stack: [
              { image: qrDataUrl, width: 105 },
              { text: 'Verifique en verificacfdi.facturaelectronica.sat.gob.mx', style: 'tiny' },
            ],
          },
          {
            width: '*',
            stack: [
              ...mono('Sello digital del CFDI', cfdi.sello),
              ...mono('Sello digital del SAT', cfdi.selloSat),
              ...mono(
                'Cadena original del complemento de certificación digital del SAT',
                cfdi.cadenaOriginalTfd,
              ),
              field('RFC del proveedor de certificación', cfdi.rfcProvCertif),
            ],
          },
        ],
        columnGap: 10,
      },
    ],
    unbreakable: true,
  };
}
