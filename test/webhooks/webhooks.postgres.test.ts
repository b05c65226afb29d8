import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db.js';
import { pgTestSchema } from '../helpers/postgres.js';
import { call, seedOrgWithAdmin } from '../helpers/seed.js';
import { fixtureB64, json } from '../invoices/invoice.helpers.js';
import { startReceiver, verifies, webhookHarness } from './webhooks.helpers.js';

/** Webhooks on PostgreSQL (throwaway schema); skipped, with the reason printed, when no server answers. */
const schema = await pgTestSchema();

describe.skipIf(!schema)('webhooks on PostgreSQL', () => {
  let db: Db | undefined;
  afterAll(async () => {
    await db?.destroy();
    await schema?.drop();
  });

  it('org endpoint: signed event, retried with the same webhook-id, listed, rotated and deleted', async () => {
    db = await schema!.db();
    const h = await webhookHarness({ db });
    const rx = await startReceiver({ answers: [500], fallback: 200 });
    try {
      const { org, admin, member } = await seedOrgWithAdmin(h.deps);
      const ep = await h.register(admin.auth, { url: rx.url, org_id: org.id });
      expect(ep.status).toBe(201);
      const ticket = { receipt_image: fixtureB64(), cfdi_usage: 'G03', rfc: member.profile.rfc };
      const inv = await (
        await h.app.request('/api/svc/facturar-ticket-org', json(member.auth, ticket))
      ).json();
      await h.app.request('/api/svc/facturar-ticket', json(member.auth, ticket));
      await h.runJobs();
      h.deps.clock.advance(5000);
      await h.runJobs();

      expect(rx.received).toHaveLength(2);
      expect(new Set(rx.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
      for (const r of rx.received) expect(verifies(String(ep.body.secret), r)).toBe(true);
      expect(JSON.parse(rx.received[1]!.body).data.invoice).toMatchObject({
        id: inv.id,
        status: 'completed',
      });
      const d = await call(h.app, 'GET', `/api/svc/webhook-endpoints/${ep.body.id}/deliveries`, admin.auth);
      expect(d.body.deliveries).toEqual([expect.objectContaining({ status: 'delivered', attempts: 2 })]);

      const rotated = await call(
        h.app,
        'POST',
        `/api/svc/webhook-endpoints/${ep.body.id}/rotate-secret`,
        admin.auth,
      );
      expect(rotated.status).toBe(200);
      expect(
        (await call(h.app, 'DELETE', `/api/svc/webhook-endpoints/${ep.body.id}`, member.auth)).status,
      ).toBe(404);
      expect(
        (await call(h.app, 'DELETE', `/api/svc/webhook-endpoints/${ep.body.id}`, admin.auth)).status,
      ).toBe(200);
      expect(await db.selectFrom('webhook_deliveries').selectAll().execute()).toEqual([]);
    } finally {
      await rx.close();
    }
  });
});
