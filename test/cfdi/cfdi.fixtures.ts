import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CfdiInput } from '../../src/cfdi/comprobante.js';
import { pesosToCents } from '../../src/cfdi/money.js';
import type { ReceiptFields } from '../../src/receipts/receipt.types.js';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const fixturesCfdi = join(repoRoot, 'fixtures/cfdi');
export const sharedDir = join(repoRoot, '../shared');

interface GroundTruth extends Omit<ReceiptFields, 'total' | 'subtotal' | 'iva' | 'ieps' | 'tip' | 'items'> {
  id: string;
  total: number | null;
  subtotal: number | null;
  iva: number | null;
  ieps: number | null;
  tip: number | null;
  items: { description: string; quantity: number; amount: number }[];
}

const cents = (p: number | null): number | null => (p === null ? null : pesosToCents(p));

/** A receipt corpus ground-truth JSON (pesos) as ReceiptFields (cents). */
export function receiptFromGroundTruth(path: string): ReceiptFields & { id: string } {
  const j = JSON.parse(readFileSync(path, 'utf8')) as GroundTruth;
  return {
    id: j.id,
    vendor_name: j.vendor_name,
    vendor_store_name: j.vendor_store_name,
    vendor_rfc: j.vendor_rfc,
    date: j.date,
    time: j.time,
    total: cents(j.total),
    subtotal: cents(j.subtotal),
    iva: cents(j.iva),
    ieps: cents(j.ieps),
    tip: cents(j.tip),
    currency: j.currency,
    payment_method: j.payment_method,
    folio: j.folio,
    postal_code: j.postal_code,
    regimen_fiscal: j.regimen_fiscal ?? null,
    items: j.items.map((i) => ({ ...i, amount: pesosToCents(i.amount) })),
  };
}

export const fixtureReceipt = (name: string) =>
  receiptFromGroundTruth(join(fixturesCfdi, 'receipts', `${name}.json`));

export const fixtureReceiptNames = (): string[] =>
  readdirSync(join(fixturesCfdi, 'receipts'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''));

export const RECEPTOR = {
  rfc: 'COSC8001137NA',
  nombre: 'Carlos Cortes Soto',
  codigoPostal: '52000',
  regimenFiscal: '612',
};

export const ISSUE_DATE = new Date('2026-11-22T08:00:00Z');

export function inputFor(receipt: ReceiptFields, over: Partial<CfdiInput> = {}): CfdiInput {
  return { receipt, receptor: RECEPTOR, usoCfdi: 'G03', fecha: ISSUE_DATE, ...over };
}
