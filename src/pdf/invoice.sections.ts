import type { Content, TableCell } from 'pdfmake/interfaces.js';
import type { IssuedCfdi } from '../cfdi/cfdi.service.js';
import type { Comprobante } from '../cfdi/comprobante.types.js';
import {
  formaPagoLabel,
  METODO_PAGO,
  pesos,
  regimenLabel,
  trasladoLabel,
  usoLabel,
} from './invoice.labels.js';
import { importeConLetra } from './numero-a-letras.js';

/** One pure function per section of the representación impresa; each returns pdfmake content. */
export const ACCENT = '#1f3a5f';

/** Table layouts inline (not registered globally), so a definition is self-contained. */
const boxed = {
  hLineWidth: () => 0.8,
  vLineWidth: () => 0.8,
  hLineColor: () => ACCENT,
  vLineColor: () => ACCENT,
  fillColor: (row: number) => (row === 0 ? ACCENT : null),
};
const striped = {
  hLineWidth: (i: number) => (i <= 1 ? 0.8 : 0.3),
  vLineWidth: () => 0,
  hLineColor: (i: number) => (i <= 1 ? ACCENT : '#bbbbbb'),
  fillColor: (row: number) => (row === 0 ? ACCENT : row % 2 === 0 ? '#f2f5f9' : null),
  paddingTop: () => 3,
  paddingBottom: () => 3,
};

const label = (text: string): Content => ({ text, style: 'label' });
const field = (name: string, value: string): Content => ({
  text: [{ text: `${name}: `, bold: true }, value],
  style: 'field',
});
const sectionTitle = (text: string): Content => ({ text, style: 'sectionTitle' });

export function headerSection(cfdi: IssuedCfdi): Content {
  const c = cfdi.comprobante;
  return {
    columns: [
      {
        width: '*',
        stack: [
          { text: c.emisor.nombre, style: 'emisorName' },
          field('RFC', c.emisor.rfc),
          field('Régimen fiscal', regimenLabel(c.emisor.regimenFiscal)),
          field('Lugar de expedición (C.P.)', c.lugarExpedicion),
        ],
      },
      {
        width: 230,
        table: {
          widths: ['*'],
          body: [
            [{ text: 'FACTURA (CFDI 4.0)', style: 'boxTitle' }],
            [
              {
                stack: [
                  field('Tipo de comprobante', 'I - Ingreso'),
                  label('Folio fiscal (UUID)'),
                  { text: cfdi.uuid, style: 'uuid' },
                  field('Fecha de emisión', c.fecha),
                  field('Fecha de certificación', cfdi.fechaTimbrado),
                  field('No. de certificado del emisor', cfdi.noCertificado),
                  field('No. de certificado del SAT', cfdi.noCertificadoSat),
                ],
              },
            ],
          ],
        },
        layout: boxed,
      },
    ],
    columnGap: 12,
  };
}

export function receptorSection(c: Comprobante): Content {
  const r = c.receptor;
  return {
    stack: [
      sectionTitle('RECEPTOR'),
      {
        columns: [
          {
            width: '*',
            stack: [
              field('Nombre', r.nombre),
              field('RFC', r.rfc),
              field('Domicilio fiscal (C.P.)', r.domicilioFiscalReceptor),
            ],
          },
          {
            width: '*',
            stack: [
              field('Régimen fiscal', regimenLabel(r.regimenFiscalReceptor)),
              field('Uso del CFDI', usoLabel(r.usoCFDI)),
            ],
          },
        ],
        columnGap: 12,
      },
    ],
  };
}

export function conceptosSection(c: Comprobante): Content {
  const head = [
    'Clave SAT',
    'Cantidad',
    'Unidad',
    'Descripción',
    'Valor unitario',
    'Impuestos',
    'Importe',
  ].map((t): TableCell => ({ text: t, style: 'tableHead' }));
  const rows = c.conceptos.map((k): TableCell[] => [
    { text: `${k.claveProdServ}\nObj. imp. ${k.objetoImp}`, style: 'cellSmall' },
    { text: k.cantidad, alignment: 'right' },
    { text: `${k.claveUnidad}\n${k.unidad}`, style: 'cellSmall' },
    k.descripcion,
    { text: `$${k.valorUnitario}`, alignment: 'right' },
    {
      text: k.traslados
        .map((t) => `${trasladoLabel(t)}: ${pesos(t.importe)}\nBase ${pesos(t.base)}`)
        .join('\n'),
      style: 'cellSmall',
    },
    { text: pesos(k.importe), alignment: 'right' },
  ]);
  return {
    stack: [
      sectionTitle('CONCEPTOS'),
      {
        table: { headerRows: 1, widths: [48, 40, 52, '*', 58, 92, 58], body: [head, ...rows] },
        layout: striped,
        style: 'table',
      },
    ],
  };
}

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
