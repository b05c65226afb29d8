import { describe, expect, it } from 'vitest';
import { normalizePhone } from '../../src/profiles/phone.js';

describe('normalizePhone', () => {
  it('treats +521 and +52 as the same Mexican number', () => {
    expect(normalizePhone('whatsapp:+5215512345678')).toBe('+525512345678');
    expect(normalizePhone('+52 55 1234 5678')).toBe('+525512345678');
    expect(normalizePhone('55 1234 5678')).toBe('+525512345678');
  });
  it('keeps other countries and rejects junk', () => {
    expect(normalizePhone('+1 415 555 2671')).toBe('+14155552671');
    expect(() => normalizePhone('12')).toThrow(/phone_number/);
  });
});
