/**
 * npm run bench:receipts -- [DIR] [--seed N] [--count 60] [--bursts 1] [--no-pool] [--no-native] [--dump OUTDIR]
 *   [--resize F] [--jpeg Q]
 * The dev photos (DIR) and a held-out draw of the ticket generator (bench/ticketgen, seed N; a fresh seed from
 * the clock when none is given, printed so the run can be repeated) side by side: accuracy per field, all key
 * fields by difficulty, calibration of the key fields' confidence, the review figures, speed against the native
 * tesseract CLI with the same model, and peak RSS.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '../src/config.js';
import { createReceiptReader } from '../src/receipts/receipts.reader.js';
import { benchArgs } from './receipts.args.js';
import { nativeParallel, nativeSingle, nativeVersion, sameModel } from './receipts.native.js';
import { loadPhotos, type Photo, scoreReading } from './receipts.read.js';
import { calibration, fieldTable, keyByDifficulty, review, type SetResult } from './receipts.tables.js';
import { generateTickets } from './ticketgen/ticketgen.js';

const argv = process.argv.slice(2);
const { dir, files, value, flag } = benchArgs(argv, [
  '--dump',
  '--resize',
  '--jpeg',
  '--seed',
  '--count',
  '--bursts',
]);
const seed =
  value('--seed') === undefined ? Math.floor(Date.now() / 1000) % 1_000_000 : Number(value('--seed'));
const count = Number(value('--count') ?? 60);
const bursts = Number(value('--bursts') ?? 1);
const dump = value('--dump');
const resize = Number(value('--resize') ?? 1);
const quality = value('--jpeg');
const copying = resize !== 1 || quality !== undefined;
const threshold = loadConfig(process.env).REVIEW_THRESHOLD;
const log = (s: string): void => {
  process.stderr.write(`${s}\n`);
};
const quantile = (xs: number[], q: number): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))] ?? 0;
const rssMb = (): number => process.memoryUsage().rss / 2 ** 20;

/** `--resize F` / `--jpeg Q`: each photo resized and saved again as JPEG first (another camera, a messaging app). */
async function variant(buf: Buffer): Promise<Buffer> {
  if (!copying) return buf;
  const { width = 1, height = 1, orientation = 1 } = await sharp(buf).metadata();
  return sharp(buf)
    .rotate()
    .resize({ width: Math.round((orientation >= 5 ? height : width) * resize) })
    .jpeg({ quality: Number(quality ?? 88) })
    .toBuffer();
}

