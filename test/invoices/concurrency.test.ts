import { describe, expect, it } from 'vitest';
import { balanceOf } from '../../src/credits/credits.service.js';
import { seedOrgWithAdmin, seedProfile } from '../helpers/seed.js';
import { fixtureB64, invoiceHarness, json } from './invoice.helpers.js';

const body = { receipt_image: fixtureB64(), cfdi_usage: 'G03' };

describe('concurrent creations never overdraw', () => {
  it('20 parallel requests against 5 credits: exactly 5 accepted, balance 0, ledger and files consistent', async () => {
    const { deps, app } = await invoiceHarness();
    const me = await seedProfile(deps, { credits: 5 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => app.request('/api/svc/facturar-ticket', json(me.auth, body))),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 202)).toHaveLength(5);
    expect(statuses.filter((s) => s === 402)).toHaveLength(15);
    expect(await balanceOf(deps.db, { type: 'profile', id: me.profile.id })).toBe(0);
    const invoices = await deps.db.selectFrom('invoices').select(['id', 'receipt_key']).execute();
    expect(invoices).toHaveLength(5);
    const charges = await deps.db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('kind', '=', 'charge')
      .execute();
    expect(charges.map((c) => c.invoice_id).sort()).toEqual(invoices.map((i) => i.id).sort());
    expect(charges.map((c) => c.balance_after).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(await deps.db.selectFrom('jobs').select('id').execute()).toHaveLength(5);
    // Refused requests left no stored image behind.
    expect([...deps.storage.files.keys()].sort()).toEqual(invoices.map((i) => i.receipt_key).sort());
  });

  it('parallel retries with one Idempotency-Key create one invoice and one charge', async () => {
    const { deps, app } = await invoiceHarness();
    const { org, admin, member } = await seedOrgWithAdmin(deps, { credits: 5 });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        app.request(
          '/api/svc/facturar-ticket-org',
          json(admin.auth, { ...body, rfc: member.profile.rfc }, { 'idempotency-key': 'same' }),
        ),
      ),
    );
    const ids = new Set(await Promise.all(results.map(async (r) => (await r.json()).id)));
    expect(results.every((r) => r.status === 202)).toBe(true);
    expect(ids.size).toBe(1);
    expect(await balanceOf(deps.db, { type: 'org', id: org.id })).toBe(4);
    expect(deps.storage.files.size).toBe(1);
  });
});
