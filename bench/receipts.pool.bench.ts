/**
 * npm run bench:pool -- [DIR] [--workers N] [--rounds R]
 * Where a burst's CPU goes: every photo of DIR read at once through one reader with a pool of N workers (default 2),
 * R times (default 3) after the pool's warm-up (reader.warmUp), with tickets/s, CPU per ticket, how busy the cores
 * were, and — on Linux, from /proc/self/task — CPU per ticket by thread kind (OCR workers, main thread, libvips, V8
 * helpers, libuv).
 * The pool-throughput target hinges on CPU per ticket; this says which part of it to work on.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { createReceiptReader } from '../src/receipts/receipts.reader.js';
import { benchArgs } from './receipts.args.js';

const { dir, files, value } = benchArgs(process.argv.slice(2), ['--workers', '--rounds']);
const workers = Number(value('--workers') ?? 2);
const rounds = Number(value('--rounds') ?? 3);
const photos = files.map((f) => readFileSync(join(dir, f)));

/** CPU time (ms) of each thread of this process, keyed by id and name; empty where /proc is not there. */
function threadCpu(): Map<string, number> {
  const out = new Map<string, number>();
  const tasks = '/proc/self/task';
  if (!existsSync(tasks)) return out;
  const tick = 10; // USER_HZ is 100 on Linux
  for (const id of readdirSync(tasks)) {
    try {
      const name = readFileSync(`${tasks}/${id}/comm`, 'utf8').trim();
      const stat = readFileSync(`${tasks}/${id}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(`${id} ${name}`, (Number(fields[11]) + Number(fields[12])) * tick);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return out;
}

/**
 * The kind of a thread: the main thread is the one whose id is the process's; OCR workers are the two (or N)
 * busiest node threads; other node threads are V8's helpers (GC, compilation) and, on Node 20, libuv's pool.
 */
function kinds(delta: Map<string, number>): Map<string, number> {
  const byKind = new Map<string, number>();
  const add = (k: string, ms: number): void => {
    byKind.set(k, (byKind.get(k) ?? 0) + ms);
  };
  const nodeThreads = [...delta].filter(([k]) => k.endsWith(' node') && !k.startsWith(`${process.pid} `));
  const ocr = new Set(
    nodeThreads
      .sort((a, b) => b[1] - a[1])
      .slice(0, workers)
      .map(([k]) => k),
  );
  for (const [k, ms] of delta) {
    if (k.startsWith(`${process.pid} `)) add('main thread', ms);
    else if (ocr.has(k)) add('OCR workers', ms);
    else if (k.includes('libvips')) add('libvips', ms);
    else if (k.includes('libuv')) add('libuv thread pool', ms);
    else if (k.endsWith(' node')) add('other node threads (V8 GC and compilation, libuv)', ms);
    else add('other', ms);
  }
  return byKind;
}

const reader = createReceiptReader({ workers });
await reader.warmUp(); // as the server does at start: every worker started, its first (slower) page read
const rows: string[] = [];
const perKind = new Map<string, number[]>();
for (let r = 1; r <= rounds; r++) {
  const before = threadCpu();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(photos.map((p) => reader.read(p)));
  const s = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const cores = Math.min(workers, availableParallelism());
  rows.push(
    `| ${r} | ${(photos.length / s).toFixed(2)} | ${Math.round(cpuMs / photos.length)} | ${Math.round((100 * cpuMs) / 1000 / s / cores)} % |`,
  );
  const after = threadCpu();
  const delta = new Map([...after].map(([k, v]) => [k, v - (before.get(k) ?? 0)]));
  for (const [k, ms] of kinds(delta)) perKind.set(k, [...(perKind.get(k) ?? []), ms / photos.length]);
}
await reader.close();

const out = [
  `Pool bench — ${dir} — ${photos.length} photos × ${rounds} bursts, ${workers} workers, ${availableParallelism()} cores — ${new Date().toISOString().slice(0, 10)}`,
  '',
  '| burst | tickets/s | CPU ms/ticket | cores busy |',
  '|---|---:|---:|---:|',
  ...rows,
];
if (perKind.size) {
  out.push('', '| thread kind | CPU ms/ticket, per burst |', '|---|---|');
  for (const [k, v] of [...perKind].sort((a, b) => (b[1][0] ?? 0) - (a[1][0] ?? 0)))
    out.push(`| ${k} | ${v.map((x) => Math.round(x)).join(' / ')} |`);
}
process.stdout.write(`${out.join('\n')}\n`);
