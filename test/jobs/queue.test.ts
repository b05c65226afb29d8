import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/clock.js';
import { createDb, type Db } from '../../src/db/db.js';
import { migrate } from '../../src/db/migrate.js';
import { backoffMs, claimJobs, enqueue } from '../../src/jobs/queue.js';
import { type JobHandlers, runDueJobs, startJobWorker } from '../../src/jobs/worker.js';
import { makeTestDeps } from '../helpers/deps.js';

const tmpDirs: string[] = [];
afterEach(() => {
  for (const d of tmpDirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function recorder() {
  const seen: unknown[] = [];
  const handlers: JobHandlers = { echo: { run: async (p) => void seen.push(p) } };
  return { seen, handlers };
}

describe('job queue', () => {
  it('runs due jobs once, in run_at order, and leaves future ones alone', async () => {
    const clock = fixedClock();
    const deps = await makeTestDeps({ clock });
    const { seen, handlers } = recorder();
    await enqueue(deps.db, deps.clock, {
      kind: 'echo',
      payload: 2,
      runAt: new Date(deps.clock.now().getTime() + 10),
    });
    await enqueue(deps.db, deps.clock, { kind: 'echo', payload: 1 });
    await enqueue(deps.db, deps.clock, {
      kind: 'echo',
      payload: 3,
      runAt: new Date(deps.clock.now().getTime() + 60_000),
    });
    clock.advance(10);
    expect(await runDueJobs(deps, handlers)).toBe(2);
    expect(seen).toEqual([1, 2]);
    expect(await runDueJobs(deps, handlers)).toBe(0);
    clock.advance(60_000);
    expect(await runDueJobs(deps, handlers)).toBe(1);
    expect(seen).toEqual([1, 2, 3]);
  });

  it('a job is claimed by one worker only; a held lease is not claimable until it expires', async () => {
    const clock = fixedClock();
    const deps = await makeTestDeps({ clock });
    await enqueue(deps.db, deps.clock, { kind: 'echo', payload: 1 });
    const a = await claimJobs(deps.db, deps.clock, { workerId: 'a', limit: 5, leaseMs: 1000 });
    const b = await claimJobs(deps.db, deps.clock, { workerId: 'b', limit: 5, leaseMs: 1000 });
    expect(a).toHaveLength(1);
    expect(b).toHaveLength(0);
    clock.advance(1001);
    const c = await claimJobs(deps.db, deps.clock, { workerId: 'c', limit: 5, leaseMs: 1000 });
    expect(c.map((j) => [j.locked_by, j.attempts])).toEqual([['c', 2]]);
  });

  it('a job whose workers keep dying fails via exhausted() once attempts are used up', async () => {
    const clock = fixedClock();
    const deps = await makeTestDeps({ clock });
    const exhausted: string[] = [];
    const handlers: JobHandlers = {
      echo: { run: async () => {}, exhausted: async (_p, err) => void exhausted.push(err) },
    };
    await enqueue(deps.db, deps.clock, { kind: 'echo', payload: 1, maxAttempts: 2 });
    for (let i = 0; i < 2; i++) {
      await claimJobs(deps.db, deps.clock, { workerId: `dead-${i}`, limit: 1, leaseMs: 1000 });
      clock.advance(1001);
    }
    await runDueJobs(deps, handlers);
    expect(exhausted).toHaveLength(1);
    const job = await deps.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    expect(job.status).toBe('failed');
  });

  it('a job of an unknown kind fails instead of looping', async () => {
    const clock = fixedClock();
    const deps = await makeTestDeps({ clock });
    await enqueue(deps.db, deps.clock, { kind: 'mystery', payload: null });
    await runDueJobs(deps, {});
    const job = await deps.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'failed', last_error: 'no handler for job kind mystery' });
  });

  it('backoff grows exponentially and is capped', () => {
    const first = backoffMs(1, 1000);
    const fourth = backoffMs(4, 1000);
    expect(first).toBeGreaterThanOrEqual(800);
    expect(first).toBeLessThanOrEqual(1200);
    expect(fourth).toBeGreaterThanOrEqual(6400);
    expect(fourth).toBeLessThanOrEqual(9600);
    expect(backoffMs(50, 1000, 60_000)).toBeLessThanOrEqual(72_000);
  });
});

describe('job worker', () => {
  it('processes with bounded concurrency and drains', async () => {
    const clock = fixedClock();
    const deps = await makeTestDeps({ clock });
    let running = 0;
    let peak = 0;
    const handlers: JobHandlers = {
      slow: {
        run: async () => {
          running++;
          peak = Math.max(peak, running);
          await new Promise((r) => setTimeout(r, 5));
          running--;
        },
      },
    };
    for (let i = 0; i < 9; i++) await enqueue(deps.db, deps.clock, { kind: 'slow', payload: i });
    const worker = startJobWorker(deps, handlers, { concurrency: 3, pollMs: 5 });
    await worker.drain();
    await worker.stop();
    const jobs = await deps.db.selectFrom('jobs').select('status').execute();
    expect(jobs.every((j) => j.status === 'done')).toBe(true);
    expect(peak).toBe(3);
  });

  it('stop() releases a job that does not finish in time, without using up an attempt', async () => {
    const clock = fixedClock();
    const deps = await makeTestDeps({ clock });
    const handlers: JobHandlers = { stuck: { run: () => new Promise(() => {}) } };
    await enqueue(deps.db, deps.clock, { kind: 'stuck', payload: null });
    const worker = startJobWorker(deps, handlers, { pollMs: 5, stopGraceMs: 20 });
    for (let i = 0; i < 100; i++) {
      const j = await deps.db.selectFrom('jobs').select('status').executeTakeFirstOrThrow();
      if (j.status === 'running') break;
      await new Promise((r) => setTimeout(r, 5));
    }
    await worker.stop();
    const job = await deps.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'queued', attempts: 0, locked_by: null, lease_until: null });
  });

  it('two databases on one SQLite file (two processes): a job leased by a crashed one is taken over', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobs-'));
    tmpDirs.push(dir);
    const file = path.join(dir, 'service.sqlite');
    const clock = fixedClock();
    const first: Db = createDb({ sqliteFile: file });
    await migrate(first);
    await enqueue(first, clock, { kind: 'echo', payload: 'x' });
    await claimJobs(first, clock, { workerId: 'crashed', limit: 1, leaseMs: 120_000 });
    await first.destroy();

    const second = createDb({ sqliteFile: file });
    const deps = await makeTestDeps({ db: second, clock });
    const { seen, handlers } = recorder();
    expect(await runDueJobs(deps, handlers)).toBe(0);
    clock.advance(120_001);
    expect(await runDueJobs(deps, handlers)).toBe(1);
    expect(seen).toEqual(['x']);
    await second.destroy();
  });
});
