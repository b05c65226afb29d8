import sharp from 'sharp';
import { rfcCheckDigit } from '../../catalogs/rfc.js';
import { formatPesos as pesos } from '../../cfdi/money.js';
import { DECODE_PIXEL_CEILING } from '../image/prepare.js';

/** A made-up issuer RFC with a check digit that holds, so the warm-up reading needs no RFC re-reads. */
const RFC_BODY = 'CPA910101AB';
export const WARM_UP_RFC = `${RFC_BODY}${rfcCheckDigit(RFC_BODY)}`;
export const WARM_UP_TOTAL = 69000;

const ITEMS: Array<[string, number]> = [
  ['ACEITE 1L', 4590],
  ['ARROZ 1KG', 3250],
  ['FRIJOL NEGRO 900G', 4120],
  ['HUEVO 18 PZA', 7990],
  ['LECHE ENTERA 1L', 2890],
  ['PAN BLANCO', 5400],
  ['CAFE SOLUBLE 200G', 12950],
  ['DETERGENTE 1KG', 6980],
  ['PAPEL HIGIENICO 12', 11830],
];

/**
 * The lines of the made-up ticket: a header, ten items (the last makes up the rest) that add up to WARM_UP_TOTAL,
 * the taxes and the payment.
 */
export function warmUpLines(): string[] {
  const rest = WARM_UP_TOTAL - ITEMS.reduce((s, [, c]) => s + c, 0);
  const items = [...ITEMS, ['AZUCAR 2KG', rest] as [string, number]];
  const subtotal = Math.round(WARM_UP_TOTAL / 1.16);
  const row = (left: string, right: string): string => `${left.padEnd(30 - right.length)}${right}`;
  return [
    'ABARROTES LA PALMA',
    'COMERCIALIZADORA LA PALMA SA DE CV',
    `RFC: ${WARM_UP_RFC}`,
    'AV. JUAREZ 123, COL. CENTRO',
    'CUAUHTEMOC, CDMX C.P. 06000',
    'FECHA: 21/11/2026   HORA: 14:05',
    'TICKET: 000123   CAJA: 01',
    ...items.map(([name, cents]) => row(`1 ${name}`, pesos(cents))),
    row('SUBTOTAL', pesos(subtotal)),
    row('IVA 16%', pesos(WARM_UP_TOTAL - subtotal)),
    row('TOTAL', pesos(WARM_UP_TOTAL)),
    row('EFECTIVO', pesos(70000)),
    row('CAMBIO', pesos(70000 - WARM_UP_TOTAL)),
    'GRACIAS POR SU COMPRA',
  ];
}

/** A made-up ticket (never stored), drawn as a monospaced text page the size preparation brings photos to. */
export function warmUpTicket(): Promise<Buffer> {
  const lines = warmUpLines();
  const step = 30;
  const line = (l: string, i: number): string =>
    `<text x="28" y="${56 + i * step}" xml:space="preserve">${l.replace(/&/g, '&amp;')}</text>`;
  const text = lines.map(line).join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="560" height="${80 + lines.length * step}">` +
    '<rect width="100%" height="100%" fill="#fff"/>' +
    `<g font-family="monospace" font-size="21" fill="#111">${text}</g></svg>`;
  return sharp(Buffer.from(svg), { limitInputPixels: DECODE_PIXEL_CEILING }).jpeg({ quality: 90 }).toBuffer();
}