/** The held-out draw, generated unless a complete copy of the same seed is already there. */
async function draw(): Promise<{ dir: string; files: string[] }> {
  const out = join('bench/ticketgen/out', `seed-${seed}`);
  const have = existsSync(out) ? readdirSync(out).filter((f) => f.endsWith('.jpg')) : [];
  if (have.length < count) {
    const t0 = performance.now();
    await generateTickets(seed, count, out);
    log(`generated ${count} tickets of seed ${seed} in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  return {
    dir: out,
    files: readdirSync(out)
      .filter((f) => f.endsWith('.jpg'))
      .sort()
      .slice(0, count),
  };
}

interface Set extends SetResult {
  photos: Photo[];
  /** Paths the native CLI reads: the photos' own files, or copies of the variants. */
  paths: string[];
  cpuMs: number;
}

async function loadSet(label: string, d: string, fs: string[], copies: string): Promise<Set> {
  const photos = await Promise.all(loadPhotos(d, fs).map(async (p) => ({ ...p, buf: await variant(p.buf) })));
  const paths = photos.map((p) => {
    if (!copying) return join(d, p.name);
    const path = join(copies, `${label.replace(/\W+/g, '-')}-${p.name}`);
    writeFileSync(path, p.buf);
    return path;
  });
  return { label, photos, paths, rows: [], cpuMs: 0 };
}

/** Every set read by one warmed-up worker, one ticket at a time; returns the peak RSS while it ran. */
async function readSets(sets: Set[]): Promise<{ peakMb: number; workerMb: number }> {
  const baseline = rssMb();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb());
  }, 20);
  const reader = createReceiptReader({ workers: 1 });
  try {
    await reader.warmUp(); // as the server does at start: the worker started, its first (slower) page read
    for (const s of sets) {
      const cpu0 = process.cpuUsage();
      for (const p of s.photos) {
        const t0 = performance.now();
        const data = await reader.read(p.buf);
        s.rows.push(scoreReading(p, data, performance.now() - t0, threshold, log));
        if (dump) {
          mkdirSync(dump, { recursive: true });
          writeFileSync(join(dump, p.name.replace(/\.\w+$/, '.txt')), data.text);
        }
      }
      const cpu = process.cpuUsage(cpu0);
      s.cpuMs = (cpu.user + cpu.system) / 1000 / s.photos.length;
    }
  } finally {
    clearInterval(sampler);
    await reader.close();
  }
  return { peakMb: Math.max(peak, rssMb()), workerMb: peak - baseline };
}

/** Wall ms per ticket of a warmed-up pool of two with every photo of the set at once, per burst. */
async function poolMs(s: Set): Promise<number[]> {
  const reader = createReceiptReader({ workers: 2 });
  try {
    await reader.warmUp();
    const out: number[] = [];
    for (let b = 0; b < bursts; b++) {
      const t0 = performance.now();
      await Promise.all(s.photos.map((p) => reader.read(p.buf)));
      out.push((performance.now() - t0) / s.photos.length);
    }
    return out;
  } finally {
    await reader.close();
  }
}

interface Speed {
  p50: number;
  p95: number;
  cpu: number;
  nativeP50: number | null;
  pool: number[];
  native2: number | null;
}

async function speedOf(s: Set, tessdata: string | null): Promise<Speed> {
  const ms = s.rows.map((r) => r.ms);
  const speed: Speed = {
    p50: quantile(ms, 0.5),
    p95: quantile(ms, 0.95),
    cpu: s.cpuMs,
    nativeP50: null,
    pool: [],
    native2: null,
  };
  if (tessdata) {
    log(`${s.label}: native CLI, one process`);
    speed.nativeP50 = quantile(nativeSingle(s.paths, tessdata), 0.5);
  }
  if (!flag('--no-pool')) {
    log(`${s.label}: pool of 2`);
    speed.pool = await poolMs(s);
    if (tessdata) {
      log(`${s.label}: native CLI, 2 processes at a time`);
      speed.native2 = await nativeParallel(s.paths, tessdata, 2);
    }
  }
  return speed;
}

function speedTable(sets: Set[], speeds: Speed[]): string[] {
  const r = Math.round;
  const ratio = (a: number, b: number | null): string => (b ? `${(a / b).toFixed(2)}×` : '–');
  const poolMedian = (s: Speed): number => quantile(s.pool, 0.5);
  const row = (label: string, f: (s: Speed) => string): string =>
    `| ${label} | ${speeds.map(f).join(' | ')} |`;
  return [
    `| speed (ms per ticket) | ${sets.map((s) => s.label).join(' | ')} |`,
    `|---|${sets.map(() => '---|').join('')}`,
    row('1 worker p50 (warmed up, incl. preparation)', (s) => String(r(s.p50))),
    row('native CLI p50, one process (same model, psm 6)', (s) =>
      s.nativeP50 ? String(r(s.nativeP50)) : '–',
    ),
    row('**1 worker p50 / native single** (target ≤ 1.2×)', (s) => ratio(s.p50, s.nativeP50)),
    row('1 worker p95', (s) => String(r(s.p95))),
    row('CPU per ticket, 1 worker (all threads)', (s) => String(r(s.cpu))),
    row('pool of 2, wall per ticket (bursts)', (s) =>
      s.pool.length ? `${r(poolMedian(s))} (${s.pool.map(r).join(' / ')})` : '–',
    ),
    row('native CLI, 2 processes at a time, wall per ticket', (s) =>
      s.native2 ? String(r(s.native2)) : '–',
    ),
    row('**pool of 2 / native 2 at a time** (target ≤ 1.2×)', (s) =>
      s.pool.length ? ratio(poolMedian(s), s.native2) : '–',
    ),
  ];
}

function machine(tesseract: string | null): string {
  const cpu = cpus();
  return `Machine: nproc ${cpu.length}, ${cpu[0]?.model.trim() ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, ${tesseract ?? 'no native tesseract CLI'}`;
}

const load0 = loadavg()[0] ?? 0;
const tesseract = flag('--no-native') ? null : nativeVersion();
const drawn = await draw();
const copies = mkdtempSync(join(tmpdir(), 'receipts-bench-'));
const model = tesseract ? sameModel() : null;
try {
  const sets = [
    await loadSet('dev', dir, files, copies),
    await loadSet(`draw ${seed}`, drawn.dir, drawn.files, copies),
  ];
  const rss = await readSets(sets);
  const speeds: Speed[] = [];
  for (const s of sets) speeds.push(await speedOf(s, model?.dir ?? null));
  const out = [
    `Receipts bench — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — dev: ${dir} (${sets[0]?.photos.length}) — held-out draw: seed ${seed}, ${count} tickets (npm run gen:tickets -- --seed ${seed} --count ${count})${copying ? ` — photos resized ${resize}×, JPEG q${quality ?? 88}` : ''}`,
    machine(tesseract),
    `Load average (1 min): ${load0.toFixed(2)} at start, ${(loadavg()[0] ?? 0).toFixed(2)} at end`,
    '',
    ...fieldTable(sets),
    '',
    ...keyByDifficulty(sets),
    '',
    'Calibration: accuracy (count) of key-field values by confidence bin',
    '',
    ...calibration(sets),
    '',
    ...review(sets, threshold),
    '',
    ...speedTable(sets, speeds),
    '',
    `| memory | MB |`,
    `|---|---|`,
    `| peak RSS while one worker read both sets | ${Math.round(rss.peakMb)} |`,
    `| RSS added by one OCR worker (incl. preparation) | ${Math.round(rss.workerMb)} |`,
    `| peak RSS of the whole process (pool of 2 included; the draw's generation too when this run made it) | ${Math.round(process.resourceUsage().maxRSS / 1024)} |`,
  ];
  process.stdout.write(`${out.join('\n')}\n`);
} finally {
  model?.done();
  rmSync(copies, { recursive: true, force: true });
}
