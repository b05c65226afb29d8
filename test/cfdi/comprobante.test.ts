import { describe, expect, it } from 'vitest';
import { buildComprobante } from '../../src/cfdi/comprobante.js';
import type { Comprobante } from '../../src/cfdi/comprobante.types.js';
import { importeLimits } from '../../src/cfdi/concepto.amounts.js';
import { taxWithinLimits } from '../../src/cfdi/money.js';
import type { ReceiptFields } from '../../src/receipts/receipt.types.js';
import { fixtureReceipt, inputFor } from './cfdi.fixtures.js';

/** The referee's arithmetic checks (validate-cfdi: conceptos, impuestos-concepto, subtotal, impuestos, total). */
function arithmeticProblems(c: Comprobante): string[] {
  const p: string[] = [];
  const groups = new Map<string, { base: number; importe: number }>();
  for (const [i, k] of c.conceptos.entries()) {
    const { lo, hi } = importeLimits(k.cantidad, k.valorUnitario);
    if (k.importe < lo || k.importe > hi) p.push(`concepto ${i} importe ${k.importe} not in ${lo}..${hi}`);
    for (const t of k.traslados) {
      if (!taxWithinLimits(t.base, t.tasaOCuota, t.importe))
        p.push(`concepto ${i} traslado ${JSON.stringify(t)}`);
      const g = groups.get(`${t.impuesto}|${t.tasaOCuota}`) ?? { base: 0, importe: 0 };
      groups.set(`${t.impuesto}|${t.tasaOCuota}`, { base: g.base + t.base, importe: g.importe + t.importe });
    }
  }
  const subTotal = c.conceptos.reduce((s, k) => s + k.importe, 0);
  if (subTotal !== c.subTotal) p.push(`subtotal ${c.subTotal} != ${subTotal}`);
  const top = c.impuestos.traslados;
  if (top.length !== groups.size) p.push('traslado groups differ');
  for (const t of top) {
    const g = groups.get(`${t.impuesto}|${t.tasaOCuota}`);
    if (!g || g.base !== t.base || g.importe !== t.importe) p.push(`group ${JSON.stringify(t)}`);
  }
  const totalTras = top.reduce((s, t) => s + t.importe, 0);
  if (totalTras !== c.impuestos.totalImpuestosTrasladados) p.push('TotalImpuestosTrasladados');
  if (c.subTotal + totalTras !== c.total) p.push('total');
  return p;
}

function rng(seed: number) {
  let s = seed >>> 0;
  return (max: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % max;
  };
}

const base = fixtureReceipt('dev-001-clean');
const receipt = (over: Partial<ReceiptFields>): ReceiptFields => ({ ...base, ...over });

