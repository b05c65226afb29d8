import type { ReceiptItem } from '../receipt.types.js';
import { classify } from './extract.amounts.js';
import { DISCOUNT_WORDS, type Line, type Money, moneyIn, TOTAL_WORD, VOUCHER_WORDS } from './extract.text.js';
import { confusions, oneDropped, swappedNumbers } from './lookalike.js';

const STOP = new RegExp(
  // `PAGO: $50.00` and `SU PAGO` are what the customer handed over; `CIVA`: a bracket read C; `INCLUIDO`: the
  // included tax's line, its label garbled (`MTV INCLUIDO`).
  `^CONSUMO\\s?:?\\s?\\$?\\s?\\d[\\d,]*[.,]\\d{2}\\s*$|SUB\\s?-?TOTAL|^SUMA\\b|^IMPUESTOS?\\b|${TOTAL_WORD}|(?:\\b|^C)IVA\\b|\\bI\\.V\\.A|\\bIEPS\\b|EFECTIVO|CAMBIO|TARJETA|PROPINA|\\bA PAGAR\\b|\\bSU PAGO\\b|\\bINCLUID[OA]\\b|^PAGO\\s?:\\s?\\$?\\s?\\d|${VOUCHER_WORDS}`,
);
// Header lines before the items, matched as whole words (`AISLAR` is no `ISLA`, `TRANSP` no `TRANS`).
const NOT_ITEM =
  /\bCANT|DESCRIPCION|IMPORTE|PRECIO\/|R\.?F\.?C|FECHA|FOLIO|TICKET|MESERO|CAJERO|\bTEL\b|C\.P|DESPACHADOR|PERMISO|PRODUCTO:|LITROS:|\bHORA\b\s?:?\s?\d{1,2}\s?[:.]\s?\d{2}/;
// Header words a product may carry too (`CAJA ORGANIZADORA`): a header only without a price.
const HEADER_WORD = /\b(?:CAJA|MESA|BOMBA|ISLA|TRANS(?:ACCION)?|HORA)\b/;
/** Quantity, a sold-by unit, the times sign and the unit price. */
const QTY_LINE =
  /^[^A-Z0-9]*(\d+(?:[.,]\d{1,3})?)(?:(?:\s?(?:KG|K|GR|G|LTS?|L|PZA?|PZS))?(?:\s?(?:X+|@|E|\*|Q|€)\s?|\s[0O]\s)|\s?(?:KG|GR|LTS?|PZA?|PZS|M|MTS?)\s)\$?\s?\d[\d,]*[.,]\d{2}/;
const BARCODE = /^\d{8,14}$/;
/** A line's last number with three decimals where an amount belongs: a barred zero read as two glyphs. */
const THREE_DECIMALS = /(?<![\d.,])(\d{1,3}(?:,\d{3})+|\d+)\.(\d{3})\s?[A-Z]?$/;

/** A value an item's amount may have, and how many OCR slips it assumes. */
interface Option {
  cents: number;
  slips: number;
}

/** An item as read: its amount's possible values, likeliest first, and the unit price when printed. */
interface Draft {
  description: string;
  quantity: number;
  options: Option[];
  unit: number | null;
}

/** What a digit read on a line total may have been. */
const AMOUNT_SLIPS = confusions('80 605 90 56 38');

/** The amount with one digit swapped for what it may have been, every way (never a leading zero). */
const lookalikes = (cents: number): number[] => swappedNumbers(cents, AMOUNT_SLIPS);

/** The amount with one digit of its pesos dropped (a glyph read as two: `924.36` for 94.36), no leading zero. */
function withDigitDropped(cents: number): number[] {
  const pesos = String(Math.floor(cents / 100));
  if (pesos.length < 2) return [];
  const kept = oneDropped(pesos).filter((rest) => !rest.startsWith('0'));
  return [...new Set(kept.map((rest) => Number(rest) * 100 + (cents % 100)))];
}

