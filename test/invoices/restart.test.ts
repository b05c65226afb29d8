import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/clock.js';
import { balanceOf } from '../../src/credits/credits.service.js';
import { createDb } from '../../src/db/db.js';
import { migrate } from '../../src/db/migrate.js';
import { claimJobs } from '../../src/jobs/queue.js';
import { runDueJobs, startJobWorker } from '../../src/jobs/worker.js';
import { memoryStorage } from '../../src/storage/memory.storage.js';
import { seedProfile } from '../helpers/seed.js';
import { fixtureB64, invoiceHarness, json } from './invoice.helpers.js';

const tmpDirs: string[] = [];
afterEach(() => {
  for (const d of tmpDirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('restart in the middle of an invoice', () => {
  it('a fresh worker on the same SQLite file finishes a job a crashed worker had leased', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'restart-'));
    tmpDirs.push(dir);
    const file = path.join(dir, 'service.sqlite');
    const clock = fixedClock();
    const storage = memoryStorage();

    // Process 1 accepts the receipt, its worker claims the job, then the process dies.
    const db1 = createDb({ sqliteFile: file });
    await migrate(db1);
    const one = await invoiceHarness({ db: db1, clock, storage });
    const me = await seedProfile(one.deps, { credits: 2 });
    const res = await one.app.request(
      '/api/svc/facturar-ticket',
      json(me.auth, { receipt_image: fixtureB64(), cfdi_usage: 'G03' }),
    );
    const inv = await res.json();
    const leaseMs = one.deps.config.JOB_LEASE_SECONDS * 1000;
    expect(await claimJobs(db1, clock, { workerId: 'crashed', limit: 1, leaseMs })).toHaveLength(1);
    await db1.destroy();

    // Process 2 starts on the same file: the lease is honoured until it expires, then the job completes.
    const db2 = createDb({ sqliteFile: file });
    const two = await invoiceHarness({ db: db2, clock, storage });
    expect(await runDueJobs(two.deps, two.handlers)).toBe(0);
    clock.advance(leaseMs + 1);
    const worker = startJobWorker(two.deps, two.handlers, { pollMs: 5 });
    await worker.drain();
    await worker.stop();

    const d = await (await two.app.request(`/api/svc/invoices/${inv.id}`, { headers: me.auth })).json();
    expect(d.status).toBe('completed');
    expect((await two.app.request(d.pdf_url)).status).toBe(200);
    expect(await balanceOf(db2, { type: 'profile', id: me.profile.id })).toBe(1);
    const charges = await db2
      .selectFrom('credit_ledger')
      .selectAll()
      .where('invoice_id', '=', inv.id)
      .execute();
    expect(charges.map((c) => c.kind)).toEqual(['charge']);
    const job = await db2.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
    await db2.destroy();
  });
});
