import { describe, expect, it } from 'vitest';
import {
  FORMAS_PAGO,
  isUsoAllowedForRegimen,
  isValidFormaPago,
  isValidRegimen,
  isValidUsoCfdi,
  REGIMENES_FISCALES,
  taxCodesProblem,
  USOS_CFDI,
  usosForRegimen,
} from '../../src/catalogs/sat.catalogs.js';

describe('SAT catalogs (CFDI 4.0)', () => {
  it('holds the full c_RegimenFiscal, c_UsoCFDI and c_FormaPago lists of cat40', () => {
    expect(REGIMENES_FISCALES).toHaveLength(19);
    expect(USOS_CFDI).toHaveLength(24);
    expect(FORMAS_PAGO).toHaveLength(22);
    expect(FORMAS_PAGO.map((f) => f.code)).toEqual(expect.arrayContaining(['01', '04', '28', '99']));
  });

  it('validates regimes, also by kind of person', () => {
    expect(isValidRegimen('601')).toBe(true);
    expect(isValidRegimen('601', 'moral')).toBe(true);
    expect(isValidRegimen('601', 'fisica')).toBe(false);
    expect(isValidRegimen('612', 'fisica')).toBe(true);
    expect(isValidRegimen('626', 'moral')).toBe(true);
    expect(isValidRegimen('609')).toBe(false); // 3.3-only
    expect(isValidRegimen('999')).toBe(false);
  });

  it('rejects P01 (3.3 only) and unknown uses', () => {
    expect(isValidUsoCfdi('G03')).toBe(true);
    expect(isValidUsoCfdi('P01')).toBe(false);
    expect(taxCodesProblem({ uso: 'P01', kind: 'fisica' })?.message).toMatch(/S01.*G03/);
    expect(isValidFormaPago('99')).toBe(true);
    expect(isValidFormaPago('07')).toBe(false);
  });

  it('applies the regime compatibility of c_UsoCFDI', () => {
    expect(isUsoAllowedForRegimen('G03', '612', 'fisica')).toBe(true);
    expect(isUsoAllowedForRegimen('D01', '612', 'fisica')).toBe(true);
    expect(isUsoAllowedForRegimen('D01', '601', 'moral')).toBe(false); // deducciones personales: físicas only
    expect(isUsoAllowedForRegimen('G03', '605', 'fisica')).toBe(false); // salaried: no gastos en general
    expect(isUsoAllowedForRegimen('CN01', '605', 'fisica')).toBe(true);
    expect(usosForRegimen('616').map((u) => u.code)).toEqual(['G02', 'S01', 'CP01']);
  });

  it('explains what is wrong with a receptor’s codes', () => {
    expect(taxCodesProblem({ regimen: '612', uso: 'G03', kind: 'fisica' })).toBeUndefined();
    expect(taxCodesProblem({ regimen: '612', kind: 'moral' })?.field).toBe('regimen');
    expect(taxCodesProblem({ regimen: '605', uso: 'G03', kind: 'fisica' })?.message).toMatch(
      /allowed: .*D01/,
    );
    expect(taxCodesProblem({ uso: 'D01', kind: 'moral' })?.field).toBe('uso');
    expect(taxCodesProblem({ regimen: '612', kind: 'fisica', generic: true })?.message).toMatch(/616/);
    expect(taxCodesProblem({ regimen: '616', uso: 'G03', kind: 'fisica', generic: true })?.message).toMatch(
      /S01/,
    );
    expect(taxCodesProblem({ regimen: '616', uso: 'S01', kind: 'fisica', generic: true })).toBeUndefined();
  });
});