/** Options for an amount read cleanly: as read, one and two slips away, a digit of its pesos too many (two slips). */
function readOptions(cents: number): Option[] {
  const one = lookalikes(cents).map((c) => ({ cents: c, slips: 1 }));
  const two = one.flatMap((o) => lookalikes(o.cents).map((c) => ({ cents: c, slips: 2 })));
  const dropped = withDigitDropped(cents).map((c) => ({ cents: c, slips: 2 }));
  return dedupe([{ cents, slips: 0 }, ...one, ...two, ...dropped]);
}

/** Options for `75.880`: each two-decimal value one dropped digit away (a zero read as `80`), then a slip more. */
function threeDecimalOptions(whole: string, decimals: string): Option[] {
  const base = Number(whole.replace(/,/g, '')) * 100;
  const drops = [...new Set([0, 1, 2].map((i) => Number(decimals.slice(0, i) + decimals.slice(i + 1))))];
  const first = drops.map((d) => ({ cents: base + d, slips: 1 }));
  const second = first.flatMap((o) => lookalikes(o.cents).map((c) => ({ cents: c, slips: 2 })));
  return dedupe([...first, ...second]);
}

function dedupe(options: Option[]): Option[] {
  const seen = new Map<number, Option>();
  for (const o of options) if (!seen.has(o.cents)) seen.set(o.cents, o);
  return [...seen.values()];
}

/** A line's prices: a weight opening a line with prices after it (`0.35 TORTILLA 23.79 8.40`) is a quantity. */
function pricesIn(norm: string): Money[] {
  const money = moneyIn(norm);
  return money.length > 1 && money[0]?.at === 0 && /^\S+\s?[A-Z]/.test(norm) ? money.slice(1) : money;
}

/** The last amount, or a three-decimal misread (`76.800`) where an amount belongs (elsewhere, a weight). */
function lineAmount(norm: string): { at: number; options: Option[] } | null {
  const money = pricesIn(norm);
  const last = money[money.length - 1];
  const odd = THREE_DECIMALS.exec(norm);
  const before = odd ? norm.slice(0, odd.index) : '';
  const amountPlace =
    odd !== null &&
    (money.some((m) => m.at < odd.index) ||
      /\d\.\d{3}\s/.test(before) ||
      /^\d{1,3}\s+[A-Z]/.test(norm) ||
      /\d\s?[A-Z]$/.test(norm));
  if (odd && amountPlace && (!last || odd.index > last.at))
    return { at: odd.index, options: threeDecimalOptions(odd[1] ?? '0', odd[2] ?? '000') };
  return last ? { at: last.at, options: readOptions(last.cents) } : null;
}

/** Columns in the order description, quantity, amount (`DESCRIPCION CANT IMPORTE`). */
const QTY_AFTER_DESCRIPTION = /\b(?:DESCRIPCION|ARTICULO|PRODUCTO|CONCEPTO)\b.*\bCANT/;
/** The quantity column's value ending what precedes a line's amount. */
const QTY_LAST = /\s(\d{1,3}(?:[.,]\d{1,3})?)\s*\$?\s*$/;

/** A quantity as printed, with a decimal point or comma. */
const num = (s: string): number => Number(s.replace(',', '.'));

/** A line's description, without barcodes or a trailing tax letter, and the quantity that opens it. */
function describe(s: string): { desc: string; qty: number | null } {
  // Barcodes anywhere, and a shorter code (a SKU, 5 digits or more) opening the line: nobody buys 10,000 of a thing.
  let t = s
    .replace(/\b\d{8,14}\b/g, ' ')
    .replace(/^\s*\d{5,7}\s+(?=[A-Z])/, '')
    .replace(/\s+[A-Z]$/, '')
    .trim();
  const lead = /^(\d+(?:[.,]\d{1,3})?)\s+(?=[A-Z])/.exec(t);
  const qty = lead?.[1] ? num(lead[1]) : null;
  if (lead?.[1]) t = t.slice(lead[0].length);
  t = t.replace(/^[^A-Z0-9(]+/, '').replace(/[^A-Z0-9)]+$/, '');
  return { desc: t.replace(/\s+/g, ' '), qty };
}