describe('buildComprobante: amounts', () => {
  it('keeps every fixture ticket to the cent and within every SAT rounding rule', () => {
    for (const name of [
      'dev-001-clean',
      'dev-003-clean',
      'dev-009-clean',
      'dev-011-clean',
      'dev-013-clean',
      'dev-027-mild',
    ]) {
      const r = fixtureReceipt(name);
      const c = buildComprobante(inputFor(r));
      expect(c.total, name).toBe(r.total);
      expect(arithmeticProblems(c), name).toEqual([]);
    }
  });

  it('holds for thousands of random tickets (items, mixed rates, IEPS, single concepto)', () => {
    const r = rng(42);
    const problems: string[] = [];
    for (let n = 0; n < 3000; n++) {
      const items = Array.from({ length: 1 + r(12) }, (_, i) => ({
        description: `ARTICULO ${i}`,
        quantity: r(3) === 0 ? (1 + r(5000)) / 1000 : 1 + r(6),
        amount: 1 + r(r(4) === 0 ? 500_000 : 20_000),
      }));
      const total = items.reduce((s, i) => s + i.amount, 0);
      const mode = r(4);
      const c = buildComprobante(
        inputFor(
          receipt({
            total,
            // mode 0: no printed taxes; 1: items unreliable; 2: a printed IVA as if a third were 0 %; 3: IEPS too.
            items: mode === 1 ? items.slice(1) : items,
            iva: mode >= 2 ? Math.round((total * 0.66 * 16) / 116) : null,
            ieps: mode === 3 ? Math.round(total * 0.02) : null,
          }),
        ),
      );
      const p = arithmeticProblems(c);
      if (c.total !== total) p.push(`total ${c.total} != ${total}`);
      if (p.length > 0) problems.push(`#${n}: ${p.join('; ')}`);
    }
    expect(problems).toEqual([]);
  });

  it('uses the items as conceptos when they add up to the total, with IVA broken out', () => {
    const c = buildComprobante(inputFor(base));
    expect(c.conceptos.map((k) => [k.descripcion, k.cantidad, k.importe])).toEqual([
      ['TACOS AL PASTOR (3)', '1', 6202],
      ['CAFE DE OLLA', '2', 5252],
      ['REFRESCO', '3', 9401],
      ['CERVEZA NACIONAL', '1', 5345],
    ]);
    expect(c.conceptos[0]?.traslados).toEqual([
      { base: 6202, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 160000, importe: 993 },
    ]);
  });

  it("shows the ticket's printed subtotal and IVA when SAT's limits allow (stores round on the total)", () => {
    // Per line the IVA would be 41.91; the ticket prints 41.92 and one line can carry the extra cent.
    const c = buildComprobante(inputFor(base));
    expect([c.subTotal, c.impuestos.totalImpuestosTrasladados, c.total]).toEqual([26200, 4192, 30392]);
    expect(arithmeticProblems(c)).toEqual([]);
    const unprinted = buildComprobante(inputFor(receipt({ iva: null })));
    expect([unprinted.subTotal, unprinted.impuestos.totalImpuestosTrasladados]).toEqual([26201, 4191]);
  });

  it('finds the 0 % and IEPS lines from the printed taxes (bread 0 %, chips IEPS 8 %)', () => {
    const c = buildComprobante(inputFor(fixtureReceipt('dev-009-clean')));
    const rates = c.conceptos.map((k) => [
      k.descripcion,
      k.traslados.map((t) => `${t.impuesto}:${t.tasaOCuota}`).join(','),
    ]);
    expect(rates).toEqual([
      ['HIELO 5KG', '002:160000'],
      ['PAPAS FRITAS 45G', '002:160000,003:80000'],
      ['PAN BLANCO GDE', '002:0'],
      ['ENCENDEDOR', '002:160000'],
    ]);
    const iva16 = c.impuestos.traslados.find((t) => t.impuesto === '002' && t.tasaOCuota === 160000);
    expect(iva16?.importe).toBe(1063);
    expect(c.impuestos.traslados.find((t) => t.impuesto === '003')?.importe).toBe(141);
  });

  it('falls back to one concepto for the whole ticket when items do not add up', () => {
    const c = buildComprobante(
      inputFor(receipt({ items: base.items.slice(1) }), { expenseDescription: 'Comida con cliente' }),
    );
    expect(c.conceptos).toHaveLength(1);
    expect(c.conceptos[0]).toMatchObject({
      descripcion: 'Comida con cliente',
      cantidad: '1',
      claveUnidad: 'E48',
      claveProdServ: '01010101',
    });
    expect(c.total).toBe(30392);
  });

  it('names the single concepto after the store when no description is given', () => {
    const c = buildComprobante(inputFor(receipt({ items: [] })));
    expect(c.conceptos[0]?.descripcion).toBe('Consumo en LA TERRAZA');
  });

  it('splits a whole-ticket concepto by rate when the printed IVA shows 0 % goods', () => {
    const r = fixtureReceipt('dev-003-clean');
    const c = buildComprobante(inputFor({ ...r, items: [] }));
    expect(c.conceptos.map((k) => k.descripcion)).toEqual([
      'Consumo en FRESCOS DE OCCIDENTE (IVA 16 %)',
      'Consumo en FRESCOS DE OCCIDENTE (tasa 0 %)',
    ]);
    expect(c.impuestos.totalImpuestosTrasladados).toBe(5842);
    expect(c.total).toBe(r.total);
  });

  it('uses litres for fuel and kilograms for weighed goods', () => {
    expect(buildComprobante(inputFor(fixtureReceipt('dev-011-clean'))).conceptos[0]).toMatchObject({
      claveProdServ: '15101505',
      claveUnidad: 'LTR',
      cantidad: '27.609',
    });
    expect(buildComprobante(inputFor(fixtureReceipt('dev-003-clean'))).conceptos[0]?.claveUnidad).toBe('KGM');
  });
});
