/**
 * npm run bench:scale — several instances on one PostgreSQL (PG_TEST_URL or postgres://postgres@127.0.0.1/test;
 * a fresh database per run, dropped at the end):
 *  1. queue throughput with a no-op job kind, 1 and 4 workers (each with its own connection pool, as separate
 *     instances would have);
 *  2. enqueue → start latency of an idle worker woken by NOTIFY (p50, p95);
 *  3. invoices/s with the real OCR: one server process with 2 OCR workers vs two processes with 1 each.
 * Prints Markdown for docs/benchmarks.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { systemClock } from '../src/clock.js';
import { testConfig } from '../src/config.js';
import { createDb, type Db } from '../src/db/db.js';
import { migrate } from '../src/db/migrate.js';
import { enqueue } from '../src/jobs/queue.js';
import { startJobWorker } from '../src/jobs/worker.js';
import { silentLogger } from '../src/logger.js';
import { seedProfile } from '../test/helpers/seed.js';

const PG_URL = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const JOBS = Number(process.env.BENCH_JOBS ?? 2000);
const RECEIPTS = Number(process.env.BENCH_N ?? 20);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)] ?? NaN;

async function admin(statement: string) {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  await c.query(statement).finally(() => c.end());
}

const depsOf = (db: Db) => ({ db, clock: systemClock, logger: silentLogger, config: testConfig() });

/** Enqueues `n` no-op jobs, then times `workers` workers (own pools) until every job is done. */
async function throughput(url: string, workers: number): Promise<number> {
  const db = createDb({ databaseUrl: url });
  await db.deleteFrom('jobs').execute();
  for (let i = 0; i < JOBS; i += 100) {
    await db.transaction().execute(async (trx) => {
      for (let k = i; k < Math.min(JOBS, i + 100); k++)
        await enqueue(trx, systemClock, { kind: 'noop', payload: k, payerKey: `p${k % 10}` });
    });
  }
  const pools = Array.from({ length: workers }, () => createDb({ databaseUrl: url }));
  const t0 = performance.now();
  const running = pools.map((p) =>
    startJobWorker(depsOf(p), { noop: { run: async () => {} } }, { concurrency: 1 }),
  );
  for (;;) {
    const left = await db
      .selectFrom('jobs')
      .select(db.fn.countAll<number>().as('n'))
      .where('status', '!=', 'done')
      .executeTakeFirstOrThrow();
    if (Number(left.n) === 0) break;
    await sleep(20);
  }
  const seconds = (performance.now() - t0) / 1000;
  await Promise.all(running.map((w) => w.stop()));
  await Promise.all([db, ...pools].map((d) => d.destroy()));
  return JOBS / seconds;
}

/** An idle worker on its own pool; jobs enqueued one at a time from another pool: ms from commit to start. */
async function wakeLatency(url: string): Promise<number[]> {
  const producer = createDb({ databaseUrl: url });
  const consumer = createDb({ databaseUrl: url });
  const started = new Map<number, number>();
  const worker = startJobWorker(depsOf(consumer), {
    ping: { run: async (p) => void started.set(p as number, performance.now()) },
  });
  await sleep(500);
  const delays: number[] = [];
  for (let i = 0; i < 50; i++) {
    await producer.transaction().execute((trx) => enqueue(trx, systemClock, { kind: 'ping', payload: i }));
    const committed = performance.now();
    while (!started.has(i)) await sleep(1);
    delays.push(started.get(i)! - committed);
    await sleep(20);
  }
  await worker.stop();
  await Promise.all([producer.destroy(), consumer.destroy()]);
  return delays;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** A server process as `npm start` runs it; resolves once its OCR has warmed up. */
async function startServer(url: string, ocrWorkers: number): Promise<{ base: string; proc: ChildProcess }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-'));
  const env = {
    PATH: process.env.PATH,
    DATABASE_URL: url,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    OCR_WORKERS: String(ocrWorkers),
    JOB_CONCURRENCY: String(ocrWorkers),
    RATE_LIMIT_PER_MINUTE: '100000',
  };
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { env, stdio: 'pipe' });
  let out = '';
  proc.stdout?.on('data', (d) => (out += String(d)));
  proc.stderr?.on('data', (d) => (out += String(d)));
  while (!out.includes('OCR warmed up') && !out.includes('OCR warm-up')) {
    if (proc.exitCode !== null) throw new Error(out);
    await sleep(100);
  }
  return { base: `http://127.0.0.1:${port}`, proc };
}