/** A description worth the name: two letters in a row, and not just the times sign misread (`XXX`). */
const isDescription = (d: string): boolean => /[A-Z]{2,}/.test(d) && !/^X+$/.test(d);

/** A line that is nothing but an amount: under a `TOTAL:` that wrapped it, it ends the items. */
const AMOUNT_ONLY = /^\$?\s?\d[\d,]*[.,]\d{2}$/;
/** A label line that opens with TOTAL and holds no figure (`TOTAL:`, `TOTAL A PAGAR:`). */
const TOTAL_LINE = new RegExp(`^\\W*${TOTAL_WORD}[^\\d]*$`);
/** A rate, not a purchase: a line ending in an amount per unit (`TARIFA: $18.00 / HORA`). */
const RATE = /\d[.,]\d{2}\s?\/\s?[A-Z]+\.?$/;
/** A fuel block's own lines, printed after its amount too (`PRECIO UNITARIO: $24.00`). */
const BLOCK_LINE = /^(?:PRECIO|LITROS|LTS|VOLUMEN|IMPORTE|MONTO|PRODUCTO)\b/;

/** A fuel sale's own line (`PRECIO UNITARIO: $23.45`, `20.000 LTS`): its `IMPORTE` is the sale's. */
const FUEL_LINE = /^(?:PRECIO|LITROS|LTS|VOLUMEN|CANTIDAD|P\.?\s?U)\b.*\d|\d\s?(?:LTS?|LITROS)\b/;

/** `IMPORTE 1,457.11` alone over the tax or the TOTAL, no fuel sale above: the items' sum, which ends them. */
const importeSum = (lines: Line[], i: number): boolean =>
  /^IMPORTE\s?:?\s?\$?\s?\d[\d,]*[.,]\d{2}\s*$/.test(lines[i]?.norm ?? '') &&
  ['iva', 'ieps', 'total'].includes(classify(lines[i + 1]?.norm ?? '') ?? '') &&
  !lines.slice(0, i).some((l) => FUEL_LINE.test(l.norm));

function itemZone(lines: Line[]): Line[] {
  const end = lines.findIndex(
    (l, i) =>
      (STOP.test(l.norm) &&
        (moneyIn(l.norm).length > 0 ||
          (TOTAL_LINE.test(l.norm) && AMOUNT_ONLY.test(lines[i + 1]?.norm ?? '')))) ||
      importeSum(lines, i),
  );
  const stop = end < 0 ? lines.length : end;
  let start = 0;
  for (let i = 0; i < stop; i++) {
    const norm = lines[i]?.norm ?? '';
    if (NOT_ITEM.test(norm) || (HEADER_WORD.test(norm) && !pricesIn(norm).length)) start = i + 1;
  }
  return lines.slice(start, stop);
}

/** Items in columns or two-line layouts: description (maybe a quantity before it) and the line total last. */
function zoneItems(zone: Line[], qtyLast = false): Draft[] {
  const items: Draft[] = [];
  let pendingDesc: string | null = null;
  for (const l of zone) {
    const text = l.norm;
    if (BARCODE.test(text.replace(/\s/g, '')) || RATE.test(text)) continue;
    if (NOT_PURCHASE.test(text)) {
      pendingDesc = null;
      continue;
    }
    const money = pricesIn(text);
    const amount = lineAmount(text);
    const q = QTY_LINE.exec(text);
    if (q?.[1]) {
      const qty = num(q[1]);
      const unit = money[0]?.cents ?? null;
      const last = items[items.length - 1];
      const total = money.length >= 2 || (amount && amount.at > (money[0]?.at ?? 0)) ? amount : null;
      if (pendingDesc && total)
        items.push({ description: pendingDesc, quantity: qty, options: total.options, unit });
      else if (last && !pendingDesc) Object.assign(last, { quantity: qty, unit });
      else if (pendingDesc && unit !== null)
        items.push({ description: pendingDesc, quantity: qty, options: readOptions(unit), unit: null });
      pendingDesc = null;
      continue;
    }
    const last = items[items.length - 1];
    const sold = !pendingDesc && last && last.unit === null ? soldAs(text, last.options) : null;
    if (sold && last) {
      Object.assign(last, sold);
      continue;
    }
    if (!amount) {
      const d = describe(text).desc;
      pendingDesc = isDescription(d) ? d : pendingDesc;
      continue;
    }
    const { desc, qty, unit } = pricedLine(text, money, amount, qtyLast);
    const description = isDescription(desc) ? desc : pendingDesc;
    if (description) items.push({ description, quantity: qty ?? 1, options: amount.options, unit });
    pendingDesc = null;
  }
  return items;
}

