import { describe, expect, it } from 'vitest';
import { mendCompanyType, printedTypeForm } from '../../src/receipts/extract/company.type.js';
import { weighEvidence } from '../../src/receipts/extract/evidence.js';
import { withEvidence } from '../../src/receipts/receipts.reader.js';
import { receiptData } from './receipt.data.js';

describe('company types as tickets print them', () => {
  it('knows the printed forms, with all their dots or none, and no mixed one', () => {
    for (const name of [
      'TIENDAS EL SOL, S.A. DE C.V.',
      'TIENDAS EL SOL SA DE CV',
      'TIENDAS EL SOL S. DE R.L. DE C.V.',
      'TIENDAS EL SOL, S.C.',
    ])
      expect(printedTypeForm(name)).toBe(true);
    for (const name of ['TIENDAS EL SOL, SA. DE CV', 'TIENDAS EL SOL SA DE E CV'])
      expect(printedTypeForm(name)).toBe(false);
  });

  it('puts a long type a letter off back in its form, dotted when the reading shows a dot or colon', () => {
    expect(mendCompanyType('GRUPO EL PORVENIR S DE RL: ¡DE EV')).toBe('GRUPO EL PORVENIR S. DE R.L. DE C.V.');
    expect(mendCompanyType('MATERIALES EL MIRADOR SA DE E CV')).toBe('MATERIALES EL MIRADOR SA DE CV');
    expect(mendCompanyType('SERVICIOS EL NOPAL SA PI DE CV.')).toBe('SERVICIOS EL NOPAL S.A.P.I. DE C.V.');
    expect(mendCompanyType('RESTAURANTES LA AURORA 5. DE R.L. DE C.V.')).toBe(
      'RESTAURANTES LA AURORA S. DE R.L. DE C.V.',
    );
  });

  it('leaves a type whose letters were lost (doubled dots), a short one, and a name with none', () => {
    expect(mendCompanyType('IMPORTADORA EL PORVENIR, S.A... DE C.V.')).toBe(
      'IMPORTADORA EL PORVENIR, S.A... DE C.V.',
    );
    expect(mendCompanyType('ABARROTES SALAS ARANDA')).toBe('ABARROTES SALAS ARANDA');
    expect(mendCompanyType('SERVICIOS SAN ANDRES')).toBe('SERVICIOS SAN ANDRES');
  });

  it('doubts a mended type whose dots the ticket does not print, not one wrapped to the next line', () => {
    const base = receiptData({ vendor_rfc: 'GCP991004ND6' });
    const mended = { ...base, vendor_name: 'GRUPO COMERCIALIZADORA EL PORVENIR S. DE R.L. DE C.V.' };
    const garbled = 'GRUPO COMERCIALIZADORA EL PORVENIR\nS DE RL ¡DE EV\nREC GCP991004ND6';
    expect(weighEvidence({ ...mended, text: garbled }, new Date()).vendor_name).toContain('!company type');
    const wrapped = 'GRUPO COMERCIALIZADORA EL PORVENIR S. DE\nR.L. DE CN.\nREC GCP991004ND6';
    expect(weighEvidence({ ...mended, text: wrapped }, new Date()).vendor_name).toContain('company type');
  });

  it('is applied to the name the reader delivers, whichever reading gave it', () => {
    const d = receiptData({
      vendor_name: 'GRUPO EL PORVENIR S DE RL: ¡DE EV',
      text: 'GRUPO EL PORVENIR\nS DE RL: ¡DE EV',
    });
    expect(withEvidence(d, new Date()).vendor_name).toBe('GRUPO EL PORVENIR S. DE R.L. DE C.V.');
  });

  it('doubts a name whose type the next line carries on (`…, S.A.` / `DE. CV`)', () => {
    const d = receiptData({
      vendor_name: 'AUTOSERVICIOS LOS ALAMOS, S.A.',
      vendor_rfc: 'AAL020425R62',
      text: 'AUTOSERVICIOS LOS ALAMOS, S.A.\nDE. CV\nR.F.C.: AAL020425R62',
    });
    expect(weighEvidence(d, new Date()).vendor_name).toContain('!company type');
    // The wrapped `DE C.V.` with its V lost (`DEC.`) carries it on too; a word that only starts so does not.
    const lost = { ...d, text: 'AUTOSERVICIOS LOS ALAMOS, S.A.\nDEC.\nR.F.C.: AAL020425R62' };
    expect(weighEvidence(lost, new Date()).vendor_name).toContain('!company type');
    const word = { ...d, text: 'AUTOSERVICIOS LOS ALAMOS, S.A.\nDECORACION Y MAS\nR.F.C.: AAL020425R62' };
    expect(weighEvidence(word, new Date()).vendor_name).not.toContain('!company type');
  });
});
