/**
 * npm run bench:api — throughput and latency of an authenticated profile read against the bare /health
 * route, on the real app over HTTP with a temp SQLite DATA_DIR. The server runs in a child process so
 * autocannon does not compete with it for the event loop. Goal: profile ≥ 50 % of /health, p99 < 20 ms.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import pino from 'pino';
import { systemClock } from '../src/clock.js';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/db.js';
import { migrate } from '../src/db/migrate.js';
import type { Deps } from '../src/deps.js';
import { createApp } from '../src/http/app.js';
import { createApiKey } from '../src/profiles/apikeys.service.js';
import { createProfile } from '../src/profiles/profiles.service.js';
import { memoryStorage } from '../src/storage/memory.storage.js';

const RFC = 'EKU9003173C9';
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

async function server(): Promise<void> {
  const config = loadConfig({
    DATA_DIR: process.env.BENCH_DATA_DIR,
    LOG_LEVEL: 'info',
    RATE_LIMIT_PER_MINUTE: '100000000',
  });
  const db = createDb({ sqliteFile: config.databaseFile });
  await migrate(db);
  const clock = systemClock;
  const profile = await createProfile(
    { db, clock },
    {
      rfc: RFC,
      name: 'Escuela Kemper Urgate',
      email: 'bench@example.com',
      phone_number: '+525512345678',
      credits: 10,
      tax_info: {
        taxpayer: 'ESCUELA KEMPER URGATE',
        postal_code: '42501',
        fiscal_regimen: '601',
        cfdi_use: 'G03',
      },
    },
  );
  const key = await createApiKey(db, clock, profile.id);
  const deps: Deps = {
    config,
    db,
    clock,
    // Real pino, info level, writing to /dev/null: the per-request log line is part of what we measure.
    logger: pino({ level: 'info' }, pino.destination({ dest: os.devNull, sync: false })),
    storage: memoryStorage(),
    readReceipt: () => Promise.reject(new Error('not used')),
    issuer: { mode: 'sandbox', sealAndStamp: () => Promise.reject(new Error('not used')) },
  };
  serve({ fetch: createApp(deps).fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
    process.send?.({ port: info.port, key }),
  );
}

interface Row {
  route: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function run(route: string, url: string, headers: Record<string, string> = {}): Promise<Row> {
  const r = await autocannon({ url, connections: 10, duration: DURATION, headers });
  return { route, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx };
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_ROLE: 'server', BENCH_DATA_DIR: dataDir },
    execArgv: process.execArgv,
  });
  try {
    const { port, key } = await new Promise<{ port: number; key: string }>((resolve) =>
      child.once('message', resolve as never),
    );
    const base = `http://127.0.0.1:${port}`;
    await run('warm-up', `${base}/health`); // JIT and SQLite page cache
    const bare = await run('GET /health', `${base}/health`);
    const profile = await run(`GET /api/profile/${RFC}`, `${base}/api/profile/${RFC}`, {
      authorization: `Bearer ${key}`,
    });
    console.log(
      `\nbench:api ${new Date().toISOString()} — ${os.availableParallelism()} CPUs, node ${process.version}, 10 connections, ${DURATION} s each\n`,
    );
    console.log('| route | req/s | p50 ms | p99 ms | non-2xx |');
    console.log('|---|---:|---:|---:|---:|');
    for (const r of [bare, profile]) {
      console.log(`| ${r.route} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.non2xx} |`);
    }
    const ratio = profile.rps / bare.rps;
    console.log(
      `\nprofile / bare throughput: ${(ratio * 100).toFixed(1)} % (goal ≥ 50 %); profile p99 ${profile.p99} ms (goal < 20 ms)`,
    );
    if (profile.non2xx > 0) console.log('WARNING: the profile route answered non-2xx responses');
  } finally {
    child.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.env.BENCH_ROLE === 'server') void server();
else void main();