/** A line ending in its amount: its description, and the quantity and unit price printed before the amount. */
function pricedLine(
  text: string,
  money: Money[],
  amount: { at: number; options: Option[] },
  qtyLast: boolean,
): { desc: string; qty: number | null; unit: number | null } {
  // "DESC 2 X 95.00 190.00": the number before the unit price is the quantity.
  const before = text.slice(0, Math.min(money[0]?.at ?? amount.at, amount.at));
  const twoPrices = money.length >= 2 || (money.length === 1 && (money[0]?.at ?? 0) < amount.at);
  const trail = twoPrices ? /\s(\d+(?:[.,]\d{1,3})?)\s?(?:X|@|\*)?\s*\$?\s*$/.exec(before) : null;
  const unit = twoPrices ? (money[0]?.cents ?? null) : null;
  // `4 REFRESCO 21 38.38 153.52`: a number before the description and one before the unit price.
  const withTrail = trail ? describe(before.slice(0, trail.index)) : null;
  const trailQty = trail?.[1] ? num(trail[1]) : null;
  const useTrail =
    withTrail !== null &&
    (withTrail.qty === null ||
      backs(trailQty, unit, amount.options) ||
      !backs(withTrail.qty, unit, amount.options));
  const parsed = useTrail && withTrail ? withTrail : describe(before);
  const qty = useTrail ? trailQty : parsed.qty;
  // Under a `DESCRIPCION CANT IMPORTE` header, the number before the amount is the quantity.
  const lastNumber = qtyLast && !twoPrices && qty === null ? QTY_LAST.exec(before) : null;
  const rest = lastNumber?.[1] ? describe(before.slice(0, lastNumber.index)) : null;
  if (lastNumber?.[1] && rest && isDescription(rest.desc))
    return { desc: rest.desc, qty: num(lastNumber[1]), unit };
  return { desc: parsed.desc, qty, unit };
}

/** Quantity × unit price is one of the amount's readings (to the cent, as tickets round weighed goods). */
const backs = (qty: number | null, unit: number | null, options: Option[]): boolean =>
  qty !== null && unit !== null && options.some((o) => o.cents === Math.round(qty * unit));

/** `26 41.66` under an item: quantity, the times sign read as a digit, unit price; where the product backs it. */
function soldAs(text: string, options: Option[]): { quantity: number; unit: number } | null {
  const m = /^(\d{1,3})\s?(\d)?\s\$?(\d[\d,]*[.,]\d{2})$/.exec(text);
  if (!m?.[1]) return null;
  const unit = moneyIn(m[3] ?? '')[0]?.cents;
  if (unit === undefined) return null;
  const whole = num(m[1] + (m[2] ?? ''));
  const candidates = m[2] ? [num(m[1]), whole] : [whole, num(m[1].slice(0, -1))];
  const quantity = candidates.find((q) => q > 0 && backs(q, unit, options));
  return quantity === undefined ? null : { quantity, unit };
}

