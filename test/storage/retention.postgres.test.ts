import { afterAll, describe, expect, it } from 'vitest';
import { processingCount } from '../../src/invoices/payer.limits.js';
import { deleteOldReceipts, pruneDeliveryRecords } from '../../src/storage/retention.job.js';
import { pgTestSchema } from '../helpers/postgres.js';
import { seedProfile } from '../helpers/seed.js';
import { fixtureB64, invoiceHarness, json } from '../invoices/invoice.helpers.js';

const schema = await pgTestSchema();

describe.skipIf(!schema)('fair use and retention on PostgreSQL', () => {
  afterAll(() => schema?.drop());

  it('counts processing invoices per payer, deletes old receipts and prunes delivery marks', async () => {
    const db = await schema!.migratedDb();
    const { deps, app, handlers } = await invoiceHarness({ db });
    try {
      const me = await seedProfile(deps, { credits: 3 });
      const res = await app.request(
        '/api/svc/facturar-ticket',
        json(me.auth, { receipt_image: fixtureB64(), cfdi_usage: 'G03' }),
      );
      const { id } = await res.json();
      expect(await processingCount(db, { type: 'profile', id: me.profile.id })).toBe(1);
      const { runDueJobs } = await import('../../src/jobs/worker.js');
      await runDueJobs(deps, handlers);
      expect(await processingCount(db, { type: 'profile', id: me.profile.id })).toBe(0);
      await db
        .insertInto('processed_updates')
        .values({ channel: 'telegram', update_id: '1', created_at: deps.clock.now().toISOString() })
        .execute();
      deps.clock.advance(91 * 24 * 3600_000);
      expect(await deleteOldReceipts(deps)).toBe(1);
      expect((await pruneDeliveryRecords(deps)).processedUpdates).toBe(1);
      const inv = await db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(inv.receipt_deleted_at).toBe(deps.clock.now().toISOString());
      expect(await deps.storage.exists(inv.receipt_key)).toBe(false);
    } finally {
      await db.destroy();
    }
  });
});
