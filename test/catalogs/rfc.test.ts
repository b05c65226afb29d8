import { describe, expect, it } from 'vitest';
import {
  checkDigitSees,
  hasValidCheckDigit,
  isValidRfc,
  normalizeRfc,
  rfcCheckDigit,
  rfcKind,
} from '../../src/catalogs/rfc.js';

describe('RFC', () => {
  it.each(['EKU9003173C9', 'OAT080813655', 'RCS9402233V4'])('accepts %s with its check digit', (rfc) => {
    expect(isValidRfc(rfc)).toBe(true);
  });

  it('computes the check digit of SAT test RFCs', () => {
    expect(rfcCheckDigit('EKU9003173C')).toBe('9');
  });

  it('rejects a wrong check digit, a bad date and a bad shape', () => {
    expect(hasValidCheckDigit('EKU9003173C8')).toBe(false);
    expect(isValidRfc('EKU9013173C9')).toBe(false);
    expect(isValidRfc('EK9003173C9')).toBe(false);
    expect(isValidRfc('')).toBe(false);
  });

  it('accepts the generic RFCs and tells moral from física', () => {
    expect(isValidRfc('XAXX010101000')).toBe(true);
    expect(isValidRfc('XEXX010101000')).toBe(true);
    expect(rfcKind('EKU9003173C9')).toBe('moral');
    expect(rfcKind('XAXX010101000')).toBe('fisica');
    expect(normalizeRfc(' eku900317-3c9 ')).toBe('EKU9003173C9');
  });
});

describe('checkDigitSees', () => {
  it('is blind at weight 11 and between characters whose values differ by 11, and sees the rest', () => {
    expect(checkDigitSees('MERJ831014R57', 2, 'N')).toBe(false); // 3rd of 13: weight 11
    expect(checkDigitSees('OAT080813655', 1, 'R')).toBe(false); // 2nd of 12 (padded): weight 11
    expect(checkDigitSees('GOLJ800101AB4', 3, 'T')).toBe(false); // J and T differ by 11
    expect(checkDigitSees('MERJ831014R57', 0, 'N')).toBe(true);
    expect(checkDigitSees('MERJ831014R57', 3, 'I')).toBe(true);
  });
});
