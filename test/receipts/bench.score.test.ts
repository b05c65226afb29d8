import { describe, expect, it } from 'vitest';
import { scoreItems, scoreOne, similarity } from '../../bench/receipts.score.js';

const truth = [
  { description: 'CAFE AMERICANO', quantity: 2, amount: 58 },
  { description: 'AGUA NATURAL 1L', quantity: 1, amount: 16 },
  { description: 'TOMATE SALADET', quantity: 0.744, amount: 22.3 },
];

describe('bench item scoring', () => {
  it('matches lines by description despite OCR slips, then compares quantity and amount', () => {
    expect(similarity('CAFE AMERICANO', 'CAFF AMERICAN0')).toBeGreaterThan(0.8);
    expect(similarity('CAFE AMERICANO', 'AGUA NATURAL 1L')).toBeLessThan(0.6);
    const read = [
      { description: 'AGUA NATURAL IL', quantity: 1, amount: 16 },
      { description: 'CAFF AMERICANO', quantity: 2, amount: 58 },
      { description: 'TOMATE SALADET', quantity: 0.744, amount: 23.3 }, // amount wrong
      { description: '7501055300075', quantity: 1, amount: 3 }, // not an item
    ];
    expect(scoreItems(read, truth)).toEqual({ truth: 3, right: 2, extra: 1 });
  });

  it('counts a ticket right only when every line is right and none is extra; unknown truth is not scored', () => {
    const read = truth.map((t) => ({ ...t }));
    expect(scoreOne({ items: read }, { items: truth }).items).toBe(true);
    expect(scoreOne({ items: read.slice(1) }, { items: truth }).items).toBe(false);
    expect(scoreOne({ items: [...read, read[0]] }, { items: truth }).items).toBe(false);
    expect(scoreOne({ items: read }, { items: null, difficulty: 'real' }).items).toBeNull();
    expect(scoreItems([], [])).toEqual({ truth: 0, right: 0, extra: 0 });
  });
});
