import { describe, expect, it } from 'vitest';
import {
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
