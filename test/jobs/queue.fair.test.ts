import { afterAll, describe, expect, it } from 'vitest';
import { type Clock, fixedClock, systemClock } from '../../src/clock.js';
import type { Db } from '../../src/db/db.js';
import { claimJobs, enqueue } from '../../src/jobs/queue.js';
import { type JobHandlers, startJobWorker } from '../../src/jobs/worker.js';
import { makeTestDeps } from '../helpers/deps.js';
import { pgTestSchema } from '../helpers/postgres.js';

const schema = await pgTestSchema();
const dbs: Db[] = [];
afterAll(async () => {
  for (const d of dbs.splice(0)) await d.destroy();
  await schema?.drop();
});

/** A migrated database of each engine, cleared of jobs, with test deps around it. */
const engines: [string, (clock: Clock) => Promise<Awaited<ReturnType<typeof makeTestDeps>>>][] = [
  ['SQLite', (clock) => makeTestDeps({ clock })],
  [
    'PostgreSQL',
    async (clock) => {
      const db = await schema!.migratedDb();
      dbs.push(db);
      await db.deleteFrom('jobs').execute();
      return makeTestDeps({ db, clock });
    },
  ],
];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(engines)('job claims on %s', (engine, depsOn) => {
  const skip = engine === 'PostgreSQL' && !schema;

  it.skipIf(skip)("one payer's flood does not hold back another payer's single job", async () => {
    const clock = fixedClock();
    const deps = await depsOn(clock);
    for (let i = 0; i < 200; i++) {
      await enqueue(deps.db, deps.clock, { kind: 'echo', payload: i, payerKey: 'profile:flood' });
    }
    clock.advance(1);
    await enqueue(deps.db, deps.clock, { kind: 'echo', payload: 'one', payerKey: 'profile:one' });
    // Two workers busy with the flood; the next free slot goes to the other payer, not to the flood's 3rd job.
    const busy = await claimJobs(deps.db, deps.clock, { workerId: 'a', limit: 2, leaseMs: 20_000 });
    expect(busy.map((j) => j.payer_key)).toEqual(['profile:flood', 'profile:flood']);
    const next = await claimJobs(deps.db, deps.clock, { workerId: 'b', limit: 1, leaseMs: 20_000 });
    expect(next.map((j) => j.payload)).toEqual(['"one"']);
  });

  it.skipIf(skip)(
    'a slow job keeps its short lease while its worker lives; nobody else runs it',
    async () => {
      const deps = await depsOn(systemClock);
      let runs = 0;
      const handlers: JobHandlers = {
        slow: {
          run: async () => {
            runs++;
            await sleep(1200);
          },
        },
      };
      await enqueue(deps.db, deps.clock, { kind: 'slow', payload: null });
      // The job outlasts its lease twice over; renewals every 250 ms leave a loaded CI machine 350 ms for each.
      const a = startJobWorker(deps, handlers, { leaseMs: 600, pollMs: 20 });
      const b = startJobWorker(deps, handlers, { leaseMs: 600, pollMs: 20 });
      await sleep(100);
      await Promise.all([a.drain(), b.drain()]);
      await Promise.all([a.stop(), b.stop()]);
      expect(runs).toBe(1);
      const job = await deps.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
      expect(job).toMatchObject({ status: 'done', attempts: 1 });
    },
  );
});

describe.skipIf(!schema)('job notifications on PostgreSQL', () => {
  it('an idle worker of another instance starts a new job within milliseconds of its commit', async () => {
    const workerDb = await schema!.migratedDb();
    const producerDb = await schema!.db();
    dbs.push(workerDb, producerDb);
    await workerDb.deleteFrom('jobs').execute();
    const deps = await makeTestDeps({ db: workerDb, clock: systemClock });
    const started: number[] = [];
    // A poll of a minute: only the notification can start the job in time.
    const worker = startJobWorker(
      deps,
      { ping: { run: async () => void started.push(Date.now()) } },
      {
        pollMs: 60_000,
      },
    );
    // Two jobs, each waited for as long as it takes: the second can only start once the worker listens (its
    // poll is a minute away), so timing starts with the LISTEN in place.
    for (const warm of [-2, -1]) {
      const before = started.length;
      await producerDb
        .transaction()
        .execute((trx) => enqueue(trx, systemClock, { kind: 'ping', payload: warm }));
      for (let w = 0; w < 1000 && started.length === before; w++) await sleep(10);
    }
    started.length = 0;
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = Date.now();
      await producerDb
        .transaction()
        .execute((trx) => enqueue(trx, systemClock, { kind: 'ping', payload: i }));
      for (let w = 0; w < 200 && started.length <= i; w++) await sleep(2);
      delays.push((started[i] ?? Number.POSITIVE_INFINITY) - t0);
    }
    await worker.stop();
    // Far below the minute-long poll: the notification started each job (typically a few milliseconds).
    expect(Math.max(...delays)).toBeLessThan(1000);
  });

  it('a rolled-back enqueue neither leaves a job nor wakes anyone into running one', async () => {
    const db = await schema!.migratedDb();
    dbs.push(db);
    await db.deleteFrom('jobs').execute();
    await db
      .transaction()
      .execute(async (trx) => {
        await enqueue(trx, systemClock, { kind: 'ping', payload: 1 });
        throw new Error('charge failed');
      })
      .catch(() => {});
    expect(await db.selectFrom('jobs').selectAll().execute()).toEqual([]);
  });
});
