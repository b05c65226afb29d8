import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { pdfmake } from '../../src/pdf/pdfmake.printer.js';

/**
 * Constancias de Situación Fiscal rendered the way SAT lays them out (cédula on top, then "Datos de
 * Identificación del Contribuyente", domicilio, actividades, regímenes, obligaciones), with made-up people and
 * companies. The reader only sees the PDF's text layer, so the labels and their order are what matter here.
 */
export interface ConstanciaSpec {
  rfc: string;
  /** Persona física: nombre(s) and apellidos; persona moral: razón social (and régimen capital). */
  fisica?: { nombres: string; primerApellido: string; segundoApellido: string; curp: string };
  moral?: { razonSocial: string; regimenCapital: string };
  postalCode: string;
  /** Printed régimen names with their start date; a fin date marks a régimen no longer in force. */
  regimenes: { nombre: string; inicio: string; fin?: string }[];
  /** `15 DE ENERO DE 2025`. */
  emision: string;
}

const row = (...cells: string[]): Content[] => cells.map((text) => ({ text }));

function identificacion(spec: ConstanciaSpec): Content[][] {
  if (spec.fisica) {
    const f = spec.fisica;
    return [
      row('RFC:', spec.rfc),
      row('CURP:', f.curp),
      row('Nombre (s):', f.nombres),
      row('Primer Apellido:', f.primerApellido),
      row('Segundo Apellido:', f.segundoApellido),
      row('Fecha inicio de operaciones:', '01 DE ENERO DE 2015'),
      row('Estatus en el padrón:', 'ACTIVO'),
      row('Fecha de último cambio de estado:', '01 DE ENERO DE 2015'),
      row('Nombre Comercial:', ''),
    ];
  }
  const m = spec.moral!;
  return [
    row('RFC:', spec.rfc),
    row('Denominación/Razón Social:', m.razonSocial),
    row('Régimen Capital:', m.regimenCapital),
    row('Nombre Comercial:', ''),
    row('Fecha inicio de operaciones:', '10 DE MARZO DE 2010'),
    row('Estatus en el padrón:', 'ACTIVO'),
    row('Fecha de último cambio de estado:', '10 DE MARZO DE 2010'),
  ];
}

const table = (widths: (number | string)[], body: Content[][]): Content => ({
  table: { widths, body },
  layout: 'noBorders',
  margin: [0, 2, 0, 8],
});

const heading = (text: string): Content => ({ text, bold: true, margin: [0, 6, 0, 2] });

function cedula(spec: ConstanciaSpec): Content[] {
  const name = spec.fisica
    ? `${spec.fisica.nombres} ${spec.fisica.primerApellido} ${spec.fisica.segundoApellido}`
    : `${spec.moral!.razonSocial}`;
  return [
    { text: 'CÉDULA DE IDENTIFICACIÓN FISCAL', bold: true, alignment: 'center' },
    table(
      ['*', '*'],
      [
        row(spec.rfc, 'Lugar y Fecha de Emisión'),
        row('Registro Federal de Contribuyentes', `CUAUHTÉMOC , CIUDAD DE MÉXICO A ${spec.emision}`),
        row(name, ''),
        row('Nombre, denominación o razón social', ''),
        row('idCIF: 18010123456', 'VALIDA TU INFORMACIÓN FISCAL'),
      ],
    ),
  ];
}

