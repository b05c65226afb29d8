import { describe, expect, it } from 'vitest';
import { extractTotals } from '../../src/receipts/extract/extract.amounts.js';
import { toLines } from '../../src/receipts/extract/extract.text.js';
import { numberFromWords, pesosInWords } from '../../src/receipts/extract/extract.words.js';

const words = (s: string) => s.split(' ');

describe('the total written in words', () => {
  it('spells numbers as tickets print them', () => {
    expect(numberFromWords(words('DOSCIENTOS CINCUENTA Y TRES'))).toBe(253);
    expect(numberFromWords(words('DOS MIL NOVECIENTOS TREINTA Y DOS'))).toBe(2932);
    expect(numberFromWords(words('MIL CIENTO VEINTIUN'))).toBe(1121);
    expect(numberFromWords(words('CIEN'))).toBe(100);
    expect(numberFromWords(words('QUINCE MIL'))).toBe(15000);
    expect(numberFromWords(words('UN MILLON DOSCIENTOS MIL'))).toBe(1_200_000);
    // A garbled word spells nothing.
    expect(numberFromWords(words('DOSCIENTOS CINCUEMTA Y TRES'))).toBeNull();
  });

  it('finds the pesos on their line, wrapped over two lines, after SON: or a bracket', () => {
    expect(pesosInWords(toLines('(DOSCIENTOS VEINTICINCO PESOS 24/100 M.N.)'))).toBe(225);
    expect(pesosInWords(toLines('SON: DOSCIENTOS CINCUENTA Y TRES PESOS\n71/100 M.N.'))).toBe(253);
    expect(
      pesosInWords(toLines('TOTAL 2,932.66\n(DOS MIL NOVECIENTOS TREINTA Y\nDOS PESOS 66/100 M.N.)')),
    ).toBe(2932);
    expect(pesosInWords(toLines('TOTAL 10.00\nGRACIAS POR SU COMPRA'))).toBeNull();
    expect(pesosInWords(toLines('(hos MIL NOVECIENTOS TREINTA Y\nde po\nE PESOS 66/190 M.N.)'))).toBeNull();
  });

  it('outvotes a TOTAL misread by a digit that is no look-alike, with the items and a voucher', () => {
    const text =
      'CHOCOLATE 19.50\nPAN 199.72\nBEBIDA 34.49\nTOTAL A PAGAR $250.71\nSON: DOSCIENTOS CINCUENTA Y TRES PESOS\n71/100 M.N.\nVALE ELECTRONICO 253.71';
    expect(extractTotals(toLines(text), 25371).total).toBe(25371);
    // Without the words the label wins, as before.
    expect(extractTotals(toLines(text.replace(/SON:.*PESOS\n/, '')), 25371).total).toBe(25071);
  });
});

describe('the total in words misread', () => {
  it('does not outvote the payment and the cents when no other reading backs it (DOS read UN)', () => {
    const text =
      'LIJA AGUA 120 52.00\n——o 2932.66\nDOS MIL NOVECIENTOS TREINTA Y\nUN PESOS 66/100 M.N.) ==\nBAGO EFECTIVO 3000.00 a\nCAMBIO 67.34';
    expect(extractTotals(toLines(text), null).total).toBe(293266);
  });
});
