import { describe, expect, it } from 'vitest';
import { issueCfdi } from '../../src/cfdi/cfdi.service.js';
import { createSandboxIssuer, defaultSandboxCsdPaths } from '../../src/cfdi/sandbox.issuer.js';
import { fixedClock } from '../../src/clock.js';
import { verificationUrl } from '../../src/pdf/invoice.labels.js';
import { invoicePdfDefinition, renderInvoicePdf, SANDBOX_LEGEND } from '../../src/pdf/invoice.pdf.js';
import { wrapMono } from '../../src/pdf/invoice.totals.js';
import { fixtureReceipt, inputFor } from '../cfdi/cfdi.fixtures.js';

const issuer = createSandboxIssuer({
  ...defaultSandboxCsdPaths(),
  clock: fixedClock('2026-11-22T08:00:09Z'),
});
const cfdi = await issueCfdi(issuer, inputFor(fixtureReceipt('dev-009-clean')));
const QR = 'data:image/png;base64,AAAA';

/** Every string in a pdfmake definition (texts of nested stacks, columns, tables), in document order. */
function texts(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(texts);
  if (node && typeof node === 'object') {
    return Object.entries(node).flatMap(([k, v]) =>
      ['text', 'stack', 'columns', 'table', 'body', 'content'].includes(k) ? texts(v) : [],
    );
  }
  return [];
}

describe('invoicePdfDefinition', () => {
  const def = invoicePdfDefinition(cfdi, { sandbox: true }, QR);
  const all = texts(def).join('\n');

  it('shows emisor, receptor and the fiscal header', () => {
    for (const s of [
      'MINISUPER LA ESQUINITA',
      'MEN060313D54',
      '601 - General de Ley Personas Morales',
      '68038',
    ])
      expect(all).toContain(s);
    for (const s of ['CARLOS CORTES SOTO', 'COSC8001137NA', '52000', 'G03 - Gastos en general'])
      expect(all).toContain(s);
    expect(all).toContain('I - Ingreso');
    expect(all).toContain('01 - Efectivo');
    expect(all).toContain('PUE - Pago en una sola exhibición');
  });

  it('lists every concepto with its taxes, and the totals in figures and in words', () => {
    for (const k of cfdi.comprobante.conceptos) expect(all).toContain(k.descripcion);
    expect(all).toContain('IEPS 8 %: $1.41');
    expect(all).toContain('IVA 0 % trasladado');
    expect(all).toContain('$116.53');
    expect(all).toContain('$128.57');
    expect(all).toContain('(CIENTO VEINTIOCHO PESOS 57/100 M.N.)');
  });

  it('carries the timbre: UUID, certificate numbers, sellos, TFD cadena and the QR', () => {
    expect(all).toContain(cfdi.uuid);
    expect(all).toContain('30001000000500003416');
    expect(all.replace(/\n/g, '')).toContain(cfdi.sello);
    expect(all.replace(/\n/g, '')).toContain(cfdi.selloSat);
    expect(all.replace(/\n/g, '')).toContain(cfdi.cadenaOriginalTfd);
    expect(JSON.stringify(def.content)).toContain(QR);
  });

  it('marks sandbox invoices, and only them', () => {
    expect(def.watermark).toMatchObject({ text: SANDBOX_LEGEND });
    expect(all).toContain('SANDBOX – SIN VALIDEZ FISCAL');
    const real = invoicePdfDefinition(cfdi, { sandbox: false }, QR);
    expect(real.watermark).toBeUndefined();
    expect(texts(real).join('\n')).not.toContain('SANDBOX');
  });

  it('cuts long sellos into lines that fit the column', () => {
    expect(
      wrapMono('a'.repeat(250))
        .split('\n')
        .map((l) => l.length),
    ).toEqual([112, 112, 26]);
  });
});

describe('verificationUrl', () => {
  it("follows SAT's format: id, re, rr, total without trailing zeros, last 8 of the sello", () => {
    const url = verificationUrl({
      uuid: 'AAAAAAAA-BBBB-4CCC-8DDD-EEEEEEEEEEEE',
      sello: `${'x'.repeat(100)}12345678`,
      comprobante: {
        ...cfdi.comprobante,
        total: 129310,
        emisor: { ...cfdi.comprobante.emisor, rfc: 'A&B010101AB1' },
      },
    });
    expect(url).toBe(
      'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=AAAAAAAA-BBBB-4CCC-8DDD-EEEEEEEEEEEE' +
        '&re=A&amp;B010101AB1&rr=COSC8001137NA&tt=1293.1&fe=12345678',
    );
  });

  it('keeps one decimal for whole totals', () => {
    const url = verificationUrl({ ...cfdi, comprobante: { ...cfdi.comprobante, total: 10000 } });
    expect(url).toContain('&tt=100.0&');
  });
});

describe('renderInvoicePdf', () => {
  it('renders a PDF', async () => {
    const pdf = await renderInvoicePdf(cfdi, { sandbox: true });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(5000);
  });

  it('embeds the QR as a 1-bit image without an alpha mask (pdfkit copies it, no re-encoding)', async () => {
    const pdf = (await renderInvoicePdf(cfdi, { sandbox: false })).toString('latin1');
    expect(pdf).toMatch(/\/Subtype \/Image[\s\S]*?\/BitsPerComponent 1/);
    expect(pdf).not.toContain('/SMask');
  });
});
