/** Items, totals, payment and footer rows, and the whole layout of a ticket. */

import { importeConLetra as inWords } from '../../src/pdf/numero.letras.js';
import type { Line } from './ticketgen.items.js';
import {
  C,
  type Ctx,
  header,
  L,
  type Layout,
  meta,
  pair,
  R,
  type Row,
  text,
  wrap,
} from './ticketgen.layout.js';
import type { Rng } from './ticketgen.rng.js';
import type { Ticket } from './ticketgen.ticket.js';
import { money } from './ticketgen.words.js';

const qty = (l: Line): string =>
  Number.isInteger(l.quantity) && l.unitKind === 'pz' ? String(l.quantity) : l.quantity.toFixed(3);

type ItemStyle = 'inline' | 'columns' | 'twoLineAt' | 'sku' | 'fuel';

/** Prints the item lines; returns the descriptions as printed. */
function items(x: Ctx, style: ItemStyle, rule: Row): string[] {
  const { rng, cols, m } = x;
  if (style === 'columns')
    x.rows.push(text([L('CANT'), L('DESCRIPCION', 6), R('P.UNIT', cols - 10), R('IMPORTE', cols)]), rule);
  else if (style === 'inline' && rng.chance(0.6))
    x.rows.push(text([L('CANT DESCRIPCION'), R('IMPORTE', cols)]), rule);
  return x.t.lines.map((l) => {
    if (style === 'fuel') return fuel(x, l);
    const amount = m(l.amount);
    if (style === 'columns') {
      const d = l.description.slice(0, cols - 17 - m(l.unit).length);
      x.rows.push(text([L(qty(l)), L(d, 6), R(m(l.unit), cols - 10), R(amount, cols)]));
      return d;
    }
    if (style === 'inline') {
      const d = l.description.slice(0, cols - amount.length - qty(l).length - 3);
      x.rows.push(text([L(`${qty(l)} ${d}`), R(amount, cols)]));
      return d;
    }
    const d = l.description.slice(0, cols - 2);
    if (style === 'sku') x.rows.push(text([L(String(rng.int(10 ** 12, 10 ** 13 - 1)))]));
    const single = l.quantity === 1 && style === 'sku';
    x.rows.push(text(single ? [L(d), R(amount, cols)] : [L(d)]));
    if (!single)
      x.rows.push(text([L(`   ${qty(l)} ${rng.pick(['@', 'X', 'x'])} ${m(l.unit)}`), R(amount, cols)]));
    return d;
  });
}

function fuel(x: Ctx, l: Line): string {
  const { cols, m } = x;
  x.rows.push(
    text([L('PRODUCTO:'), R(l.description, cols)]),
    text([L('LITROS:'), R(l.quantity.toFixed(3), cols)]),
  );
  x.rows.push(text([L('PRECIO/LITRO:'), R(m(l.unit), cols)]), text([L('IMPORTE:'), R(m(l.amount), cols)]));
  return l.description;
}

function totals(x: Ctx): void {
  const { rng, t } = x;
  const big = rng.pick([1, 1.3, 1.5]);
  const totalLabel = rng.pick(['TOTAL', 'TOTAL M.N.', 'TOTAL $', 'TOTAL A PAGAR', 'TOTAL:']);
  if (t.taxMode === 'broken') {
    pair(
      x,
      rng.pick(['SUBTOTAL', 'SUB-TOTAL', 'SUBTOTAL:', 'IMPORTE']),
      t.total - t.iva - (t.iepsShown ? t.ieps : 0),
    );
    if (t.iepsShown) pair(x, rng.pick(['IEPS', 'I.E.P.S.', 'IEPS 8%']), t.ieps);
    pair(x, rng.pick(['IVA', 'I.V.A. 16%', 'IVA 16.00%', 'IMPUESTOS', 'IVA TASA 16%']), t.iva);
  }
  pair(x, totalLabel, t.total, true, big);
  if (t.taxMode === 'included') {
    const label = rng.pick(['IVA INCLUIDO', 'INCLUYE IVA 16%:', 'IVA INCLUIDO 16%', '*IVA INCLUIDO']);
    if (rng.chance(0.5)) pair(x, label, t.iva);
    else x.rows.push(text([L(`${label} ${x.m(t.iva)}`)]));
  }
  if (t.tip?.kind === 'added') {
    pair(x, `PROPINA ${t.tip.percent}%`, t.tip.amount);
    pair(x, rng.pick(['TOTAL + PROPINA', 'TOTAL CON PROPINA', 'GRAN TOTAL']), t.total + t.tip.amount, true);
  }
  if (rng.chance(0.3)) for (const w of wrap(inWords(t.total), x.cols)) x.rows.push(text([L(w)]));
}

