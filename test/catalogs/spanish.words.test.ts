import { describe, expect, it } from 'vitest';
import { isSpanishWord } from '../../src/catalogs/spanish.words.js';

describe('the Spanish word list', () => {
  it('knows words as the reader compares them: upper case, accents dropped, Ñ as N', () => {
    for (const word of [
      'MARGARITAS',
      'COMBUSTIBLES',
      'CAMION',
      'CAMIÓN',
      'NIÑO',
      'NINO',
      'PINGUINO',
      'TLAPALERIA',
    ])
      expect(isSpanishWord(word), word).toBe(true);
  });

  it('knows no misread word, surname or garble', () => {
    for (const word of ['MARCARITAS', 'CONBUSTINLES', 'GOMEZ', 'XQZW', ''])
      expect(isSpanishWord(word), word).toBe(false);
  });
});
