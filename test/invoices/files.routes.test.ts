import { describe, expect, it } from 'vitest';
import { testConfig } from '../../src/config.js';
import { fileUrl, invoiceFileUrls } from '../../src/invoices/invoice.links.js';
import { runDueJobs } from '../../src/jobs/worker.js';
import { seedProfile } from '../helpers/seed.js';
import { fixtureB64, invoiceHarness, json } from './invoice.helpers.js';

async function completedInvoice() {
  const h = await invoiceHarness();
  const me = await seedProfile(h.deps);
  const inv = await (
    await h.app.request(
      '/api/svc/facturar-ticket',
      json(me.auth, { receipt_image: fixtureB64(), cfdi_usage: 'G03' }),
    )
  ).json();
  await runDueJobs(h.deps, h.handlers);
  const details = await (await h.app.request(`/api/svc/invoices/${inv.id}`, { headers: me.auth })).json();
  return { ...h, me, details };
}

describe('signed file links', () => {
  it('mints a fresh link on every read, each valid', async () => {
    const { app, me, details, deps } = await completedInvoice();
    deps.clock.advance(5000);
    const again = await (await app.request(`/api/svc/invoices/${details.id}`, { headers: me.auth })).json();
    expect(again.pdf_url).not.toBe(details.pdf_url);
    expect((await app.request(again.pdf_url)).status).toBe(200);
    expect((await app.request(details.pdf_url)).status).toBe(200);
  });

  it('a tampered link is 403: other signature, other expiry, other file kind, other invoice, no signature', async () => {
    const { app, details, deps } = await completedInvoice();
    const u = new URL(details.pdf_url);
    const sig = u.searchParams.get('sig')!;
    const exp = u.searchParams.get('exp')!;
    const variants = [
      details.pdf_url.replace(`sig=${sig}`, `sig=${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`),
      details.pdf_url.replace(`exp=${exp}`, `exp=${Number(exp) + 1}`),
      details.pdf_url.replace('/pdf?', '/xml?'),
      details.pdf_url.replace(details.id, crypto.randomUUID()),
      `${u.origin}${u.pathname}`,
      `${u.origin}${u.pathname}?exp=${exp}`,
      `${u.origin}${u.pathname}?exp=${exp}&sig=`,
    ];
    for (const v of variants) {
      const res = await app.request(v);
      expect(res.status, v).toBe(403);
      expect((await res.json()).error).toBe('Forbidden');
    }
    // Signed with another secret: 403 too.
    const foreign = fileUrl(
      { config: { ...deps.config, linkSecret: 'another-secret' }, clock: deps.clock },
      details.id,
      'pdf',
    );
    expect((await app.request(foreign)).status).toBe(403);
  });

  it('an expired link is 403; LINK_TTL_SECONDS is honoured', async () => {
    const { app, details, deps } = await completedInvoice();
    deps.clock.advance(7 * 24 * 3600 * 1000 - 1000);
    expect((await app.request(details.pdf_url)).status).toBe(200);
    deps.clock.advance(2000);
    expect((await app.request(details.pdf_url)).status).toBe(403);
    const short = { config: { ...deps.config, LINK_TTL_SECONDS: 60 }, clock: deps.clock };
    const url = fileUrl(short, details.id, 'xml');
    deps.clock.advance(61_000);
    expect((await app.request(url)).status).toBe(403);
  });

  it('no path traversal: unknown kinds and dotted segments never reach storage', async () => {
    const { app, details } = await completedInvoice();
    const u = new URL(details.pdf_url);
    for (const p of [
      `/files/invoices/${details.id}/..%2F..%2Fservice.sqlite${u.search}`,
      `/files/invoices/..%2F${details.id}/pdf${u.search}`,
      `/files/invoices/${details.id}/receipt${u.search}`,
    ]) {
      const res = await app.request(p);
      expect([403, 404], `${p} ${await res.clone().text()}`).toContain(res.status);
    }
  });

  it('links are null until completed and use PUBLIC_BASE_URL', () => {
    const deps = {
      config: testConfig({ PUBLIC_BASE_URL: 'https://facturas.example.mx/' }),
      clock: { now: () => new Date() },
    };
    expect(invoiceFileUrls(deps, { id: 'x', status: 'processing' })).toEqual({
      pdf_url: null,
      xml_url: null,
    });
    expect(invoiceFileUrls(deps, { id: 'x', status: 'failed' })).toEqual({ pdf_url: null, xml_url: null });
    expect(invoiceFileUrls(deps, { id: 'x', status: 'completed' }).pdf_url).toMatch(
      /^https:\/\/facturas\.example\.mx\/files\/invoices\/x\/pdf\?exp=\d+&sig=[\w-]+$/,
    );
  });
});
