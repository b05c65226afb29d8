import { describe, expect, it } from 'vitest';
import { runDueJobs } from '../../src/jobs/worker.js';
import { seedProfile } from '../helpers/seed.js';
import { fakeReader, fixtureB64, groundTruth, invoiceHarness, json } from './invoice.helpers.js';

const body = { receipt_image: fixtureB64(), cfdi_usage: 'G03' };
const FORGED = 'EMPRESA FALSA DEL ATACANTE SA DE CV';

/** Runs one ticket of `who` through the queue; returns the invoice's XML. */
async function invoiceXml(
  h: Awaited<ReturnType<typeof invoiceHarness>>,
  who: Awaited<ReturnType<typeof seedProfile>>,
): Promise<string> {
  const inv = await (await h.app.request('/api/svc/facturar-ticket', json(who.auth, body))).json();
  await runDueJobs(h.deps, h.handlers);
  const d = await (await h.app.request(`/api/svc/invoices/${inv.id}`, { headers: who.auth })).json();
  return d.xml_url ? await (await h.app.request(d.xml_url)).text() : `status ${d.status}`;
}

describe('the learned merchant directory is per payer', () => {
  it("a forged ticket of one tenant does not change another tenant's CFDI", async () => {
    const tickets = [
      // The attacker's forged tickets: the real RFC with a made-up name, régimen and postal code, twice.
      { ...groundTruth(), vendor_name: FORGED, regimen_fiscal: '612', postal_code: '99999' },
      { ...groundTruth(), vendor_name: FORGED, regimen_fiscal: '612', postal_code: '99999' },
      // The victim's genuine ticket, on which the name and postal code could not be read.
      { ...groundTruth(), vendor_name: null, regimen_fiscal: null, postal_code: null },
    ];
    let n = 0;
    const h = await invoiceHarness({ readReceipt: fakeReader(() => tickets[n++] ?? groundTruth()) });
    const attacker = await seedProfile(h.deps);
    const victim = await seedProfile(h.deps);
    await invoiceXml(h, attacker);
    await invoiceXml(h, attacker);
    const xml = await invoiceXml(h, victim);
    expect(xml).not.toContain(FORGED);
    expect(xml).not.toContain('LugarExpedicion="99999"');
    expect(xml).not.toContain('RegimenFiscal="612"');
  });

  it("a payer's own directory is used only after two agreeing invoices, and never renamed silently", async () => {
    const t = groundTruth();
    const tickets = [
      { ...t },
      { ...t, vendor_name: null, postal_code: null },
      { ...t },
      { ...t, vendor_name: 'OTRO NOMBRE SA DE CV' },
      { ...t, vendor_name: null, postal_code: null },
    ];
    let n = 0;
    const h = await invoiceHarness({ readReceipt: fakeReader(() => tickets[n++] ?? t) });
    const me = await seedProfile(h.deps);
    await invoiceXml(h, me);
    // One invoice taught it: not used yet.
    expect(await invoiceXml(h, me)).not.toContain(`LugarExpedicion="${t.postal_code}"`);
    await invoiceXml(h, me);
    await invoiceXml(h, me);
    // Two agreeing invoices; the third's other name did not replace the known one, but puts it in doubt.
    const xml = await invoiceXml(h, me);
    expect(xml).not.toContain('OTRO NOMBRE');
    const row = await h.deps.db.selectFrom('learned_merchants').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: t.vendor_name,
      confirmations: 2,
      disputed_name: 'OTRO NOMBRE SA DE CV',
    });
  });
});
