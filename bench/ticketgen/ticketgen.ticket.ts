/**
 * One ticket's facts (the ground truth) and the printing choices made for it: the tax breakdown, tip, payment,
 * date and folio, drawn per category, with every sum exact to the cent.
 */
import { drawLines, type Line } from './ticketgen.items.js';
import type { Rng } from './ticketgen.rng.js';
import { drawVendor, type Vendor } from './ticketgen.vendors.js';

export type Difficulty = 'clean' | 'mild' | 'hard';
/** `broken`: SUBTOTAL + IVA (+ IEPS) = TOTAL; `included`: an "IVA incluido" line; `none`: only the TOTAL. */
export type TaxMode = 'broken' | 'included' | 'none';
export type Payment =
  | { kind: 'cash'; paid: number; change: number }
  | { kind: 'card'; brand: string; last4: string; auth: string }
  | { kind: 'other'; label: string };

export interface Ticket {
  vendor: Vendor;
  lines: Line[];
  /** Cents, taxes included, tip excluded. */
  total: number;
  iva: number;
  ieps: number;
  taxMode: TaxMode;
  /** IEPS printed on its own line (broken mode with IEPS only). */
  iepsShown: boolean;
  /** Tip added to the bill (cents), a suggestion only, or none. */
  tip: { kind: 'added' | 'suggested'; percent: number; amount: number } | null;
  payment: Payment;
  date: Date;
  time: { h: number; m: number; s: number | null };
  folio: string;
  difficulty: Difficulty;
}

/** The IVA and IEPS inside a line total, unrounded (cents). */
function taxesOf(l: Line): { iva: number; ieps: number } {
  if (l.tax === 'f') return { iva: 0, ieps: 0 };
  if (l.tax === 'g') return { iva: l.amount - l.amount / 1.16, ieps: 0 };
  const base = l.amount / (1.16 * 1.08);
  return { iva: base * 1.08 * 0.16, ieps: base * 0.08 };
}

function drawPayment(rng: Rng, due: number, category: string): Payment {
  const kind = rng.weighted([
    ['cash', 5],
    ['card', 4],
    ['other', category === 'supermarket' ? 1 : 0.3],
  ] as const);
  if (kind === 'card')
    return {
      kind,
      brand: rng.pick(['VISA', 'MASTERCARD', 'AMEX', 'T. DEBITO', 'T. CREDITO', 'TDD', 'TDC']),
      last4: String(rng.int(0, 9999)).padStart(4, '0'),
      auth: String(rng.int(0, 999999)).padStart(6, '0'),
    };
  if (kind === 'other')
    return { kind, label: rng.pick(['VALES DESPENSA', 'TRANSFERENCIA SPEI', 'MONEDERO ELECTRONICO']) };
  const step = rng.pick([1000, 5000, 10000, 20000, 50000]);
  const paid = rng.chance(0.15) ? due : Math.ceil((due + 1) / step) * step;
  return { kind, paid, change: paid - due };
}

function drawFolio(rng: Rng): string {
  const digits = (n: number): string => String(rng.int(0, 10 ** n - 1)).padStart(n, '0');
  return rng.weighted([
    [digits(rng.int(4, 8)), 5],
    [`${rng.pick(['A', 'B', 'T', 'F'])}-${digits(5)}`, 2],
    [`${rng.pick(['T', 'V', 'C'])}${digits(6)}`, 2],
    [`${rng.int(1, 99)}-${digits(6)}`, 1],
  ] as const);
}

/** `reference`: the newest date a ticket may carry; tickets span the year before it. */
export function drawTicket(rng: Rng, difficulty: Difficulty, reference: Date): Ticket {
  const vendor = drawVendor(rng);
  const lines = drawLines(rng, vendor.category);
  const total = lines.reduce((a, l) => a + l.amount, 0);
  const taxes = lines.map(taxesOf);
  const iva = Math.round(taxes.reduce((a, t) => a + t.iva, 0));
  const ieps = Math.round(taxes.reduce((a, t) => a + t.ieps, 0));
  const taxMode = rng.weighted([
    ['broken', 5],
    ['included', 3],
    ['none', vendor.category === 'gas' ? 0.5 : 1.5],
  ] as const);
  const percent = rng.pick([10, 12, 15]);
  const tipAmount = Math.round((total * percent) / 100);
  const tip =
    vendor.category === 'restaurant' || (vendor.category === 'coffee' && rng.chance(0.3))
      ? rng.weighted([
          [{ kind: 'added' as const, percent, amount: tipAmount }, 2],
          [{ kind: 'suggested' as const, percent, amount: tipAmount }, 1],
          [null, 1],
        ] as const)
      : null;
  const due = total + (tip?.kind === 'added' ? tip.amount : 0);
  const date = new Date(reference.getTime() - rng.int(0, 364) * 86_400_000);
  return {
    vendor,
    lines,
    total,
    iva,
    ieps,
    taxMode,
    iepsShown: taxMode === 'broken' && ieps > 0 && rng.chance(0.7),
    tip,
    payment: drawPayment(rng, due, vendor.category),
    date,
    time: { h: rng.int(7, 22), m: rng.int(0, 59), s: rng.chance(0.6) ? rng.int(0, 59) : null },
    folio: drawFolio(rng),
    difficulty,
  };
}

const pesos = (c: number | null): number | null => (c === null ? null : Math.round(c) / 100);
const iso = (d: Date): string => d.toISOString().slice(0, 10);
const two = (n: number): string => String(n).padStart(2, '0');

/** The ground-truth JSON of the receipts README. `printed`: descriptions as they ended up on paper. */
export function truthOf(t: Ticket, id: string, printed: string[]): Record<string, unknown> {
  const broken = t.taxMode === 'broken';
  return {
    vendor_name: t.vendor.razonSocial,
    vendor_store_name: t.vendor.storeName,
    vendor_rfc: t.vendor.rfc,
    date: iso(t.date),
    time: `${two(t.time.h)}:${two(t.time.m)}${t.time.s === null ? '' : `:${two(t.time.s)}`}`,
    total: pesos(t.total),
    subtotal: broken ? pesos(t.total - t.iva - (t.iepsShown ? t.ieps : 0)) : null,
    iva: t.taxMode === 'none' ? null : pesos(t.iva),
    ieps: t.iepsShown ? pesos(t.ieps) : null,
    tip: t.tip?.kind === 'added' ? pesos(t.tip.amount) : null,
    currency: 'MXN',
    payment_method: t.payment.kind,
    folio: t.folio,
    postal_code: t.vendor.postalCode,
    items: t.lines.map((l, i) => ({
      description: printed[i] ?? l.description,
      quantity: l.quantity,
      amount: pesos(l.amount),
    })),
    category: t.vendor.category,
    difficulty: t.difficulty,
    id,
  };
}
