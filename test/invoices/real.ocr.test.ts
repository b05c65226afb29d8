import { afterAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/clock.js';
import { runDueJobs } from '../../src/jobs/worker.js';
import { renderInvoicePdf } from '../../src/pdf/invoice.pdf.js';
import { createReceiptReader } from '../../src/receipts/receipts.reader.js';
import { seedProfile } from '../helpers/seed.js';
import { fixtureB64, invoiceHarness, json } from './invoice.helpers.js';

// Slow: the real tesseract OCR on a real fixture photo, the real sandbox issuer and the real PDF.
const reader = createReceiptReader({ clock: fixedClock('2026-11-22T12:00:00Z'), workers: 1 });
afterAll(() => reader.close());

describe('slow: real pipeline', () => {
  it('a real receipt photo becomes a completed invoice with the ticket total, PDF and XML', {
    timeout: 60_000,
  }, async () => {
    const { deps, app, handlers } = await invoiceHarness({
      readReceipt: reader.read,
      renderPdf: renderInvoicePdf,
    });
    const me = await seedProfile(deps);
    const res = await app.request(
      '/api/svc/facturar-ticket',
      json(me.auth, {
        receipt_image: `data:image/jpeg;base64,${fixtureB64('dev-004-clean')}`,
        cfdi_usage: 'G03',
      }),
    );
    expect(res.status).toBe(202);
    const { id } = await res.json();
    await runDueJobs(deps, handlers);
    const d = await (await app.request(`/api/svc/invoices/${id}`, { headers: me.auth })).json();
    expect(d).toMatchObject({ status: 'completed', amount: 203.9, failure_reason: null });
    const pdf = Buffer.from(await (await app.request(d.pdf_url)).arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const xml = await (await app.request(d.xml_url)).text();
    expect(xml).toContain('Rfc="CAC8402159F3"');
    expect(xml).toContain('Total="203.90"');
  });
});
