import type { ReceiptData } from '../receipt.types.js';
import {
  amountNear,
  CARD_WORDS,
  CASH_WORDS,
  DISCOUNT_WORDS,
  type Line,
  moneyIn,
  TOTAL_WITH_TIP,
  TOTAL_WORD,
  VOUCHER_WORDS,
  withoutFirstDigit,
  withVariant,
} from './extract.text.js';
import { pesosInWords } from './extract.words.js';
import { confusions, oneDropped, swappedNumbers } from './lookalike.js';

type Amount = 'total' | 'subtotal' | 'iva' | 'ieps' | 'tip';
export interface Totals extends Pick<ReceiptData, Amount> {
  confidence: Record<Amount, number>;
  /** Amount paid in cash and change, used by the payment rule. */
  paid: number | null;
  /** A TOTAL printed before a discount and the TOTAL after it: what the items add up to. */
  gross: number | null;
}

/** What a labelled amount is: a part of the purchase, or of its payment. */
type Kind = 'total' | 'totalTip' | 'subtotal' | 'iva' | 'ieps' | 'tip' | 'discount' | PaymentKind;
type PaymentKind = 'cash' | 'change' | 'card' | 'importe';

interface Labeled {
  kind: Kind;
  values: number[];
  line: number;
  /** Read from the line below: on bent or rotated photos the right column drifts from its labels. */
  shifted?: boolean;
}

const RULES: Array<[Kind, RegExp]> = [
  // `SUMA $419.40` / `IMPUESTOS $67.10`: a restaurant's words for the subtotal and the tax.
  ['subtotal', /\bSUB\s?-?\s?TOTAL(?:\b|(?=M\.\s?N\.|MN\b))|^SUMA\b(?!\s?(?:DE\s)?(?:ARTICULOS|PIEZAS))/],
  ['totalTip', TOTAL_WITH_TIP],
  ['tip', /\bPROPINA\b/],
  // Not a TOTAL line (`TOTAL CON DESCUENTO 100.35` is the total, `TOTAL DESCUENTOS` a summary).
  ['discount', new RegExp(`^(?!.*\\bTOTAL\\b).*(?:${DISCOUNT_WORDS})`)],
  // The I as OCR may read it in a dotted label (`LE.PS.`, `LVA.`).
  ['ieps', /\b[IL1]\.?\s?E\.?\s?P\.?\s?S\.?\b/],
  // Not an amount priced with the tax in: that is no tax amount.
  [
    'iva',
    /(?:(?<![A-Z])|(?<=INCLUYE)|(?<=(?:^|[^A-Z])C))(?<!\bCON\s?|\bC\s?\/\s?)[IL1]\.?\s?V\.?\s?A\b|^IMPUESTOS?\b/,
  ],
  [
    'total',
    new RegExp(
      `${TOTAL_WORD}(?!\\s*(DE\\s*)?(ARTICULOS|ARTS|PIEZAS|PZAS|ITEMS|PRODUCTOS|DESCUENTOS?|AHORRO|GST\\b|TAX\\b|QTY|QUANTITY|DISCOUNTS?\\b|SAVINGS?\\b|SALES?\\s?\\(?EXCL))`,
    ),
  ],
  ['change', /\bCAMBIO\b|\bSU CAMBIO\b|\bCHANGE\b/],
  ['cash', new RegExp(String.raw`${CASH_WORDS}|\bPAGO\b(?!.*TARJETA)`)],
  ['importe', /^IMPORTE\b|\bA PAGAR\b/],
  // Paid by card, or by vouchers or transfer (the same kind of evidence: what was paid, no change given).
  ['card', new RegExp(`${CARD_WORDS}|(?<![A-Z])MASTER(?![A-Z])|MASTERCARD|${VOUCHER_WORDS}`)],
];

/** `TOTAL (IVA INCLUIDO) 286.81`: the total, the tax only said to be in it. */
const TOTAL_TAX_IN = new RegExp(String.raw`^\W*${TOTAL_WORD}\s?\(\s?(?:IVA|I\.V\.A\.?)\s?INC`);

