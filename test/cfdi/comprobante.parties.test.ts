import { describe, expect, it } from 'vitest';
import { buildComprobante } from '../../src/cfdi/comprobante.js';
import { emisorNombre } from '../../src/cfdi/emisor.js';
import { InvoiceFailure } from '../../src/invoices/invoice.failure.js';
import type { ReceiptFields } from '../../src/receipts/receipt.types.js';
import { fixtureReceipt, inputFor, RECEPTOR } from './cfdi.fixtures.js';

const base = fixtureReceipt('dev-001-clean');
const receipt = (over: Partial<ReceiptFields>): ReceiptFields => ({ ...base, ...over });

function failure(fn: () => unknown): InvoiceFailure {
  try {
    fn();
  } catch (e) {
    if (e instanceof InvoiceFailure) return e;
    throw e;
  }
  throw new Error('expected an InvoiceFailure');
}

describe('buildComprobante: header and parties', () => {
  it('fills the fixed CFDI 4.0 ingreso fields and dates it in Mexico City time', () => {
    const c = buildComprobante(inputFor(base, { fecha: new Date('2026-11-22T05:30:15Z') }));
    expect(c).toMatchObject({
      version: '4.0',
      fecha: '2026-11-21T23:30:15',
      formaPago: '01',
      moneda: 'MXN',
      tipoDeComprobante: 'I',
      exportacion: '01',
      metodoPago: 'PUE',
      lugarExpedicion: '58300',
    });
  });

  it.each([
    ['cash', '01'],
    ['card', '04'],
    ['other', '99'],
    [null, '99'],
  ] as const)('maps payment %s to FormaPago %s', (pm, code) => {
    expect(buildComprobante(inputFor(receipt({ payment_method: pm }))).formaPago).toBe(code);
  });

  it('drops the régimen societario from the Emisor name in any spelling', () => {
    expect(emisorNombre('ALMACENES MODA Y HOGAR, S.A. DE C.V.')).toBe('ALMACENES MODA Y HOGAR');
    expect(emisorNombre('Cafe de Altura Chiapaneco SA de CV')).toBe('CAFE DE ALTURA CHIAPANECO');
    expect(emisorNombre('CONSTRUCTORA DEL NORTE S. DE R.L. DE C.V.')).toBe('CONSTRUCTORA DEL NORTE');
    expect(emisorNombre('INVERSIONES SAPI DE CV')).toBe('INVERSIONES');
    expect(emisorNombre('JUAN CARLOS MENDOZA RUIZ')).toBe('JUAN CARLOS MENDOZA RUIZ');
    expect(emisorNombre('CASA | SA')).toBe('CASA /');
  });

  it('takes the regime from the ticket, then the merchant directory, then 601/612 by RFC length', () => {
    expect(buildComprobante(inputFor(receipt({ regimen_fiscal: '626' }))).emisor.regimenFiscal).toBe('626');
    const merchant = { name: 'X', regimen_fiscal: '603', postal_code: '01000' };
    const fromDir = buildComprobante(inputFor(base, { merchant }));
    expect(fromDir.emisor.regimenFiscal).toBe('603');
    expect(fromDir.lugarExpedicion).toBe('58300');
    expect(buildComprobante(inputFor(base)).emisor.regimenFiscal).toBe('601');
    const fisica = fixtureReceipt('dev-001-clean');
    expect(buildComprobante(inputFor({ ...fisica, vendor_rfc: 'MERJ810609996' })).emisor.regimenFiscal).toBe(
      '612',
    );
    // 612 is for personas físicas only: a moral RFC never gets it from a bad ticket read.
    expect(buildComprobante(inputFor(receipt({ regimen_fiscal: '612' }))).emisor.regimenFiscal).toBe('601');
  });

  it('takes LugarExpedicion from the ticket, then the directory, then the receptor', () => {
    const merchant = { name: 'X', regimen_fiscal: null, postal_code: '01000' };
    expect(buildComprobante(inputFor(receipt({ postal_code: null }), { merchant })).lugarExpedicion).toBe(
      '01000',
    );
    expect(buildComprobante(inputFor(receipt({ postal_code: '123' }))).lugarExpedicion).toBe('52000');
  });

  it('builds the Receptor from the profile, uppercased', () => {
    expect(buildComprobante(inputFor(base)).receptor).toEqual({
      rfc: 'COSC8001137NA',
      nombre: 'CARLOS CORTES SOTO',
      domicilioFiscalReceptor: '52000',
      regimenFiscalReceptor: '612',
      usoCFDI: 'G03',
    });
  });

  it('uses LugarExpedicion as the domicilio of the generic RFC, as SAT requires', () => {
    const receptor = {
      rfc: 'XAXX010101000',
      nombre: 'PUBLICO EN GENERAL',
      codigoPostal: '52000',
      regimenFiscal: '616',
    };
    const c = buildComprobante(inputFor(base, { receptor, usoCfdi: 'S01' }));
    expect(c.receptor.domicilioFiscalReceptor).toBe('58300');
  });
});

describe('buildComprobante: failures a retry cannot fix', () => {
  it.each([
    ['missing_total', receipt({ total: null })],
    ['missing_total', receipt({ total: 0 })],
    ['missing_vendor_rfc', receipt({ vendor_rfc: null })],
    ['invalid_vendor_rfc', receipt({ vendor_rfc: 'OAT080813656' })],
    ['invalid_vendor_rfc', receipt({ vendor_rfc: 'XAXX010101000' })],
    ['missing_vendor_data', receipt({ vendor_name: null, vendor_store_name: null })],
    ['inconsistent_amounts', receipt({ currency: 'USD' })],
  ] as const)('%s', (code, r) => {
    const f = failure(() => buildComprobante(inputFor(r)));
    expect(f.code).toBe(code);
    expect(f.message.length).toBeGreaterThan(10);
  });

  it('says what the receptor lacks', () => {
    const f = failure(() =>
      buildComprobante(inputFor(base, { receptor: { ...RECEPTOR, codigoPostal: '', nombre: ' ' } })),
    );
    expect(f.code).toBe('receptor_incomplete');
    expect(f.message).toBe("The receiver's tax information lacks the legal name, a 5-digit postal code");
  });

  it('rejects a regime that does not fit the RFC kind', () => {
    const f = failure(() =>
      buildComprobante(inputFor(base, { receptor: { ...RECEPTOR, regimenFiscal: '601' } })),
    );
    expect(f.code).toBe('receptor_incomplete');
  });

  it('rejects a CFDI use not allowed for the receptor regime (c_UsoCFDI)', () => {
    const receptor = { ...RECEPTOR, regimenFiscal: '605' };
    const f = failure(() => buildComprobante(inputFor(base, { receptor, usoCfdi: 'G03' })));
    expect(f.code).toBe('uso_not_allowed');
    expect(f.message).toContain('allowed: ');
  });
});

describe('text fields', () => {
  it('keeps "|" and control characters out of CFDI text', () => {
    const r = receipt({ items: [], vendor_store_name: 'LA | TERRAZA\u0007' });
    expect(buildComprobante(inputFor(r)).conceptos[0]?.descripcion).toBe('Consumo en LA / TERRAZA');
  });
});
