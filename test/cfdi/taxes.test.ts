import { describe, expect, it } from 'vitest';
import { formatCantidad, importeLimits, valorUnitario } from '../../src/cfdi/concepto.amounts.js';
import { formatCents, formatRate, IEPS_8, IVA_16, taxLimits, taxWithinLimits } from '../../src/cfdi/money.js';
import { splitGross, type TaxClass } from '../../src/cfdi/taxes.js';

/** Deterministic pseudo-random numbers so a failure can be reproduced. */
function rng(seed: number) {
  let s = seed >>> 0;
  return (max: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % max;
  };
}

describe('money', () => {
  it('formats cents and rates the way SAT compares them', () => {
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(123456)).toBe('1234.56');
    expect(formatRate(IVA_16)).toBe('0.160000');
    expect(formatRate(0)).toBe('0.000000');
    expect(() => formatCents(-1)).toThrow();
    expect(() => formatCents(1.5)).toThrow();
  });

  it("mirrors SAT's limits for a tax Importe (the referee's own example: 862.06 × 0.16)", () => {
    expect(taxLimits(86206, IVA_16)).toEqual({ lo: 13792, hi: 13794 });
    expect(taxWithinLimits(86206, IVA_16, 13793)).toBe(true);
    expect(taxWithinLimits(86206, IVA_16, 13795)).toBe(false);
    expect(taxWithinLimits(86206, IVA_16, 13791)).toBe(false);
    expect(taxLimits(0, IVA_16)).toEqual({ lo: 0, hi: 1 });
  });
});

describe('splitGross', () => {
  /** Empty when the split is exact and inside SAT's limits, else what is wrong (collected, one expect per test). */
  const problems: string[] = [];
  const check = (gross: number, cls: TaxClass) => {
    const t = splitGross(gross, cls);
    const ok =
      t.base + t.ieps + t.iva === gross &&
      (cls === 'iva0' ? t.iva === 0 : taxWithinLimits(t.ivaBase, IVA_16, t.iva)) &&
      (cls === 'ieps8_iva16'
        ? t.ivaBase === t.base + t.ieps && taxWithinLimits(t.base, IEPS_8, t.ieps)
        : t.ieps === 0 && t.ivaBase === t.base);
    if (!ok) problems.push(`${gross} ${cls} ${JSON.stringify(t)}`);
  };

  it('splits every amount from 0 to 300.00 pesos exactly, for every class', () => {
    for (let g = 0; g <= 30_000; g++)
      for (const cls of ['iva16', 'iva0', 'ieps8_iva16'] as const) check(g, cls);
    expect(problems).toEqual([]);
  });

  it('splits large random amounts exactly', () => {
    const r = rng(7);
    for (let i = 0; i < 5000; i++) {
      const g = r(1_000_000_000);
      check(g, 'iva16');
      check(g, 'ieps8_iva16');
    }
    expect(problems).toEqual([]);
  });

  it('gives the textbook split for a 116.00 ticket', () => {
    expect(splitGross(11600, 'iva16')).toEqual({ base: 10000, ieps: 0, ivaBase: 10000, iva: 1600 });
  });

  it('rejects negative or fractional cents', () => {
    expect(() => splitGross(-1, 'iva16')).toThrow();
    expect(() => splitGross(10.5, 'iva16')).toThrow();
  });
});

describe('concepto amounts', () => {
  it('writes quantities without needless zeros', () => {
    expect(formatCantidad(3)).toBe('3');
    expect(formatCantidad(0.744)).toBe('0.744');
    expect(formatCantidad(2.41)).toBe('2.41');
    expect(formatCantidad(27.6091)).toBe('27.609');
  });

  it('gives two decimals when exact and six otherwise', () => {
    expect(valorUnitario(5252, '2')).toBe('26.26');
    expect(valorUnitario(9401, '3')).toBe('31.336667');
    expect(valorUnitario(5000, '2')).toBe('25.00');
  });

  it('keeps Importe within the limits of Cantidad × ValorUnitario for random lines', () => {
    const r = rng(11);
    const outside: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const importe = 1 + r(5_000_000);
      const cantidad = formatCantidad(r(2) === 0 ? 1 + r(50) : (1 + r(60_000)) / 1000);
      const { lo, hi } = importeLimits(cantidad, valorUnitario(importe, cantidad));
      if (importe < lo || importe > hi) outside.push(`${importe} ${cantidad}`);
    }
    expect(outside).toEqual([]);
  });

  it('detects an Importe outside the limits', () => {
    const { lo, hi } = importeLimits('2', '431.03');
    expect(lo).toBeLessThanOrEqual(86206);
    expect(hi).toBeGreaterThanOrEqual(86206);
    expect(importeLimits('1.000', '10.00')).toEqual({ lo: 999, hi: 1002 });
  });
});
