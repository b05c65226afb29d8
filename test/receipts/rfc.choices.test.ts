import { describe, expect, it } from 'vitest';
import { rfcFromChoices } from '../../src/receipts/extract/rfc.choices.js';
import { type CharChoices, choicesOfHocr } from '../../src/receipts/ocr/ocr.js';

/**
 * A word's characters from a compact notation: `1:.90,T:.43` is a character read `1` (0.90) that may be `T`
 * (0.43); characters are separated by spaces.
 */
const word = (s: string): CharChoices[] =>
  s.split(' ').map((ch) =>
    ch.split(',').map((alt): [string, number] => {
      const at = alt.lastIndexOf(':');
      return [alt.slice(0, at), Number(alt.slice(at + 1))];
    }),
  );
const sure = (s: string): string => [...s].map((c) => `${c}:.95`).join(' ');

describe('rfcFromChoices', () => {
  it('spells the valid RFC from second choices where the best characters spell none', () => {
    // Read `105061219025`; the LSTM also saw T, D, S and a homoclave D.
    const read = word(
      `1:.90,T:.43 0:.79,D:.83,O:.30 5:.93,S:.37 ${sure('061219')} D:.87,0:.78,1:.30 2:.88,7:.54 5:.93`,
    );
    expect(rfcFromChoices([read])).toBe('TDS061219D25');
  });

  it('gives the RFC as read when the best characters already spell a valid one', () => {
    expect(rfcFromChoices([word(sure('SPA211220294'))])).toBe('SPA211220294');
  });

  it('puts a look-alike where the structure wants a digit, though the LSTM never offered it', () => {
    expect(rfcFromChoices([word(sure('MCAO31009P51'))])).toBe('MCA031009P51');
  });

  it('leaves out a label read before a mark, and takes an RFC split in words', () => {
    // `REF:ASJ060122BKA`, one word: the run that follows the colon, not `FASJ060122BKA` (as valid), which takes in
    // the label's F.
    const labelled = [...word(sure('REF')), [[':', 0.92]] as CharChoices, ...word(sure('ASJ060122BKA'))];
    expect(rfcFromChoices([labelled])).toBe('ASJ060122BKA');
    expect(rfcFromChoices([word(sure('ASJ')), word(sure('060122')), word(sure('BKA'))])).toBe('ASJ060122BKA');
  });

  it('finds the RFC at the end of a word a label was read glued to', () => {
    expect(rfcFromChoices([word(sure('RFCASJ060122BKA'))])).toBe('ASJ060122BKA');
  });

  it('gives none when no alternative satisfies the check digit, or the run is not an RFC long', () => {
    expect(rfcFromChoices([word(sure('SPA211220295'))])).toBeNull();
    expect(rfcFromChoices([word(sure('SPA21122029'))])).toBeNull();
    expect(rfcFromChoices([])).toBeNull();
  });
});

describe('choicesOfHocr', () => {
  it("gives each word's characters' alternatives, likeliest first, with the markup's entities read", () => {
    const choice = (c: string, p: number) => `<span class='ocrx_cinfo' title='x_confs ${p}'>${c}</span>`;
    const group = (...cs: string[]) =>
      `<span class='ocrx_cinfo' id='lstm_choices_1_1_1'>${cs.join('')}</span>`;
    const hocr = [
      `<span class='ocrx_word' id='word_1_1' title='bbox 0 0 10 10; x_wconf 90'>A&amp;`,
      group(choice('A', 90.5), choice('4', 12)),
      group(choice('R', 3), choice('&amp;', 80)),
      `</span><span class='ocrx_word' id='word_1_2'>5`,
      group(choice('5', 99)),
      '</span>',
    ].join('');
    expect(choicesOfHocr(hocr)).toEqual([
      [
        [
          ['A', 0.905],
          ['4', 0.12],
        ],
        [
          ['&', 0.8],
          ['R', 0.03],
        ],
      ],
      [[['5', 0.99]]],
    ]);
  });
});