function payment(x: Ctx): void {
  const { rng, t, cols } = x;
  const p = t.payment;
  const due = t.total + (t.tip?.kind === 'added' ? t.tip.amount : 0);
  if (p.kind === 'cash') {
    pair(x, rng.pick(['EFECTIVO', 'EFECTIVO MXN', 'PAGO EFECTIVO', 'SU PAGO']), p.paid);
    pair(x, rng.pick(['CAMBIO', 'SU CAMBIO', 'CAMBIO:']), p.change);
  } else if (p.kind === 'card') {
    pair(x, rng.pick([`TARJETA ${p.brand}`, p.brand, `PAGO CON ${p.brand}`]), due);
    x.rows.push(text([L(`************${p.last4}`), R(`AUT: ${p.auth}`, cols)]));
  } else pair(x, p.label, due);
  if (t.tip?.kind === 'suggested') {
    x.rows.push(text([L(`PROPINA SUGERIDA ${t.tip.percent}%:`), R(x.m(t.tip.amount), cols)]));
  }
  x.rows.push(
    text([L(`ARTICULOS: ${t.lines.reduce((a, l) => a + (l.unitKind === 'pz' ? l.quantity : 1), 0)}`)]),
  );
}

function footer(x: Ctx, rfcLine: string): void {
  const { rng, cols } = x;
  if (rfcLine) x.rows.push(text([C(rfcLine, cols)]));
  if (rng.chance(0.3)) x.rows.push(text([L('RFC CLIENTE: XAXX010101000')]));
  x.rows.push(
    { kind: 'gap' },
    text([
      C(
        rng.pick([
          'GRACIAS POR SU COMPRA',
          '*** GRACIAS POR SU VISITA ***',
          'GRACIAS, VUELVA PRONTO',
          'ESTE TICKET ES FACTURABLE EN EL MES',
        ]),
        cols,
      ),
    ]),
  );
  if (rng.chance(0.4)) x.rows.push(text([C('FACTURACION EN LINEA CON ESTE TICKET', cols)]));
  if (rng.chance(0.5)) x.rows.push({ kind: 'barcode' });
  if (rng.chance(0.4)) x.rows.push({ kind: 'qr' });
}

export function layoutOf(rng: Rng, t: Ticket): Layout {
  const cols = rng.int(32, 48);
  const style = {
    dollar: rng.pick(['none', 'none', 'tight', 'spaced'] as const),
    thousands: rng.chance(0.7),
  };
  const x: Ctx = { rng, t, cols, m: (c) => money(c, style), rows: [] };
  const rule: Row = { kind: 'rule', char: rng.pick(['-', '=', '*', '.', '_']) };
  const rfc = `${rng.pick(['R.F.C.: ', 'RFC: ', 'RFC ', 'R.F.C. ', 'RFC:'])}${t.vendor.rfc}`;
  const where = rng.weighted([
    ['header', 6],
    ['meta', 3],
    ['footer', 1],
  ] as const);
  header(x, where === 'header' ? rfc : '');
  x.rows.push(rule);
  meta(x, where === 'meta' ? rfc : '');
  x.rows.push(rule);
  const itemStyle: ItemStyle =
    t.vendor.category === 'gas'
      ? 'fuel'
      : rng.weighted([
          ['inline', 4],
          ['columns', cols >= 40 ? 3 : 0],
          ['twoLineAt', 2],
          ['sku', 2],
        ] as const);
  const printed = items(x, itemStyle, rule);
  x.rows.push(rule);
  totals(x);
  payment(x);
  footer(x, where === 'footer' ? rfc : '');
  return { cols, rows: x.rows, printed };
}