/** A fuel block's product line, a speck before it aside (`8 PRODUCTO: PREMIUM`: the pump's edge). */
const PRODUCT = /^(?:[^A-Z\s]{1,2}\s)?PRODUCTO\s?[:.]?\s*(.*[A-Z]{2,}.*)$/;
/** `PRODUCTO CANT PRECIO IMPORTE` is a column header, not a product. */
const COLUMN_WORDS = /\bCANT|PRECIO|IMPORTE|DESCRIPCION|\bP\.?\s?UNIT/;
const LITRES = /^(?:LITROS|LTS|VOLUMEN)\s?[:.]?\s*(\d+[.,]\d{1,3})\b/;
const UNIT_PRICE = /^PRECIO\b/;
const LINE_TOTAL = /^(?:IMPORTE|MONTO)\b/;

/** Fuel tickets' labelled blocks: `PRODUCTO: MAGNA`, `LITROS: 42.669`, `PRECIO/LITRO: $24.11`, `IMPORTE: …`. */
function labelledItems(lines: Line[]): { drafts: Draft[]; end: number } {
  const out: Draft[] = [];
  let end = -1;
  let cur: Draft | null = null;
  for (const l of lines) {
    const text = l.norm;
    const named = PRODUCT.exec(text);
    if (named?.[1] && !COLUMN_WORDS.test(named[1])) {
      cur = { description: describe(named[1]).desc, quantity: 1, options: [], unit: null };
      out.push(cur);
      continue;
    }
    if (!cur || cur.options.length) continue;
    const money = moneyIn(text);
    const litres = LITRES.exec(text);
    const q = QTY_LINE.exec(text);
    if (litres?.[1]) cur.quantity = num(litres[1]);
    else if (UNIT_PRICE.test(text)) cur.unit = money[0]?.cents ?? null;
    else if (LINE_TOTAL.test(text) || (q?.[1] && money.length >= 2)) {
      const amount = lineAmount(text);
      if (q?.[1]) Object.assign(cur, { quantity: num(q[1]), unit: money[0]?.cents ?? null });
      if (amount) {
        cur.options = amount.options;
        end = l.index;
      }
    } else if (STOP.test(text) && money.length) break;
  }
  return { drafts: out.filter((d) => d.options.length > 0), end };
}

/** The amount the quantity and unit price make, rounded to the cent as tickets do. */
const product = (d: Draft): number | null =>
  d.unit === null || d.quantity <= 0 ? null : Math.round(d.quantity * d.unit);

/** An item's options with the quantity × unit price among them: it backs the reading it equals. */
function withProduct(d: Draft): Option[] {
  const p = product(d);
  if (p === null) return d.options;
  const agreeing = d.options.find((o) => o.cents === p);
  if (agreeing) return [{ cents: p, slips: 0 }, ...d.options.filter((o) => o !== agreeing)];
  // No reading agrees: the product counts as one slip; a misread amount (no clean option) yields to it.
  const clean = d.options[0]?.slips === 0;
  return clean ? [...d.options, { cents: p, slips: 1 }] : [{ cents: p, slips: 1 }, ...d.options];
}

/** A fit assumes at most this many slips in all: a gap needing more is something else (a line not read). */
const MAX_SLIPS = 3;

/** One line total taken at another of its values: which line, which option, and what that changes. */
interface Change {
  item: number;
  option: number;
  slips: number;
  delta: number;
}