export function constanciaDefinition(spec: ConstanciaSpec): TDocumentDefinitions {
  return {
    defaultStyle: { font: 'Helvetica', fontSize: 8 },
    content: [
      ...cedula(spec),
      { text: 'CONSTANCIA DE SITUACIÓN FISCAL', bold: true, alignment: 'center', margin: [0, 8, 0, 4] },
      heading('Datos de Identificación del Contribuyente:'),
      table([160, '*'], identificacion(spec)),
      heading('Datos del domicilio registrado'),
      table(
        [110, '*', 150, '*'],
        [
          row('Código Postal:', spec.postalCode, 'Tipo de Vialidad:', 'CALLE'),
          row('Nombre de Vialidad:', 'AV. DE LOS INSURGENTES', 'Número Exterior:', '123'),
          row('Número Interior:', '', 'Nombre de la Colonia:', 'ROMA NORTE'),
          row('Nombre de la Localidad:', '', 'Nombre del Municipio o Demarcación Territorial:', 'CUAUHTEMOC'),
          row('Nombre de la Entidad Federativa:', 'CIUDAD DE MEXICO', 'Entre Calle:', 'DURANGO'),
        ],
      ),
      heading('Actividades Económicas:'),
      table(
        [30, '*', 50, 60, 60],
        [
          row('Orden', 'Actividad Económica', 'Porcentaje', 'Fecha Inicio', 'Fecha Fin'),
          row('1', 'Otros servicios profesionales, científicos y técnicos', '100', '01/01/2015', ''),
        ],
      ),
      heading('Regímenes:'),
      table(
        ['*', 70, 70],
        [
          row('Régimen', 'Fecha Inicio', 'Fecha Fin'),
          ...spec.regimenes.map((r) => row(r.nombre, r.inicio, r.fin ?? '')),
        ],
      ),
      heading('Obligaciones:'),
      table(
        ['*', '*', 60, 60],
        [
          row('Descripción de la Obligación', 'Descripción Vencimiento', 'Fecha Inicio', 'Fecha Fin'),
          row(
            'Declaración anual de ISR.',
            'A más tardar el 30 de abril del ejercicio siguiente.',
            '01/01/2015',
            '',
          ),
        ],
      ),
      {
        text: 'Sus datos personales son incorporados y protegidos en los sistemas del SAT.',
        fontSize: 6,
        margin: [0, 12, 0, 0],
      },
    ],
  };
}

export const renderPdf = (def: TDocumentDefinitions): Promise<Buffer> => pdfmake().createPdf(def).getBuffer();

export const renderConstancia = (spec: ConstanciaSpec): Promise<Buffer> =>
  renderPdf(constanciaDefinition(spec));

/** Made-up taxpayers: a física with one régimen, a física with two (one of them ended earlier), a moral. */
export const FISICA_UNO: Omit<ConstanciaSpec, 'rfc'> = {
  fisica: {
    nombres: 'MARÍA JOSÉ',
    primerApellido: 'GÓMEZ',
    segundoApellido: 'ÁLVAREZ',
    curp: 'GOAM800101MDFMLR09',
  },
  postalCode: '06700',
  regimenes: [
    { nombre: 'Régimen de Sueldos y Salarios e Ingresos Asimilados a Salarios', inicio: '01/01/2015' },
  ],
  emision: '15 DE ENERO DE 2025',
};

export const FISICA_DOS: Omit<ConstanciaSpec, 'rfc'> = {
  fisica: { nombres: 'JUAN', primerApellido: 'PÉREZ', segundoApellido: 'NUÑEZ', curp: 'PENJ850505HDFRXN01' },
  postalCode: '44100',
  regimenes: [
    { nombre: 'Régimen de Sueldos y Salarios e Ingresos Asimilados a Salarios', inicio: '01/01/2012' },
    { nombre: 'Régimen de Incorporación Fiscal', inicio: '01/01/2016', fin: '31/12/2021' },
    { nombre: 'Régimen Simplificado de Confianza', inicio: '01/01/2022' },
  ],
  emision: '3 DE FEBRERO DE 2025',
};

export const MORAL: Omit<ConstanciaSpec, 'rfc'> = {
  moral: {
    razonSocial: 'COMERCIALIZADORA DEL VALLE',
    regimenCapital: 'SOCIEDAD ANONIMA DE CAPITAL VARIABLE',
  },
  postalCode: '64000',
  regimenes: [{ nombre: 'Régimen General de Ley Personas Morales', inicio: '10/03/2010' }],
  emision: '28 DE FEBRERO DE 2025',
};

/** A PDF that is some other document: text, but no Constancia. */
export const otherDocumentPdf = (): Promise<Buffer> =>
  renderPdf({
    defaultStyle: { font: 'Helvetica' },
    content: [
      'RECIBO DE ARRENDAMIENTO',
      'Recibí de JUAN PÉREZ NUÑEZ la cantidad de $8,000.00 por la renta de marzo.',
    ],
  });

/** A 1×1 PNG placed as the only content: a PDF with an image and no text layer, as a scanner makes. */
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
export const scannedPdf = (): Promise<Buffer> =>
  renderPdf({ content: [{ image: PIXEL, width: 500, height: 700 }] });

/** The same Constancia, locked with a password to open it. */
export const encryptedConstancia = (spec: ConstanciaSpec): Promise<Buffer> =>
  renderPdf({ ...constanciaDefinition(spec), userPassword: 'secreto', ownerPassword: 'secreto' });

/** Starts like a PDF, then nothing a reader can use. */
export const corruptPdf = (): Buffer =>
  Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer garbage\n');
