import { describe, expect, it } from 'vitest';
import { generateTicket, referenceDate, ticketFacts } from '../../bench/ticketgen/ticketgen.js';
import type { Cell } from '../../bench/ticketgen/ticketgen.layout.js';
import { fisicaLetters, moralLetters } from '../../bench/ticketgen/ticketgen.rfc.js';
import { isValidRfc } from '../../src/catalogs/rfc.js';

const cents = (pesos: unknown): number => Math.round(Number(pesos) * 100);
/** 150 tickets from three seeds: enough to meet every layout, tax mode and vendor kind. */
const draws = [1, 42, 987654].flatMap((seed) =>
  Array.from({ length: 50 }, (_, k) => ticketFacts(seed, k).truth),
);

const README_KEYS = [
  'vendor_name',
  'vendor_store_name',
  'vendor_rfc',
  'date',
  'time',
  'total',
  'subtotal',
  'iva',
  'ieps',
  'tip',
  'currency',
  'payment_method',
  'folio',
  'postal_code',
  'items',
  'category',
  'difficulty',
  'id',
];

/** The columns a cell's characters take. */
const span = (c: Cell): [number, number] => {
  const n = c.text.length;
  return c.anchor === 'start'
    ? [c.col, c.col + n]
    : c.anchor === 'end'
      ? [c.col - n, c.col]
      : [c.col - n / 2, c.col + n / 2];
};

describe('ticket generator', () => {
  it('prints no text over other text on a row, as no printer does', () => {
    for (const seed of [1, 42, 987654, 910011])
      for (let k = 0; k < 50; k++) {
        const { layout } = ticketFacts(seed, k);
        for (const row of layout.rows) {
          if (row.kind !== 'text' || row.scale !== 1) continue;
          const spans = row.cells.map(span).sort((a, b) => a[0] - b[0]);
          spans.forEach(([a], i) => {
            if (i > 0)
              expect(a, `${seed}/${k}: ${row.cells.map((c) => c.text).join(' | ')}`).toBeGreaterThanOrEqual(
                spans[i - 1]?.[1] ?? 0,
              );
          });
        }
      }
  });

  it('draws the same ticket for the same seed and index, and another for another seed', () => {
    expect(ticketFacts(5, 3).truth).toEqual(ticketFacts(5, 3).truth);
    expect(ticketFacts(5, 3).layout).toEqual(ticketFacts(5, 3).layout);
    expect(ticketFacts(6, 3).truth.vendor_rfc).not.toBe(ticketFacts(5, 3).truth.vendor_rfc);
  });

  it('renders the same photo bytes for the same seed', { timeout: 60_000 }, async () => {
    const [a, b] = [await generateTicket(11, 1), await generateTicket(11, 1)];
    expect(a.jpeg.equals(b.jpeg)).toBe(true);
    expect(a.jpeg.subarray(0, 2).toString('hex')).toBe('ffd8');
  });

  it('writes exactly the fields of the receipts ground-truth format', () => {
    for (const t of draws) expect(Object.keys(t).sort()).toEqual([...README_KEYS].sort());
  });

  it('gives every issuer a valid RFC: 12 characters for a company, 13 for a person', () => {
    for (const t of draws) {
      const rfc = String(t.vendor_rfc);
      expect(isValidRfc(rfc), rfc).toBe(true);
      const company = /\bS\.? ?(A|C|DE R\.?L)\b|S\.C\.|S\.A\./.test(String(t.vendor_name));
      expect(rfc.length, String(t.vendor_name)).toBe(company ? 12 : 13);
    }
  });

  it("forms the RFC's letters from the name as SAT does", () => {
    expect(moralLetters('ALMACENES MODA Y HOGAR')).toBe('AMH');
    expect(moralLetters('SERVICIO LA FRONTERA')).toBe('SFR');
    expect(moralLetters('DEL LAGO')).toBe('LAG');
    expect(fisicaLetters('JOSE ANTONIO', 'FLORES', 'ZAVALA')).toBe('FOZA');
    expect(fisicaLetters('ANA', 'DE LA ROSA', 'UC')).toBe('ROUA');
    expect(fisicaLetters('OSCAR', 'PEDRAZA', 'DOMINGUEZ')).toBe('PEDX');
  });

  it('makes the items add up to the total, and subtotal + IVA + IEPS equal the total when broken down', () => {
    for (const t of draws) {
      const items = t.items as Array<{ amount: number }>;
      expect(items.length).toBeGreaterThan(0);
      expect(items.reduce((a, i) => a + cents(i.amount), 0)).toBe(cents(t.total));
      if (t.subtotal !== null)
        expect(cents(t.subtotal) + cents(t.iva) + cents(t.ieps ?? 0)).toBe(cents(t.total));
    }
    expect(draws.some((t) => t.subtotal !== null && t.ieps !== null)).toBe(true);
    expect(draws.some((t) => t.subtotal === null && t.iva !== null)).toBe(true);
    expect(draws.some((t) => t.tip !== null)).toBe(true);
  });

  it('dates every ticket within the year before its seed’s reference date', () => {
    for (const seed of [1, 42]) {
      const ref = referenceDate(seed).getTime();
      for (let k = 0; k < 30; k++) {
        const d = Date.parse(`${ticketFacts(seed, k).truth.date}T00:00:00Z`);
        expect(d).toBeLessThanOrEqual(ref);
        expect(d).toBeGreaterThan(ref - 366 * 86_400_000);
      }
    }
  });
});
