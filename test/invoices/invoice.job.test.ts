import { describe, expect, it } from 'vitest';
import { balanceOf } from '../../src/credits/credits.service.js';
import { InvoiceFailure } from '../../src/invoices/invoice.failure.js';
import { findMerchantRfcByName } from '../../src/invoices/merchants.repo.js';
import { runDueJobs } from '../../src/jobs/worker.js';
import { seedProfile } from '../helpers/seed.js';
import { fakeReader, fixtureB64, groundTruth, invoiceHarness, json } from './invoice.helpers.js';

const body = { receipt_image: fixtureB64(), cfdi_usage: 'G03' };

/**
 * Invoices one ticket twice (the payer's directory uses an entry two invoices agree on), then the same ticket with
 * `missing` fields lost: the third invoice's status and XML.
 */
async function laterTicketWithout(missing: Partial<ReturnType<typeof groundTruth>>) {
  let n = 0;
  const reader = fakeReader(() => (n++ < 2 ? groundTruth() : { ...groundTruth(), ...missing }));
  const { deps, app, handlers } = await invoiceHarness({ readReceipt: reader });
  const me = await seedProfile(deps);
  for (let i = 0; i < 2; i++) {
    await app.request('/api/svc/facturar-ticket', json(me.auth, body));
    await runDueJobs(deps, handlers);
  }
  const second = await (await app.request('/api/svc/facturar-ticket', json(me.auth, body))).json();
  await runDueJobs(deps, handlers);
  const d = await (await app.request(`/api/svc/invoices/${second.id}`, { headers: me.auth })).json();
  return { status: d.status as string, xml: d.xml_url ? await (await app.request(d.xml_url)).text() : '' };
}

async function ledgerOf(deps: { db: import('../../src/db/db.js').Db }, invoiceId: string) {
  const rows = await deps.db
    .selectFrom('credit_ledger')
    .selectAll()
    .where('invoice_id', '=', invoiceId)
    .execute();
  return rows.map((r) => `${r.kind}:${r.delta}`).sort();
}

