import type { Content, TableCell } from 'pdfmake/interfaces.js';
import type { IssuedCfdi } from '../cfdi/cfdi.service.js';
import type { Comprobante } from '../cfdi/comprobante.types.js';
import { formatPesos as pesos } from '../cfdi/money.js';
import { regimenLabel, trasladoLabel, usoLabel } from './invoice.labels.js';
import { boxed, field, label, sectionTitle, striped } from './invoice.style.js';

/** One pure function per section of the representación impresa; each returns pdfmake content. */

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