/** Posts RECEIPTS fixture photos round-robin to the servers; invoices/s from the first post to the last finish. */
async function invoicesPerSecond(url: string, layout: number[]): Promise<number> {
  const db = createDb({ databaseUrl: url });
  await db.deleteFrom('jobs').execute();
  const { key } = await seedProfile({ db, clock: systemClock }, { credits: RECEIPTS });
  const servers = await Promise.all(layout.map((w) => startServer(url, w)));
  const dir = 'fixtures/receipts';
  const photos = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.jpg'))
    .map((f) => fs.readFileSync(path.join(dir, f)).toString('base64'));
  const t0 = performance.now();
  const ids = await Promise.all(
    Array.from({ length: RECEIPTS }, async (_, i) => {
      const res = await fetch(`${servers[i % servers.length]!.base}/api/svc/facturar-ticket`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ receipt_image: photos[i % photos.length], cfdi_usage: 'G03' }),
      });
      if (res.status !== 202) throw new Error(`POST ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { id: string }).id;
    }),
  );
  for (;;) {
    const open = await db
      .selectFrom('invoices')
      .select('id')
      .where('id', 'in', ids)
      .where('status', '=', 'processing')
      .execute();
    if (open.length === 0) break;
    await sleep(50);
  }
  const seconds = (performance.now() - t0) / 1000;
  for (const s of servers) s.proc.kill('SIGTERM');
  await db.destroy();
  return RECEIPTS / seconds;
}

async function main() {
  const name = `bench_scale_${randomUUID().replace(/-/g, '').slice(0, 8)}`;
  const url = PG_URL.replace(/\/[^/?]+(\?|$)/, `/${name}$1`);
  await admin(`CREATE DATABASE ${name}`);
  try {
    const db = createDb({ databaseUrl: url });
    await migrate(db);
    await db.destroy();
    const cpu =
      /model name\s*:\s*(.+)/.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? os.cpus()[0]?.model;
    const load = () =>
      os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ');
    console.log(
      `Machine: ${os.availableParallelism()} cores (nproc), ${cpu}; load average at start ${load()}`,
    );
    console.log('');
    console.log('| measure | result |');
    console.log('|---|---|');
    const one = await throughput(url, 1);
    console.log(`| no-op jobs/s, 1 worker (${JOBS} jobs) | ${one.toFixed(0)} |`);
    const four = await throughput(url, 4);
    console.log(`| no-op jobs/s, 4 workers (${JOBS} jobs) | ${four.toFixed(0)} |`);
    const delays = await wakeLatency(url);
    const [p50, p95] = [pct(delays, 0.5).toFixed(1), pct(delays, 0.95).toFixed(1)];
    console.log(`| enqueue → start, idle worker woken by NOTIFY, p50 / p95 | ${p50} ms / ${p95} ms |`);
    const single = await invoicesPerSecond(url, [2]);
    console.log(`| invoices/s, 1 instance × 2 OCR workers (${RECEIPTS} photos) | ${single.toFixed(2)} |`);
    const pair = await invoicesPerSecond(url, [1, 1]);
    console.log(`| invoices/s, 2 instances × 1 OCR worker (${RECEIPTS} photos) | ${pair.toFixed(2)} |`);
    console.log('');
    console.log(`Load average at the end: ${load()}`);
  } catch (err) {
    console.error(err);
    process.exitCode = 1;
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

await main();
