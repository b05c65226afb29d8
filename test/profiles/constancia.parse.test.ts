import { describe, expect, it } from 'vitest';
import { REGIMENES_FISCALES } from '../../src/catalogs/sat.catalogs.js';
import { parseConstancia, regimenCode } from '../../src/profiles/constancia.parse.js';
import { pdfTextLines } from '../../src/profiles/constancia.pdf.js';
import { chooseRegimen } from '../../src/profiles/constancia.service.js';
import { makeRfc } from '../helpers/seed.js';
import { FISICA_DOS, MORAL, renderConstancia } from './constancia.fixtures.js';

describe('regimenCode', () => {
  it('maps every catalog régimen printed the way SAT prints it', () => {
    for (const r of REGIMENES_FISCALES) expect(regimenCode(`Régimen de ${r.descripcion}`)).toBe(r.code);
  });

  it('tells apart names that share words', () => {
    expect(regimenCode('Régimen de Sueldos y Salarios e Ingresos Asimilados a Salarios')).toBe('605');
    expect(regimenCode('Régimen de los demás ingresos')).toBe('608');
    expect(regimenCode('Régimen General de Ley Personas Morales')).toBe('601');
    expect(regimenCode('Régimen de las Personas Físicas con Actividades Empresariales y Profesionales')).toBe(
      '612',
    );
    expect(regimenCode('Régimen de ninguna clase')).toBeUndefined();
  });
});

describe('parseConstancia', () => {
  it('reads a persona física with two regímenes in force and one ended', async () => {
    const rfc = makeRfc();
    const lines = await pdfTextLines(await renderConstancia({ rfc, ...FISICA_DOS }));
    expect(parseConstancia(lines)).toEqual({
      rfc,
      name: 'JUAN PÉREZ NUÑEZ',
      postal_code: '44100',
      regimenes: ['605', '626'],
      issued_on: '2025-02-03',
    });
  });

  it('reads a persona moral', async () => {
    const rfc = makeRfc('moral');
    const data = parseConstancia(await pdfTextLines(await renderConstancia({ rfc, ...MORAL })));
    expect(data).toMatchObject({
      rfc,
      name: 'COMERCIALIZADORA DEL VALLE',
      regimenes: ['601'],
      issued_on: '2025-02-28',
    });
  });

  it('refuses text that misses a key field', () => {
    const lines = [
      'CONSTANCIA DE SITUACIÓN FISCAL',
      'Datos de Identificación del Contribuyente:',
      'RFC:\tXYZ',
    ];
    expect(() => parseConstancia(lines)).toThrow(/not a Constancia/);
  });
});

describe('chooseRegimen', () => {
  const rfc = makeRfc();
  const tax = (fiscal_regimen: string, cfdi_use: string) =>
    ({ fiscal_regimen, cfdi_use }) as Parameters<typeof chooseRegimen>[2];
  it('keeps the current régimen when it is still in force', () => {
    expect(chooseRegimen(rfc, ['605', '626'], tax('626', 'G03'))).toEqual({
      regimen: '626',
      cfdi_use: 'G03',
      reason: 'current',
    });
  });
  it('takes the first that allows the default use', () => {
    expect(chooseRegimen(rfc, ['605', '626'], tax('612', 'G03'))).toEqual({
      regimen: '626',
      cfdi_use: 'G03',
      reason: 'compatible',
    });
  });
  it('falls back to the first régimen with a use it allows', () => {
    expect(chooseRegimen(rfc, ['605'], tax('612', 'G01'))).toEqual({
      regimen: '605',
      cfdi_use: 'S01',
      reason: 'only',
    });
  });
});
