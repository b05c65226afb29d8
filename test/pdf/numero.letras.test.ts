import { describe, expect, it } from 'vitest';
import { enLetras, importeConLetra } from '../../src/pdf/numero.letras.js';

describe('enLetras', () => {
  it.each([
    [0, 'CERO'],
    [1, 'UNO'],
    [15, 'QUINCE'],
    [16, 'DIECISÉIS'],
    [21, 'VEINTIUNO'],
    [22, 'VEINTIDÓS'],
    [30, 'TREINTA'],
    [31, 'TREINTA Y UNO'],
    [99, 'NOVENTA Y NUEVE'],
    [100, 'CIEN'],
    [101, 'CIENTO UNO'],
    [115, 'CIENTO QUINCE'],
    [500, 'QUINIENTOS'],
    [777, 'SETECIENTOS SETENTA Y SIETE'],
    [1000, 'MIL'],
    [1001, 'MIL UNO'],
    [2021, 'DOS MIL VEINTIUNO'],
    [21_000, 'VEINTIÚN MIL'],
    [31_500, 'TREINTA Y UN MIL QUINIENTOS'],
    [100_000, 'CIEN MIL'],
    [101_000, 'CIENTO UN MIL'],
    [1_000_000, 'UN MILLÓN'],
    [2_500_000, 'DOS MILLONES QUINIENTOS MIL'],
    [21_000_000, 'VEINTIÚN MILLONES'],
    [1_000_000_000, 'MIL MILLONES'],
  ])('%i → %s', (n, words) => {
    expect(enLetras(n)).toBe(words);
  });

  it('uses the short form before a noun', () => {
    expect(enLetras(1, true)).toBe('UN');
    expect(enLetras(21, true)).toBe('VEINTIÚN');
    expect(enLetras(41, true)).toBe('CUARENTA Y UN');
    expect(enLetras(5, true)).toBe('CINCO');
  });

  it('rejects what is not a non-negative integer', () => {
    expect(() => enLetras(-1)).toThrow();
    expect(() => enLetras(1.5)).toThrow();
  });
});

describe('importeConLetra', () => {
  it.each([
    [30392, '(TRESCIENTOS TRES PESOS 92/100 M.N.)'],
    [100, '(UN PESO 00/100 M.N.)'],
    [5, '(CERO PESOS 05/100 M.N.)'],
    [2100, '(VEINTIÚN PESOS 00/100 M.N.)'],
    [116_206, '(MIL CIENTO SESENTA Y DOS PESOS 06/100 M.N.)'],
    [100_000_000, '(UN MILLÓN DE PESOS 00/100 M.N.)'],
    [200_000_050, '(DOS MILLONES DE PESOS 50/100 M.N.)'],
    [100_100_000, '(UN MILLÓN MIL PESOS 00/100 M.N.)'],
  ])('%i cents → %s', (cents, text) => {
    expect(importeConLetra(cents)).toBe(text);
  });
});