/** The fewest-slip changes (a line once) that close `gap`; null for none or for a tie: neither is trusted. */
function fitGap(options: Option[][], gap: number): { picks: number[]; slips: number } | null {
  const changes: Change[] = [];
  options.forEach((opts, item) => {
    const base = opts[0]?.cents ?? 0;
    opts.forEach((o, option) => {
      if (option > 0 && o.slips <= MAX_SLIPS)
        changes.push({ item, option, slips: o.slips, delta: o.cents - base });
    });
  });
  const byDelta = new Map<number, Change[]>();
  for (const c of changes) byDelta.set(c.delta, [...(byDelta.get(c.delta) ?? []), c]);
  let best: Change[] | null = null;
  let bestSlips = MAX_SLIPS + 1;
  let ties = 0;
  const consider = (set: Change[]): void => {
    const slips = set.reduce((n, c) => n + c.slips, 0);
    if (slips > MAX_SLIPS || slips > bestSlips) return;
    if (slips < bestSlips) [best, bestSlips, ties] = [set, slips, 1];
    else ties++;
  };
  // Sets of one, two or three changed lines, in increasing order so that each set is counted once.
  for (const c of byDelta.get(gap) ?? []) consider([c]);
  for (const a of changes) {
    for (const b of byDelta.get(gap - a.delta) ?? []) if (b.item > a.item) consider([a, b]);
    if (a.slips >= MAX_SLIPS - 1) continue;
    for (const b of changes) {
      if (b.item <= a.item || a.slips + b.slips >= MAX_SLIPS) continue;
      for (const c of byDelta.get(gap - a.delta - b.delta) ?? []) if (c.item > b.item) consider([a, b, c]);
    }
  }
  if (!best || ties > 1) return null;
  const picks = options.map(() => 0);
  for (const c of best as Change[]) picks[c.item] = c.option;
  return { picks, slips: bestSlips };
}

/** Lines that carry an amount but are no purchase: savings, points, coupons, discounts, rounding, donations. */
const NOT_PURCHASE = new RegExp(
  `AHORRO|\\bPUNTOS\\b|CUPON|MONEDERO|\\bPROMO|${DISCOUNT_WORDS}|REDONDEO|DONATIVO`,
);

/** The items as read, and the same fitted to the amounts they must add up to. */
export interface ItemsReading {
  asRead: ReceiptItem[];
  fitTo(targets: Array<number | null>): ReceiptItem[];
}

/** Purchased lines, each line total with its candidates. */
export function readItems(lines: Line[]): ItemsReading {
  const zone = itemZone(lines);
  const qtyLast = lines.some((l) => QTY_AFTER_DESCRIPTION.test(l.norm));
  // Fuel blocks, then whatever the ticket sold after them as ordinary lines (`1 ACEITE MOTOR 1L $189.00`).
  const labelled = labelledItems(lines);
  const after = zone.filter((l) => l.index > labelled.end && !BLOCK_LINE.test(l.norm));
  const drafts = labelled.drafts.length
    ? [...labelled.drafts, ...zoneItems(after, qtyLast)]
    : zoneItems(zone, qtyLast);
  const options = drafts.map(withProduct);
  const sum = options.reduce((s, o) => s + (o[0]?.cents ?? 0), 0);
  const fittable = drafts.length > 0 && !zone.some((l) => NOT_PURCHASE.test(l.norm));
  const build = (picks: number[]): ReceiptItem[] =>
    drafts.map((d, i) => {
      const amount = options[i]?.[picks[i] ?? 0]?.cents ?? 0;
      return { description: d.description, quantity: weighed(d, amount), amount };
    });
  const asRead = build([]);
  const fitTo = (targets: Array<number | null>): ReceiptItem[] => {
    const goals = targets.filter((t): t is number => t !== null && t > 0);
    if (!fittable || goals.includes(sum)) return asRead;
    // Every target is tried; the fit with the fewest slips wins, and two targets fitted equally well decide nothing.
    const fits = goals.map((t) => fitGap(options, t - sum)).filter((f) => f !== null);
    const fewest = Math.min(...fits.map((f) => f.slips));
    const winners = fits.filter((f) => f.slips === fewest);
    return winners.length === 1 && winners[0] ? build(winners[0].picks) : asRead;
  };
  return { asRead, fitTo };
}

/** A weight read with fewer decimals than printed. */
function weighed(d: Draft, amount: number): number {
  if (d.unit === null || d.unit <= 0 || Number.isInteger(d.quantity)) return d.quantity;
  if (Math.round(d.quantity * d.unit) === amount) return d.quantity;
  const exact = Math.round((amount / d.unit) * 1000) / 1000;
  return Math.abs(exact - d.quantity) <= 0.01 && Math.round(exact * d.unit) === amount ? exact : d.quantity;
}
