import { describe, expect, it } from 'vitest';
import { toLines } from '../../src/receipts/extract/extract.text.js';
import { extractVendor } from '../../src/receipts/extract/extract.vendor.js';
import { respellToInitial, spellBusinessWords } from '../../src/receipts/extract/vocabulary.js';

describe('business words misread by one look-alike letter', () => {
  it('spells them back, the stray dot of the slip included', () => {
    expect(spellBusinessWords('SERVICIOS GASOLIMEROS DEL VALLE SA DE CV')).toBe(
      'SERVICIOS GASOLINEROS DEL VALLE SA DE CV',
    );
    expect(spellBusinessWords('CAFF. DE ALTURA CHIAPANECO SA DE CV')).toBe(
      'CAFE DE ALTURA CHIAPANECO SA DE CV',
    );
    expect(spellBusinessWords('FARNACIA DEL AHORRO')).toBe('FARMACIA DEL AHORRO');
  });

  it('spells back a long word with any one letter misread, the first too, or a U split in two', () => {
    expect(spellBusinessWords('MATERZALES PARA CONSTRUCCION SAN MIGUEL')).toBe(
      'MATERIALES PARA CONSTRUCCION SAN MIGUEL',
    );
    expect(spellBusinessWords('NATERIALES DEL NORTE')).toBe('MATERIALES DEL NORTE');
    expect(spellBusinessWords('OPERADORA DE RESTALIRANTES DEL CENTRO')).toBe(
      'OPERADORA DE RESTAURANTES DEL CENTRO',
    );
    // A short word gets a look-alike only, past its first letter; a Spanish word is never respelt.
    expect(spellBusinessWords('TACAS BAJIO')).toBe('TACAS BAJIO');
    expect(spellBusinessWords('PANADERO DEL BAJIO')).toBe('PANADERO DEL BAJIO');
  });

  it('leaves known words, proper names, short words, abbreviations and two-letter slips as read', () => {
    for (const name of [
      'MERCADOS FRESCOS DE OCCIDENTE SA DE CV',
      'JUAN CARLOS MENDOZA RUIZ',
      'FARMACIA GUADALAJARA',
      'CASA LEY',
      'CIA. HNOS. S.A.',
      // Real words one look-alike letter from a known one, at the first letter: never changed there.
      'COMIDA CASERA DEL BAJIO SA DE CV',
      'MOTEL LAS PALMAS',
      // Two letters away from GASOLINEROS: not a slip this rule may mend.
      'GASOLIMERDS DEL VALLE',
    ])
      expect(spellBusinessWords(name)).toBe(name);
  });

  it('mends the razón social and the store name the vendor rule returns', () => {
    const v = extractVendor(
      toLines('GASOLIMERA EL SOL\nSERVICIOS GASOLIMEROS DEL VALLE SA DE CV\nR.F.C. SGV7911192I6'),
      'SGV7911192I6',
      2,
    );
    expect(v.name).toBe('SERVICIOS GASOLINEROS DEL VALLE SA DE CV');
    expect(v.storeName).toBe('GASOLINERA EL SOL');
  });
});

describe('an ampersand read as a currency sign', () => {
  it('is put back between two words, and nowhere else', () => {
    expect(spellBusinessWords('MODA €: HOGAR')).toBe('MODA & HOGAR');
    expect(spellBusinessWords('MODA $: HOGAR')).toBe('MODA & HOGAR');
    expect(spellBusinessWords('MODA & HOGAR')).toBe('MODA & HOGAR');
    expect(spellBusinessWords('FERRETERIA LOPEZ 6: HIJOS SA DE CV')).toBe(
      'FERRETERIA LOPEZ & HIJOS SA DE CV',
    );
    expect(spellBusinessWords('GRUPO 6 HERMANOS SA DE CV')).toBe('GRUPO 6 HERMANOS SA DE CV'); // a figure
    expect(spellBusinessWords('CAFE $ 25')).toBe('CAFE $ 25'); // a price, not a word after it
    expect(spellBusinessWords('TACOS S HERMANOS')).toBe('TACOS S HERMANOS'); // a letter is no sign
  });
});

describe('a business word respelt to the initial a company RFC gives', () => {
  it('takes the one known word of that length two letters away at most, first letter included', () => {
    expect(respellToInitial('EXOSCO', 'K')).toBe('KIOSCO');
    expect(respellToInitial('BARMACIA', 'F')).toBe('FARMACIA');
  });

  it('leaves known words, words already right, far slips and ambiguous ones', () => {
    expect(respellToInitial('HOTEL', 'M')).toBeNull(); // a known word is what was printed
    expect(respellToInitial('KIOSCO', 'K')).toBeNull();
    expect(respellToInitial('EXOSKA', 'K')).toBeNull(); // three letters from KIOSCO and KIOSKO
    expect(respellToInitial('XIENDA', 'T')).toBe('TIENDA');
    expect(respellToInitial('XIENDAS', 'T')).toBe('TIENDAS');
  });
});
