import { describe, expect, it } from 'vitest';
import { planTaxClasses, splitTotalByClass } from '../../src/cfdi/tax.plan.js';
import { splitGross, type TaxClass } from '../../src/cfdi/taxes.js';

const ivaOf = (amounts: number[], classes: TaxClass[]) =>
  amounts.reduce((s, g, i) => s + splitGross(g, classes[i] ?? 'iva16').iva, 0);

describe('planTaxClasses', () => {
  it('keeps everything at 16 % when the ticket prints no taxes or a 16 % IVA', () => {
    expect(planTaxClasses([11600, 5000], { iva: null, ieps: null })).toEqual(['iva16', 'iva16']);
    expect(planTaxClasses([11600, 5000], { iva: 2290, ieps: null })).toEqual(['iva16', 'iva16']);
  });

  it('finds the 0 % lines from a lower printed IVA', () => {
    expect(planTaxClasses([11600, 5000, 2320], { iva: 1920, ieps: null })).toEqual([
      'iva16',
      'iva0',
      'iva16',
    ]);
    expect(planTaxClasses([3000, 4000], { iva: 0, ieps: null })).toEqual(['iva0', 'iva0']);
  });

  it('finds the IEPS lines from the printed IEPS', () => {
    expect(planTaxClasses([3550, 2207, 5150, 1950], { iva: 1063, ieps: 141 })).toEqual([
      'iva16',
      'ieps8_iva16',
      'iva0',
      'iva16',
    ]);
  });

  it('gives up when no assignment explains the printed taxes', () => {
    expect(planTaxClasses([11600], { iva: 9999, ieps: null })).toBeNull();
    expect(planTaxClasses([11600], { iva: 1600, ieps: 500 })).toBeNull();
  });

  it('stays fast and bounded on a long supermarket ticket with IEPS', () => {
    const amounts = Array.from({ length: 60 }, (_, i) => 1999 + i * 137);
    const classes = amounts.map((_, i): TaxClass => (i % 3 === 0 ? 'iva0' : 'iva16'));
    const plan = planTaxClasses(amounts, { iva: ivaOf(amounts, classes), ieps: 321 });
    // Either an assignment within tolerance or null (fallback) — never a hang.
    if (plan) expect(plan).toHaveLength(60);
  });
});

describe('splitTotalByClass', () => {
  it('splits a ticket without usable items into IVA 16 %, 0 % and IEPS parts', () => {
    const parts = splitTotalByClass(12857, { iva: 1063, ieps: 141 });
    expect(parts?.map((p) => p.cls)).toEqual(['iva16', 'iva0', 'ieps8_iva16']);
    expect(parts?.reduce((s, p) => s + p.gross, 0)).toBe(12857);
  });

  it('folds a couple of stray cents into the 16 % part', () => {
    expect(splitTotalByClass(11601, { iva: 1600, ieps: null })).toEqual([{ cls: 'iva16', gross: 11601 }]);
  });

  it('returns null when the printed taxes exceed what the total can carry', () => {
    expect(splitTotalByClass(1000, { iva: 5000, ieps: null })).toBeNull();
    expect(splitTotalByClass(1000, { iva: null, ieps: null })).toBeNull();
  });
});