/** What amount a line's label announces (subtotal, a tax, the total, a payment…), or null for none. */
export function classify(norm: string): Kind | null {
  // A suggested tip (`PROPINA SUGERIDA 10%`, `SUGERENCIA DE PROPINA:`) is no amount of the purchase.
  if (/SUGER(?:ID|ENCIA)/.test(norm)) return null;
  if (/ARTICULOS:|PRECIOS CON IVA|IVA INCLUIDO$|^\(/.test(norm) && !moneyIn(norm).length) return null;
  if (TOTAL_TAX_IN.test(norm)) return 'total';
  for (const [kind, re] of RULES) if (re.test(norm)) return kind;
  return null;
}

/** Whole pesos ending a line, as small shops print them: with a `$`, or two digits or more after a label. */
const WHOLE_PESOS = /(?:\$\s?(\d{1,3}(?:,\d{3})+|\d+)|(?<=[A-Z]:?\s)(\d{2,}))\s*$/;
const WHOLE_KINDS: Kind[] = ['total', 'cash', 'change', 'subtotal'];

/** Every labelled amount, each with its `$`-misread variant. */
function labeledAmounts(lines: Line[]): Labeled[] {
  const out: Labeled[] = [];
  const wholePesos = !lines.some((l) => moneyIn(l.norm).length > 0);
  lines.forEach((l, i) => {
    const kind = classify(l.norm);
    if (!kind) return;
    const m = amountNear(lines, i);
    if (m) out.push({ kind, values: withVariant(m), line: i });
    const whole = wholePesos && WHOLE_KINDS.includes(kind) ? WHOLE_PESOS.exec(l.norm) : null;
    const pesos = whole ? (whole[1] ?? whole[2] ?? '').replace(/,/g, '') : '';
    if (pesos) out.push({ kind, values: [Number(pesos) * 100], line: i });
    const b = moneyIn(lines[i + 1]?.norm ?? '').at(-1);
    if (b && b.cents !== m?.cents) out.push({ kind, values: [b.cents], line: i, shifted: true });
  });
  return out;
}

/** A subtotal or tax amount read without its decimal point, on a ticket that prints cents elsewhere. */
const POINT_LOST = /(?<![\d%.,:/-])\$?\s?(\d{3,7})\s*$/;
function pointLostAmounts(lines: Line[], kind: Kind): number[] {
  if (!lines.some((l) => moneyIn(l.norm).length > 0)) return [];
  return lines.flatMap((l) => {
    if (classify(l.norm) !== kind || moneyIn(l.norm).length) return [];
    const m = POINT_LOST.exec(l.norm);
    return m ? [Number(m[1])] : [];
  });
}

/** The last amount on a line, with its `$`-misread variant. */
function lastAmounts(line: Line | undefined): number[] {
  const m = moneyIn(line?.norm ?? '').at(-1);
  return m ? withVariant(m) : [];
}

/** Charges that add up like a tax but are not one. */
const NOT_TAX = new RegExp(`PROPINA|SERVICIO|ENVIO|${DISCOUNT_WORDS}|CARGO|COMISION|REDONDEO|DONATIVO`);

/** A line that is the tax's own, not a purchase priced with tax in. */
const TAX_LINE = /^\W*[IL1]\.?\s?V\.?\s?A\b(?!.*\b(INCLUIDO|INCL)\b)/;
/** Labels of what was paid, which a drifted total sits beside. */
const PAID: Array<Kind | null> = ['card', 'cash', 'importe', null];

/** Tax at most 16 % of the subtotal (16 %, 8 %, or mixed with 0 % items), plus a cent of rounding. */
export const plausibleTax = (sub: number, tax: number): boolean => tax > 0 && tax * 100 <= sub * 16 + 100;

/** Subtotal, tax and total printed on three consecutive lines whose labels OCR garbled. */
export function taxBlocks(lines: Line[]): Array<{ subtotal: number; tax: number; total: number }> {
  const out: Array<{ subtotal: number; tax: number; total: number }> = [];
  for (let i = 0; i + 2 < lines.length; i++) {
    const [first, taxLine, last] = [lines[i]?.norm ?? '', lines[i + 1]?.norm ?? '', lines[i + 2]?.norm ?? ''];
    const kinds = [classify(first), classify(taxLine), classify(last)];
    // (`IMPORTE` over the tax and the TOTAL is the subtotal: what the items came to.)
    const fits = ['subtotal', 'iva', 'total'].map(
      (kind, k) => kinds[k] === null || kinds[k] === kind || (k === 0 && kinds[k] === 'importe'),
    );
    // The amount column drifted a line down past its labels while the SUBTOTAL label's line was lost.
    const drifted =
      TAX_LINE.test(first) &&
      kinds[1] === 'total' &&
      !NOT_TAX.test(taxLine) &&
      !/AHORR/.test(taxLine) &&
      PAID.includes(kinds[2] ?? null);
    const garbled =
      !fits.includes(false) && !NOT_TAX.test(taxLine) && (/\d\s?%/.test(taxLine) || kinds[2] === 'total');
    if (!garbled && !drifted) continue;
    for (const a of lastAmounts(lines[i]))
      for (const b of lastAmounts(lines[i + 1]))
        for (const c of lastAmounts(lines[i + 2]))
          if (a + b === c && plausibleTax(a, b)) out.push({ subtotal: a, tax: b, total: c });
  }
  return out;
}

const firstOf = (all: Labeled[], kind: Kind): Labeled | undefined => all.find((a) => a.kind === kind);
/** The amounts of a kind read on their label's own line. */
const own = (all: Labeled[], kind: Kind): Labeled[] => all.filter((a) => a.kind === kind && !a.shifted);
const valuesOf = (all: Labeled[], kind: Kind, shifted = false): number[] =>
  all.filter((a) => a.kind === kind && Boolean(a.shifted) === shifted).flatMap((a) => a.values);

/** A label that follows an amount on the same line starts a line of its own. */
const MERGED_LABEL = new RegExp(
  String.raw`(?<=\d[.,]\d{2})\s+(?=(?:SUB\s?-?TOTAL|${TOTAL_WORD}|\bIVA\b|I\.V\.A|\bIEPS\b|EFECTIVO|CAMBIO|\bPAGO\b|RECIBIDO|TARJETA|PROPINA|${DISCOUNT_WORDS}))`,
);

function splitMergedLabels(lines: Line[]): Line[] {
  return lines
    .flatMap((l) => {
      const parts = l.norm.split(MERGED_LABEL);
      return parts.length === 1 ? [l] : parts.map((norm) => ({ ...l, raw: norm, norm }));
    })
    .map((l, index) => ({ ...l, index }));
}

/** The subtotal, IVA and IEPS amounts read on their labels' lines, or all on the line below (shifted). */
const taxParts = (all: Labeled[], shifted = false): [number[], number[], number[]] => [
  valuesOf(all, 'subtotal', shifted),
  valuesOf(all, 'iva', shifted),
  valuesOf(all, 'ieps', shifted),
];

/** Weight gathered by each candidate total, in cents. */
type Votes = Map<number, number>;

/** Adds a weight to a candidate total; nothing at or below zero is one. */
const vote = (votes: Votes, v: number, w: number): void => {
  if (v > 0) votes.set(v, (votes.get(v) ?? 0) + w);
};

/** A discount the total is net of, what of it the subtotal includes, and one printed between two TOTALs. */
type Discount = { discount: number; onSubtotal: number; between?: Labeled; grossLine?: number };

/** The discount taken off the total: above the first TOTAL, or between a gross TOTAL and the net one. */
function discountOf(all: Labeled[]): Discount {
  const firstTotalLine = firstOf(all, 'total')?.line;
  // A discount printed above a TOTAL: the items and the subtotal printed above it are before the discount.
  // Without a TOTAL read, a discount line may be a savings summary after it: nothing is taken off.
  const discountEntry =
    firstTotalLine === undefined ? undefined : own(all, 'discount').find((a) => a.line < firstTotalLine);
  // `TOTAL 1,077.00` / `DESCUENTO -20.00` / `TOTAL A PAGAR 1,057.00`: a discount between two TOTALs.
  const firstTotal = own(all, 'total')[0]?.values ?? [];
  const nets = (d: Labeled): boolean =>
    own(all, 'total').some(
      (t) =>
        t.line > d.line &&
        t.values.some((net) => firstTotal.some((g) => d.values.some((v) => g - v === net))),
    );
  const between =
    discountEntry || firstTotalLine === undefined
      ? undefined
      : own(all, 'discount').find((a) => a.line > firstTotalLine && nets(a));
  // Items always sit above the discount; a subtotal only when printed above it (else it is net of it).
  const discounted = discountEntry ?? between;
  const discount = discounted?.values[0] ?? 0;
  const subtotalLine = firstOf(all, 'subtotal')?.line ?? 0;
  const onSubtotal = discounted && subtotalLine < discounted.line ? discount : 0;
  return { discount, onSubtotal, between, grossLine: between ? firstTotalLine : undefined };
}

/** Votes of the TOTAL labels, the first the strongest; returns the part of each reading's votes they gave. */
function voteLabelled(all: Labeled[], votes: Votes, off: Discount, tipLine: number, tips: number[]): Votes {
  const labelVotes: Votes = new Map();
  own(all, 'total').forEach((a, n) => {
    // A TOTAL before the discount between two is the gross: it stands for the net the later one prints.
    const gross = off.between !== undefined && a.line < off.between.line;
    a.values.forEach((value, k) => {
      const v = gross ? value - off.discount : value;
      const w = (n === 0 ? 3 : 2) - (k > 0 ? 1.5 : 0);
      // A TOTAL printed below the tip includes it: the purchase is the rest, as with `TOTAL + PROPINA`.
      const withTip = a.line > tipLine;
      vote(votes, v, withTip ? 1 : w);
      labelVotes.set(v, (labelVotes.get(v) ?? 0) + (withTip ? 1 : w));
      if (withTip) for (const t of tips) if (t < v) vote(votes, v - t, 2.5);
    });
  });
  for (const v of valuesOf(all, 'total', true)) {
    vote(votes, v, 1);
    labelVotes.set(v, (labelVotes.get(v) ?? 0) + 1);
  }
  return labelVotes;
}

/** Votes of the arithmetic on labelled amounts: subtotal + taxes, a TOTAL with tip less the tip. */
function voteSums(lines: Line[], all: Labeled[], votes: Votes, off: Discount, tips: number[]): void {
  const [subs, ivas, iepss] = taxParts(all);
  // A tax line printed with its amount unread.
  const taxLabel = (kind: Kind): boolean => lines.some((l) => classify(l.norm) === kind && /\d/.test(l.norm));
  const taxUnread = (!ivas.length && taxLabel('iva')) || (!iepss.length && taxLabel('ieps'));
  for (const s of taxUnread ? [] : subs)
    for (const i of ivas.length ? ivas : [0])
      for (const e of iepss.length ? iepss : [0]) vote(votes, s + i + e - off.onSubtotal, 2.5);
  // The same sum with every value taken from the line below (the whole column drifted).
  const [sS, iS, eS] = taxParts(all, true);
  for (const s of sS)
    for (const i of iS.length ? iS : [0]) for (const e of eS.length ? eS : [0]) vote(votes, s + i + e, 2);
  for (const tt of valuesOf(all, 'totalTip')) for (const t of tips) vote(votes, tt - t, 2.5);
}

/** Votes of what was paid (card, vouchers or transfer, cash less change), with or without a printed tip. */
function votePayments(all: Labeled[], votes: Votes, tipEntries: Labeled[]): void {
  // What was paid covers a tip printed on the ticket, or, paid apart, it does not.
  const paidTips = tipEntries.flatMap((a) => a.values.slice(0, 1));
  const votePaid = (p: number, w: number): void => {
    const less = paidTips.filter((t) => t < p);
    vote(votes, p, less.length ? w / 2 : w);
    for (const t of less) vote(votes, p - t, w / 2);
  };
  for (const c of [...valuesOf(all, 'card'), ...valuesOf(all, 'importe')]) votePaid(c, 0.8);
  const cash = valuesOf(all, 'cash');
  // Change as read votes with paid; its `$`-misread variant (`67.34` → `7.34`) only weakly.
  const changes = own(all, 'change');
  for (const p of cash)
    for (const ch of changes) for (const [k, v] of ch.values.entries()) votePaid(p - v, k === 0 ? 1.5 : 0.5);
  for (const p of cash) votePaid(p, 0.5);
}

/** Votes of the total in words: the whole amount, or its pesos or cents backing readings that share them. */
function voteInWords(lines: Line[], votes: Votes): void {
  // The total in words ends with its cents: `… PESOS 66/100 M.N.`; readings with those cents gain a vote.
  const cents = centsInWords(lines);
  // The whole amount in words, pesos and cents: backing another reading, as strong as the items' sum.
  const pesos = pesosInWords(lines);
  const inWords = pesos !== null && cents !== null ? pesos * 100 + cents : null;
  if (inWords !== null) vote(votes, inWords, votes.has(inWords) ? 2 : 1);
  else if (pesos !== null)
    for (const v of [...votes.keys()]) if (Math.floor(v / 100) === pesos) vote(votes, v, 1);
  if (cents !== null) for (const v of [...votes.keys()]) if (v % 100 === cents) vote(votes, v, 1.5);
}

/** The reading with the most votes (the larger on a tie). */
function pickTotal(all: Labeled[], votes: Votes, support: (v: number) => number): number | null {
  const cash = valuesOf(all, 'cash');
  // Paid in cash alone, the total is at most what was handed over.
  const paidOtherwise = valuesOf(all, 'card').length || valuesOf(all, 'importe').length;
  const handed = cash.length && !paidOtherwise ? Math.max(...cash) : null;
  if (handed !== null && [...votes.keys()].some((v) => v <= handed && support(v) >= 2))
    for (const v of [...votes.keys()]) if (v > handed && support(v) < 2) votes.delete(v);
  let total: number | null = null;
  let best = 0;
  for (const [v, w] of votes)
    if (w > best || (w === best && total !== null && v > total)) [best, total] = [w, v];
  return total;
}

/** Picks the total by label and by arithmetic: subtotal + IVA + IEPS, items, payment and change all vote. */
export function extractTotals(read: Line[], itemsSum: number | null): Totals {
  const lines = splitMergedLabels(read);
  const all = labeledAmounts(lines);
  const [subs, ivas, iepss] = taxParts(all);
  const tipEntries = own(all, 'tip');
  // A tip's `$`-misread variant may be nothing at all (`$0.00` from `50.00`): no tip.
  const tips = tipEntries.flatMap((a) => a.values).filter((t) => t > 0);
  const off = discountOf(all);
  const votes: Votes = new Map();
  const labelVotes = voteLabelled(all, votes, off, tipEntries[0]?.line ?? Number.POSITIVE_INFINITY, tips);
  voteSums(lines, all, votes, off, tips);
  // Arithmetic where labels are unreadable or drifted: as strong as a subtotal + IVA read with their labels.
  const blocks = taxBlocks(lines);
  for (const b of blocks) vote(votes, b.total, 2.5);
  if (itemsSum !== null) vote(votes, itemsSum - off.discount, 2);
  votePayments(all, votes, tipEntries);
  voteInWords(lines, votes);
  // What backs a reading besides a TOTAL label: payment, items, subtotal + taxes.
  const support = (v: number): number => (votes.get(v) ?? 0) - (labelVotes.get(v) ?? 0);
  let total = pickTotal(all, votes, support);
  let best = total === null ? 0 : (votes.get(total) ?? 0);
  const plainIvas = [...ivas];
  const ivaLine = firstOf(all, 'iva');
  const ivaAt16 = ivaLine !== undefined && /\b16\s?%/.test(lines[ivaLine.line]?.norm ?? '');
  if (total !== null && !subs.length && !iepss.length && ivaAt16 && support(total) < 1.5) {
    // IVA printed as included at 16 % is 16/116 of the total.
    const fixed = includedIvaRepair(total, ivas[0] ?? 0);
    if (fixed) {
      total = fixed.total;
      best = votes.get(total) ?? best;
      plainIvas[0] = fixed.iva;
    }
  }
  const [sS, iS, eS] = taxParts(all, true);
  const pools = {
    subs: [...subs, ...sS, ...blocks.map((b) => b.subtotal), ...pointLostAmounts(lines, 'subtotal')],
    ivas: [...plainIvas, ...iS, ...blocks.map((b) => b.tax), ...pointLostAmounts(lines, 'iva')],
    iepss: [...iepss, ...eS],
    tips,
    all: all.filter((a) => !a.shifted),
    plain: { subs, ivas: plainIvas, iepss },
  };
  const gross = own(all, 'total').find((a) => a.line === off.grossLine)?.values[0] ?? null;
  return { ...finishTotals(total, best, pools), gross };
}

const IN_WORDS = /PESO|M\.\s?N|\bMN\b|\bMIL\b|CIENTOS/;

/** The cents of the amount written in words, or null when none is printed. */
export function centsInWords(lines: Line[]): number | null {
  for (let i = 0; i < lines.length; i++) {
    const norm = lines[i]?.norm ?? '';
    const m = /(?<!\d)(\d{2})\s?\/\s?100(?!\d)/.exec(norm);
    if (m && IN_WORDS.test(norm)) return Number(m[1]);
  }
  return null;
}

/** IVA included in a total at 16 %, to the cent (SAT rounds half up). */
const includedIva = (total: number): number => Math.round((total * 16) / 116);

/** A total and its included IVA that disagree by more than rounding. */
export function includedIvaRepair(total: number, iva: number): { total: number; iva: number } | null {
  if (Math.abs(includedIva(total) - iva) <= 2) return null;
  const ivas = new Map([[iva, 0], ...swappedNumbers(iva, CONFUSABLE).map((v): [number, number] => [v, 1])]);
  // Fewest misread digits first, then the closest cent: a unique best pair or nothing.
  let best: { total: number; iva: number; cost: number } | null = null;
  let tie = false;
  for (const [t, tEdits] of [[total, 0], ...swappedNumbers(total, CONFUSABLE).map((v) => [v, 1])] as const) {
    const want = includedIva(t);
    for (const i of [want - 1, want, want + 1]) {
      const iEdits = ivas.get(i);
      if (iEdits === undefined) continue;
      const cost = (tEdits + iEdits) * 10 + Math.abs(i - want);
      if (!best || cost < best.cost) [best, tie] = [{ total: t, iva: i, cost }, false];
      else if (cost === best.cost && t !== best.total) tie = true;
    }
  }
  return best && !tie ? { total: best.total, iva: best.iva } : null;
}

interface Pools {
  subs: number[];
  ivas: number[];
  iepss: number[];
  tips: number[];
  all: Labeled[];
  /** Values read on their label's own line: the only ones used when nothing adds up. */
  plain: { subs: number[]; ivas: number[]; iepss: number[] };
}

/** The amounts of 10.00 or more without their first digit (a `$` OCR read as one). */
const leadLost = (values: number[]): number[] =>
  values.flatMap((v) => (v > 0 ? (withoutFirstDigit(v) ?? []) : []));

/** Whether one amount's digits are the other's with one digit more (`65868` and `6868`). */
function oneDigitApart(a: number, b: number): boolean {
  const [long, short] = String(a).length > String(b).length ? [String(a), String(b)] : [String(b), String(a)];
  return oneDropped(long).includes(short);
}

function finishTotals(total: number | null, score: number, p: Pools): Omit<Totals, 'gross'> {
  let subtotal = p.plain.subs[0] ?? null;
  let iva = p.plain.ivas[0] ?? null;
  let ieps = p.plain.iepss[0] ?? null;
  let consistent = false;
  if (total !== null) {
    // Choose the combination that adds up to the total.
    const adds = (subs: number[], ivas: number[]): void => {
      for (const s of subs.length ? subs : [null])
        for (const i of ivas.length ? ivas : [null])
          for (const e of p.iepss.length ? p.iepss : [null])
            if (s !== null && s + (i ?? 0) + (e ?? 0) === total && !consistent)
              [subtotal, iva, ieps, consistent] = [s, i, e, true];
    };
    adds(p.subs, p.ivas);
    if (!consistent) adds([...p.subs, ...leadLost(p.plain.subs)], [...p.ivas, ...leadLost(p.plain.ivas)]);
    if (!consistent && subtotal === null && p.plain.ivas.length)
      iva = p.plain.ivas.find((v) => v < total) ?? iva;
    // No IVA is more than 16/116 of the total it is in.
    const most = includedIva(total) + 2;
    if (!consistent && subtotal === null && iva !== null && iva > most && /^[15689]/.test(String(iva))) {
      const cut = withoutFirstDigit(iva);
      if (cut !== null && cut <= most) iva = cut;
    }
    // An IVA a digit off (`$658.68` for $68.68) takes the one amount the subtotal and total leave for it.
    const left = subtotal === null ? null : total - subtotal - (ieps ?? 0);
    if (!consistent && left !== null && left > 0 && iva !== null && oneDigitApart(iva, left))
      [iva, consistent] = [left, true];
  }
  const tip = firstOf(p.all, 'tip')?.values.find((t) => total === null || t < total) ?? null;
  const strong = consistent ? 1 : 0.7;
  return {
    total,
    subtotal,
    iva,
    ieps,
    tip,
    paid: firstOf(p.all, 'cash')?.values[0] ?? null,
    confidence: {
      total: total === null ? 0 : Math.min(1, score / 5),
      subtotal: subtotal === null ? 0 : strong,
      iva: iva === null ? 0 : strong,
      ieps: ieps === null ? 0 : strong,
      tip: tip === null ? 0 : 0.8,
    },
  };
}

/** Digits thermal fonts confuse, each either way round. */
const CONFUSABLE = confusions('0869 8063 6085 90 385 536 17 71');
