import { describe, expect, it } from 'vitest';
import { compact, merchantCatalog } from '../../src/catalogs/merchants.catalog.js';
import { isValidRfc, rfcKind } from '../../src/catalogs/rfc.js';
import { isValidRegimen } from '../../src/catalogs/sat.catalogs.js';

const header = (title: string): string[] => [
  title,
  'SUC 0412 CENTRO',
  'FECHA: 06/02/2026 16:59',
  'TOTAL 106.50',
];
const titleRfc = (title: string): string | null => merchantCatalog.byTitle(header(title))?.rfc ?? null;

describe('the merchant catalog rows', () => {
  const { rows } = merchantCatalog;

  it('are personas morales with a valid RFC, a SAT régimen for them and a source, each RFC once', () => {
    for (const r of rows) {
      expect(isValidRfc(r.rfc) && rfcKind(r.rfc) === 'moral', r.rfc).toBe(true);
      expect(isValidRegimen(r.regimen_fiscal, 'moral'), r.rfc).toBe(true);
      expect(r.source.length, r.rfc).toBeGreaterThan(40);
    }
    expect(new Set(rows.map((r) => r.rfc)).size).toBe(rows.length);
  });

  it('print their names uppercase without accents, no name shared by two rows', () => {
    const owner = new Map<string, string>();
    for (const r of rows)
      for (const n of [r.razon_social, ...r.names]) {
        expect(n, r.rfc).toBe(
          n
            .normalize('NFD')
            .replace(/[\u0300-\u036f]/g, '')
            .toUpperCase(),
        );
        expect(owner.get(compact(n)) ?? r.rfc, n).toBe(r.rfc);
        owner.set(compact(n), r.rfc);
      }
  });

  it('cover pharmacy, fuel, restaurant, convenience, retail and department store chains', () => {
    const kinds = new Set(rows.map((r) => r.kind));
    for (const k of ['pharmacy', 'fuel', 'restaurant', 'convenience', 'retail', 'department store'])
      expect(kinds, k).toContain(k);
  });
});

describe('the catalog lookup by title', () => {
  it('finds a chain from a title with one misread character', () => {
    expect(titleRfc('FARMAC1A GUADALAJARA')).toBe('FGU830930PD3');
    expect(titleRfc('0FFICE DEPOT')).toBe('ODM950324V2A');
    expect(titleRfc('STARBUCK5 COFFEE')).toBe('CSI020226MV4');
    expect(titleRfc('7-ELEVN')).toBe('SEM980701STA');
    expect(titleRfc('SUBURB1A')).toBe('SUB910603SB3');
    expect(titleRfc('FARMACIAS BENAVlDES')).toBe('FBE9110215Z3');
  });

  it('finds a chain from its razón social printed with dots and commas', () => {
    expect(titleRfc('SEARS OPERADORA MEXICO, S.A. DE C.V.')).toBe('SOM101125UEA');
    expect(titleRfc('SUPERMERCADOS INTERNACIONALES HEB, SA de CV')).toBe('SIH9511279T7');
  });

  it('takes OXXO GAS for the fuel station, not the OXXO store its name contains', () => {
    expect(titleRfc('OXXO GAS')).toBe('SGM950714DC2');
    expect(titleRfc('OXXO')).toBe('CCO8605231N4');
  });

  it('supplies nothing when the header names two chains', () => {
    expect(merchantCatalog.byTitle(['LIVERPOOL', 'SUBURBIA', 'TOTAL 10.00'])).toBeNull();
    expect(merchantCatalog.byTitle(['HOME DEPOT', 'OFFICE DEPOT'])).toBeNull();
    // OXXO on a line of its own is the store, whatever a later line says of the station.
    expect(merchantCatalog.byTitle(['OXXO', 'PAGA EN OXXO GAS'])).toBeNull();
  });
});
