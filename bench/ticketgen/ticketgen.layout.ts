/**
 * The printed rows of a ticket, in character columns: a thermal printer prints 32 to 48 per line. Cells are
 * anchored at a column, so monospaced and proportional fonts both line amounts up on the right.
 */
import type { Rng } from './ticketgen.rng.js';
import type { Ticket } from './ticketgen.ticket.js';
import { drawDateFormat, drawTimeFormat } from './ticketgen.words.js';

export interface Cell {
  text: string;
  /** Column of the anchor, 0..cols. */
  col: number;
  anchor: 'start' | 'end' | 'middle';
}
export type TextRow = { kind: 'text'; cells: Cell[]; scale: number; bold: boolean; title?: boolean };
export type Row =
  | TextRow
  | { kind: 'rule'; char: string }
  | { kind: 'gap' }
  | { kind: 'barcode' }
  | { kind: 'qr' };

export interface Layout {
  cols: number;
  rows: Row[];
  /** Item descriptions as printed (cut to fit), in the order of the ticket's lines. */
  printed: string[];
}

interface Ctx {
  rng: Rng;
  t: Ticket;
  cols: number;
  m: (cents: number) => string;
  rows: Row[];
}

const text = (cells: Cell[], scale = 1, bold = false): TextRow => ({ kind: 'text', cells, scale, bold });
const L = (s: string, col = 0): Cell => ({ text: s, col, anchor: 'start' });
const R = (s: string, col: number): Cell => ({ text: s, col, anchor: 'end' });
const C = (s: string, cols: number): Cell => ({ text: s, col: cols / 2, anchor: 'middle' });

/** Words wrapped to `width` characters. */
export function wrap(s: string, width: number): string[] {
  const out: string[] = [];
  let cur = '';
  for (const w of s.split(' ')) {
    if (cur && cur.length + 1 + w.length > width) {
      out.push(cur);
      cur = w;
    } else cur = cur ? `${cur} ${w}` : w;
  }
  if (cur) out.push(cur);
  return out;
}

/** Two cells on one row when they fit a space apart, else on two rows: no printer prints one over the other. */
function sides(x: Ctx, left: string, right: string): void {
  if (left.length + 1 + right.length <= x.cols) x.rows.push(text([L(left), R(right, x.cols)]));
  else x.rows.push(text([L(left)]), text([R(right, x.cols)]));
}

/** A label and its amount on one row. */
function pair(x: Ctx, label: string, cents: number, bold = false, scale = 1): void {
  x.rows.push(text([L(label), R(x.m(cents), x.cols)], scale, bold));
}

function header(x: Ctx, rfcLine: string): void {
  const { rng, t, cols } = x;
  const v = t.vendor;
  x.rows.push({
    ...text([C(v.storeName, cols)], rng.pick([1.4, 1.6, 1.9]), rng.chance(0.8)),
    title: rng.chance(0.5),
  });
  if (rng.chance(0.5)) x.rows.push({ kind: 'gap' });
  const bold = rng.chance(0.4);
  for (const part of wrap(v.razonSocial, cols - 2)) x.rows.push(text([C(part, cols)], 1, bold));
  const cp = rng.pick(['C.P. ', 'CP ', 'C.P.', 'CP. ']) + v.postalCode;
  const address = rng.chance(0.5)
    ? [`${v.street}, COL. ${v.colonia}`, `${v.city} ${cp}`]
    : [`${v.street}`, `COL. ${v.colonia} ${cp}`, v.city];
  for (const a of address) for (const part of wrap(a, cols - 2)) x.rows.push(text([C(part, cols)]));
  if (rng.chance(0.6)) x.rows.push(text([C(`TEL. ${v.phone}`, cols)]));
  if (rfcLine) x.rows.push(text([C(rfcLine, cols)]));
  if (rng.chance(0.3))
    x.rows.push(
      text([
        C(
          v.persona === 'moral'
            ? 'REGIMEN GENERAL DE LEY PERSONAS MORALES'
            : 'REGIMEN SIMPLIFICADO DE CONFIANZA',
          cols,
        ),
      ]),
    );
}

function meta(x: Ctx, rfcLine: string): void {
  const { rng, t } = x;
  const date = drawDateFormat(rng)(t.date);
  const time = drawTimeFormat(rng)(t.time);
  const dateLabel = rng.pick(['FECHA: ', 'FECHA ', '', 'FEC: ']);
  if (rng.chance(0.5)) sides(x, `${dateLabel}${date}`, `${rng.pick(['HORA: ', ''])}${time}`);
  else x.rows.push(text([L(`${dateLabel}${date}`)]), text([L(`HORA: ${time}`)]));
  const folioLabel = rng.pick([
    'TICKET: ',
    'FOLIO: ',
    'TRANSACCION: ',
    'TR# ',
    'NOTA No. ',
    'CUENTA # ',
    'No. TICKET ',
    'FOLIO ',
  ]);
  sides(x, `${folioLabel}${t.folio}`, `CAJA ${rng.int(1, 12)}`);
  if (t.vendor.category === 'restaurant') sides(x, `MESA: ${rng.int(1, 40)}`, `PERSONAS: ${rng.int(1, 8)}`);
  const staff =
    t.vendor.category === 'restaurant' ? 'MESERO' : t.vendor.category === 'gas' ? 'DESPACHADOR' : 'CAJERO';
  if (rng.chance(0.6))
    x.rows.push(
      text([L(`${staff}: ${rng.pick(['LUIS M.', 'KARLA', 'PEDRO R.', 'ANDREA', 'MARIO', 'GABY'])}`)]),
    );
  if (t.vendor.category === 'gas') sides(x, `BOMBA: ${rng.int(1, 16)}`, `POS ${rng.int(1, 4)}`);
  if (rfcLine) x.rows.push(text([L(rfcLine)]));
}

export { C, type Ctx, header, L, meta, pair, R, text };
