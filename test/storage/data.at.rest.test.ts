import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/db.js';
import { migrate } from '../../src/db/migrate.js';
import { runDueJobs } from '../../src/jobs/worker.js';
import { ensurePrivateDir } from '../../src/storage/data.dir.js';
import { localStorage } from '../../src/storage/local.storage.js';
import { RETENTION_JOB, retentionJobHandler, scheduleRetention } from '../../src/storage/retention.job.js';
import { seedProfile } from '../helpers/seed.js';
import { fixtureB64, invoiceHarness, json } from '../invoices/invoice.helpers.js';

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'rest-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const mode = (p: string) => fs.statSync(p).mode & 0o777;

describe('owner-only permissions, whatever the umask', () => {
  const umask = process.umask();
  afterEach(() => {
    process.umask(umask);
  });

  it('DATA_DIR is 0700, and an existing wider one is narrowed', () => {
    process.umask(0o022);
    const dataDir = path.join(tmp(), 'data');
    ensurePrivateDir(dataDir);
    expect(mode(dataDir)).toBe(0o700);
    fs.chmodSync(dataDir, 0o755);
    ensurePrivateDir(dataDir);
    expect(mode(dataDir)).toBe(0o700);
  });

  it('stored files are 0600 in 0700 directories', async () => {
    process.umask(0o022);
    const root = path.join(tmp(), 'files');
    const storage = localStorage(root);
    await storage.put('receipts/abc.jpg', Buffer.from('jpeg'));
    await storage.put('invoices/i1/u.xml', '<x/>');
    expect(mode(root)).toBe(0o700);
    expect(mode(path.join(root, 'receipts'))).toBe(0o700);
    expect(mode(path.join(root, 'invoices/i1'))).toBe(0o700);
    expect(mode(path.join(root, 'receipts/abc.jpg'))).toBe(0o600);
    expect(mode(path.join(root, 'invoices/i1/u.xml'))).toBe(0o600);
  });

  it('the SQLite database and its WAL files are 0600 in a 0700 directory', async () => {
    process.umask(0o022);
    const file = path.join(tmp(), 'data', 'service.sqlite');
    const db = createDb({ sqliteFile: file });
    await migrate(db);
    expect(mode(path.dirname(file))).toBe(0o700);
    for (const f of [file, `${file}-wal`, `${file}-shm`]) {
      if (fs.existsSync(f)) expect(mode(f)).toBe(0o600);
    }
    expect(fs.existsSync(`${file}-wal`)).toBe(true);
    await db.destroy();
  });
});

describe('receipt retention (RECEIPT_RETENTION_DAYS)', () => {
  it('deletes receipt photos of invoices finished long ago; the invoice, its XML and PDF stay', async () => {
    const { deps, app, handlers } = await invoiceHarness();
    const me = await seedProfile(deps, { credits: 5 });
    const create = async () => {
      const res = await app.request(
        '/api/svc/facturar-ticket',
        json(
          me.auth,
          { receipt_image: fixtureB64(), cfdi_usage: 'G03' },
          { 'idempotency-key': crypto.randomUUID() },
        ),
      );
      expect(res.status).toBe(202);
      return (await res.json()).id as string;
    };
    const old = await create();
    await runDueJobs(deps, handlers);
    deps.clock.advance(60 * 24 * 3600_000);
    const recent = await create();
    await runDueJobs(deps, handlers);
    const row = (id: string) =>
      deps.db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const [o, r] = [await row(old), await row(recent)];
    expect(o.status).toBe('completed');

    deps.clock.advance(31 * 24 * 3600_000); // the old one finished 91 days ago, the recent one 31
    await scheduleRetention(deps);
    expect(await runDueJobs(deps, { ...handlers, [RETENTION_JOB]: retentionJobHandler(deps) })).toBe(1);

    expect(await deps.storage.exists(o.receipt_key)).toBe(false);
    expect(await deps.storage.exists(o.xml_key!)).toBe(true);
    expect(await deps.storage.exists(o.pdf_key!)).toBe(true);
    expect(await deps.storage.exists(r.receipt_key)).toBe(true);
    expect((await row(old)).receipt_deleted_at).toBe(deps.clock.now().toISOString());
    expect((await row(recent)).receipt_deleted_at).toBeNull();

    // The invoice still reads, and its files still download.
    const details = await (await app.request(`/api/svc/invoices/${old}`, { headers: me.auth })).json();
    expect(details).toMatchObject({ id: old, status: 'completed', uuid: o.uuid });
    expect((await app.request(details.pdf_url)).status).toBe(200);
    expect((await app.request(details.xml_url)).status).toBe(200);
  });

  it('an invoice whose receipt is gone fails at once as unreadable_receipt, refunded', async () => {
    const { deps, app, handlers } = await invoiceHarness();
    const me = await seedProfile(deps, { credits: 2 });
    const res = await app.request(
      '/api/svc/facturar-ticket',
      json(me.auth, { receipt_image: fixtureB64(), cfdi_usage: 'G03' }),
    );
    const { id } = await res.json();
    const inv = await deps.db
      .selectFrom('invoices')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await deps.storage.delete(inv.receipt_key);
    expect(await runDueJobs(deps, handlers)).toBe(1);
    const after = await deps.db
      .selectFrom('invoices')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: 'failed', failure_code: 'unreadable_receipt' });
    const profile = await deps.db
      .selectFrom('profiles')
      .select('credits_remaining')
      .where('id', '=', me.profile.id)
      .executeTakeFirstOrThrow();
    expect(profile.credits_remaining).toBe(2);
  });
});