describe('invoice job failures', () => {
  it('a permanent problem (no RFC on the ticket, review never) fails the invoice and refunds exactly once', async () => {
    const reader = fakeReader(() => ({ ...groundTruth(), vendor_rfc: null }));
    const { deps, app, handlers, events } = await invoiceHarness({ readReceipt: reader });
    const me = await seedProfile(deps, { credits: 1 });
    const inv = await (
      await app.request('/api/svc/facturar-ticket', json(me.auth, { ...body, review: 'never' }))
    ).json();
    expect(await balanceOf(deps.db, { type: 'profile', id: me.profile.id })).toBe(0);

    await runDueJobs(deps, handlers);
    const d = await (await app.request(`/api/svc/invoices/${inv.id}`, { headers: me.auth })).json();
    expect(d).toMatchObject({ status: 'failed', amount: null, pdf_url: null, xml_url: null, uuid: null });
    expect(d.failure_reason).toMatch(/RFC/);
    expect(reader.calls).toBe(1); // permanent: not retried
    expect(await balanceOf(deps.db, { type: 'profile', id: me.profile.id })).toBe(1);
    expect(await ledgerOf(deps, inv.id)).toEqual(['charge:-1', 'refund:1']);
    expect(events.finished.map((i) => [i.status, i.failure_code])).toEqual([
      ['failed', 'missing_vendor_rfc'],
    ]);
    const job = await deps.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    expect(job.status).toBe('done');

    // Running the job again (a duplicate delivery) refunds nothing more.
    await deps.db.updateTable('jobs').set({ status: 'queued' }).execute();
    await runDueJobs(deps, handlers);
    expect(await ledgerOf(deps, inv.id)).toEqual(['charge:-1', 'refund:1']);
    expect(await balanceOf(deps.db, { type: 'profile', id: me.profile.id })).toBe(1);
  });

  it('transient errors are retried with backoff and then succeed', async () => {
    let failures = 2;
    const reader = fakeReader(() => {
      if (failures-- > 0) throw new Error('OCR worker crashed');
      return groundTruth();
    });
    const { deps, app, handlers } = await invoiceHarness({ readReceipt: reader });
    const me = await seedProfile(deps);
    const inv = await (await app.request('/api/svc/facturar-ticket', json(me.auth, body))).json();

    await runDueJobs(deps, handlers);
    let job = await deps.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'queued', attempts: 1, last_error: 'Error: OCR worker crashed' });
    expect(job.run_at > deps.clock.now().toISOString()).toBe(true);
    // Not due yet: nothing runs.
    expect(await runDueJobs(deps, handlers)).toBe(0);
    for (let i = 0; i < 2; i++) {
      deps.clock.advance(10 * 60_000);
      await runDueJobs(deps, handlers);
    }
    job = await deps.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'done', attempts: 3 });
    const d = await (await app.request(`/api/svc/invoices/${inv.id}`, { headers: me.auth })).json();
    expect(d.status).toBe('completed');
    expect(await ledgerOf(deps, inv.id)).toEqual(['charge:-1']);
  });

  it("after JOB_MAX_ATTEMPTS transient failures the invoice fails as 'internal' and is refunded once", async () => {
    const reader = fakeReader(() => {
      throw new Error('disk on fire');
    });
    const { deps, app, handlers, events } = await invoiceHarness({ readReceipt: reader });
    const me = await seedProfile(deps, { credits: 1 });
    const inv = await (await app.request('/api/svc/facturar-ticket', json(me.auth, body))).json();
    for (let i = 0; i < 10; i++) {
      await runDueJobs(deps, handlers);
      deps.clock.advance(10 * 60_000);
    }
    expect(reader.calls).toBe(deps.config.JOB_MAX_ATTEMPTS);
    const row = await deps.db.selectFrom('invoices').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', failure_code: 'internal' });
    expect(row.failure_reason).not.toMatch(/disk on fire/); // internals stay in the log
    expect(await ledgerOf(deps, inv.id)).toEqual(['charge:-1', 'refund:1']);
    expect(await balanceOf(deps.db, { type: 'profile', id: me.profile.id })).toBe(1);
    expect(events.finished).toHaveLength(1);
    const job = await deps.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    expect(job.status).toBe('failed');
  });

  it('an InvoiceFailure from the CFDI builder (a receipt in dollars) fails with its code', async () => {
    const reader = fakeReader(() => ({ ...groundTruth(), currency: 'USD' }));
    const { deps, app, handlers } = await invoiceHarness({ readReceipt: reader });
    const me = await seedProfile(deps);
    await app.request('/api/svc/facturar-ticket', json(me.auth, body));
    await runDueJobs(deps, handlers);
    const row = await deps.db.selectFrom('invoices').selectAll().executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect(row.failure_code).toBe(new InvoiceFailure('inconsistent_amounts', '').code);
  });

  it('the merchant directory supplies the RFC of a company it knows by exact razón social when the ticket lacks it', async () => {
    const { status, xml } = await laterTicketWithout({ vendor_rfc: null });
    expect(status).toBe('completed');
    expect(xml).toContain(`Rfc="${groundTruth().vendor_rfc}"`);
  });

  it('guesses no RFC for an unknown name, a name known under two RFCs, a person (namesakes), or another payer', async () => {
    const { deps } = await invoiceHarness({ readReceipt: fakeReader(() => groundTruth()) });
    const now = new Date().toISOString();
    const company = 'ABARROTES LA CENTRAL SA DE CV';
    const row = (tenant: string, rfc: string, name: string) => ({
      tenant,
      rfc,
      name,
      confirmations: 2,
      updated_at: now,
    });
    await deps.db
      .insertInto('learned_merchants')
      .values([
        row('profile:a', 'ALC100101AB1', company),
        row('profile:a', 'ALC100101AB2', company),
        row('profile:a', 'MERJ831014R57', 'JUAN CARLOS MENDOZA RUIZ'),
        row('profile:a', 'OAT080813655', 'OPERADORA ALFA TERRA SA DE CV'),
      ])
      .execute();
    expect(await findMerchantRfcByName(deps.db, 'profile:a', company)).toBeNull();
    expect(await findMerchantRfcByName(deps.db, 'profile:a', 'JUAN CARLOS MENDOZA RUIZ')).toBeNull();
    expect(await findMerchantRfcByName(deps.db, 'profile:a', 'OTRA EMPRESA SA DE CV')).toBeNull();
    expect(await findMerchantRfcByName(deps.db, 'profile:a', null)).toBeNull();
    expect(await findMerchantRfcByName(deps.db, 'profile:a', 'OPERADORA ALFA TERRA SA DE CV')).toBe(
      'OAT080813655',
    );
    expect(await findMerchantRfcByName(deps.db, 'profile:b', 'OPERADORA ALFA TERRA SA DE CV')).toBeNull();
    // The shared catalog answers every payer.
    expect(await findMerchantRfcByName(deps.db, 'profile:b', 'Cadena Comercial OXXO, S.A. de C.V.')).toBe(
      'CCO8605231N4',
    );
  });

  it('the merchant directory fills a missing postal code from an earlier ticket of the same RFC', async () => {
    const { xml } = await laterTicketWithout({ postal_code: null });
    expect(xml).toContain('LugarExpedicion="58300"');
  });
});
