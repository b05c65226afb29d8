/**
 * npm run bench:receipts -- [DIR] [--no-pool] [--no-native] [--dump OUTDIR] [--resize F] [--jpeg Q]
 * Accuracy per field and difficulty, latency with one worker, throughput with a pool of two (median of three
 * bursts), peak RSS, and the native tesseract CLI as a speed reference when it is installed (with Debian's model
 * and with ours).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { toPesosJson } from '../src/cli/extract.json.js';
import { langPath } from '../src/receipts/ocr/ocr.js';
import { createReceiptReader } from '../src/receipts/receipts.reader.js';
import { benchArgs } from './receipts.args.js';
import {
  FIELDS,
  type ItemScore,
  KEY_FIELDS,
  scoreItems,
  scoreOne,
  type Truth,
  type TruthItem,
} from './receipts.score.js';

const {
  dir,
  files,
  value: optionValue,
  flag,
} = benchArgs(process.argv.slice(2), ['--dump', '--resize', '--jpeg']);
const dump = optionValue('--dump');
/**
 * `--resize F` and/or `--jpeg Q`: each photo resized by F and saved again as JPEG at quality Q (88 by default when
 * resizing) before it is read: a new draw of the photos' fine detail, as a messaging app or another camera gives.
 */
const resize = Number(optionValue('--resize') ?? 1);
const quality = optionValue('--jpeg');
const copying = resize !== 1 || quality !== undefined;
async function variant(buf: Buffer): Promise<Buffer> {
  if (!copying) return buf;
  // Turned upright in the same pass (the copy carries no EXIF orientation; one JPEG generation only).
  const { width = 1, height = 1, orientation = 1 } = await sharp(buf).metadata();
  return sharp(buf)
    .rotate()
    .resize({ width: Math.round((orientation >= 5 ? height : width) * resize) })
    .jpeg({ quality: Number(quality ?? 88) })
    .toBuffer();
}
const images = await Promise.all(
  files.map(async (f) => ({ name: f, buf: await variant(readFileSync(join(dir, f))) })),
);
const truthOf = (f: string): Truth =>
  JSON.parse(readFileSync(join(dir, f.replace(/\.\w+$/, '.json')), 'utf8'));
const pct = (a: number, b: number): string => (b ? `${((100 * a) / b).toFixed(1)} %` : '–');
const quantile = (xs: number[], q: number): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))] ?? 0;

/**
 * Resident memory added by one OCR worker: the process's RSS sampled every 20 ms while the one-worker reader
 * runs, minus the RSS before it started. An upper bound per worker: the main thread's image preparation counts
 * too (the tesseract workers are threads of this process, so the OS sees one RSS).
 */
let workerRssMb = 0;
const rssMb = (): number => process.memoryUsage().rss / 2 ** 20;

async function accuracyAndLatency() {
  const baseline = rssMb();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb());
  }, 20);
  try {
    return await readAll();
  } finally {
    clearInterval(sampler);
    workerRssMb = Math.max(peak, rssMb()) - baseline;
  }
}

async function readAll() {
  const reader = createReceiptReader({ workers: 1 });
  await reader.warmUp(); // as the server does at start: the worker started, its first (slower) page read
  const rows: Array<{
    name: string;
    ok: Record<string, boolean | null>;
    items: ItemScore | null;
    diff: string;
    ms: number;
  }> = [];
  const cpu0 = process.cpuUsage();
  for (const img of images) {
    const t0 = performance.now();
    const data = await reader.read(img.buf);
    const ms = performance.now() - t0;
    const out = toPesosJson(img.name, data, ms, false);
    const truth = truthOf(img.name);
    const items = scoreItems(out.items as TruthItem[], truth.items);
    const ok = scoreOne(out, truth, items);
    rows.push({ name: img.name, ok, items, diff: String(truth.difficulty ?? '?'), ms });
    const bad = Object.entries(ok)
      .filter(([, v]) => v === false)
      .map(([k]) =>
        k === 'items'
          ? `items=${items?.right}/${items?.truth} right, ${items?.extra} extra`
          : `${k}=${JSON.stringify(out[k])}≠${JSON.stringify(truth[k])}`,
      );
    process.stderr.write(`${img.name} ${Math.round(ms)} ms ${bad.join(' ')}\n`);
    if (dump) {
      mkdirSync(dump, { recursive: true });
      writeFileSync(join(dump, img.name.replace(/\.\w+$/, '.txt')), data.text);
    }
  }
  const cpu = process.cpuUsage(cpu0);
  cpuMsPerImage = (cpu.user + cpu.system) / 1000 / images.length;
  await reader.close();
  return rows;
}

// CPU time per image does not depend on what else the machine is running (wall time does).
let cpuMsPerImage = 0;

/**
 * Tickets/s of a pool of `workers` readers, warmed up as the server warms its pool at start (reader.warmUp), over
 * POOL_BURSTS bursts of every image at once: one burst is ≈ 20 s of a VM whose speed moved by 10–15 % from minute
 * to minute on the same work (the fourteenth session), so the median is given with every burst beside it.
 */
const POOL_BURSTS = 3;
async function poolThroughput(workers: number): Promise<number[]> {
  const reader = createReceiptReader({ workers });
  await reader.warmUp();
  const rates: number[] = [];
  for (let b = 0; b < POOL_BURSTS; b++) {
    const t0 = performance.now();
    await Promise.all(images.map((i) => reader.read(i.buf)));
    rates.push(images.length / ((performance.now() - t0) / 1000));
  }
  await reader.close();
  return rates;
}

/**
 * The native tesseract CLI over the same images, one thread (like one tesseract.js worker: Debian's build uses
 * OpenMP, whose threads spin against each other on 2 cores, 3.7 s instead of 0.6 s for one ticket). With no
 * `model` it reads Debian's `tesseract-ocr-spa`, which is tessdata_fast (a 0.4 MB LSTM); with `model` it reads
 * that traineddata, so the engine is compared on the model tesseract.js runs (best_int, a 1.5 MB LSTM).
 */
function nativeMs(model?: string): number[] | null {
  try {
    execFileSync('tesseract', ['--version'], { stdio: 'ignore' });
  } catch {
    return null;
  }
  let tessdata: string | null = null;
  if (model) {
    tessdata = mkdtempSync(join(tmpdir(), 'tessdata-'));
    writeFileSync(join(tessdata, 'spa.traineddata'), gunzipSync(readFileSync(model)));
  }
  // Resized or re-encoded photos are read from a temporary copy, so both engines read the same bytes.
  const copies = copying ? mkdtempSync(join(tmpdir(), 'receipts-')) : null;
  try {
    if (copies) for (const i of images) writeFileSync(join(copies, i.name), i.buf);
    return files.map((f) => {
      const t0 = performance.now();
      execFileSync(
        'tesseract',
        [
          join(copies ?? dir, f),
          'stdout',
          ...(tessdata ? ['--tessdata-dir', tessdata] : []),
          '-l',
          'spa',
          '--psm',
          '6',
        ],
        { stdio: ['ignore', 'ignore', 'ignore'], env: { ...process.env, OMP_THREAD_LIMIT: '1' } },
      );
      return performance.now() - t0;
    });
  } finally {
    if (tessdata) rmSync(tessdata, { recursive: true, force: true });
    if (copies) rmSync(copies, { recursive: true, force: true });
  }
}

const rows = await accuracyAndLatency();
const diffs = [...new Set(rows.map((r) => r.diff))].sort();
const out: string[] = [];
out.push(`| field | ${diffs.join(' | ')} | all |`, `|---|${diffs.map(() => '---|').join('')}---|`);
for (const f of FIELDS) {
  const cell = (rs: typeof rows): string => {
    const scored = rs.filter((r) => r.ok[f] !== null);
    return pct(scored.filter((r) => r.ok[f]).length, scored.length);
  };
  out.push(
    `| ${f} | ${diffs.map((d) => cell(rows.filter((r) => r.diff === d))).join(' | ')} | ${cell(rows)} |`,
  );
}
const allKey = (rs: typeof rows): string =>
  pct(rs.filter((r) => KEY_FIELDS.every((k) => r.ok[k] !== false)).length, rs.length);
out.push(
  `| **all key fields** | ${diffs.map((d) => allKey(rows.filter((r) => r.diff === d))).join(' | ')} | ${allKey(rows)} |`,
);
const lines = (rs: typeof rows): string => {
  const scored = rs.map((r) => r.items).filter((i): i is ItemScore => i !== null);
  const sum = (k: keyof ItemScore): number => scored.reduce((a, i) => a + i[k], 0);
  return `${pct(sum('right'), sum('truth'))} (${sum('extra')} extra)`;
};
out.push(
  `| item lines right | ${diffs.map((d) => lines(rows.filter((r) => r.diff === d))).join(' | ')} | ${lines(rows)} |`,
);
const ms = rows.map((r) => r.ms);
out.push('', `| speed | value |`, `|---|---|`);
out.push(`| ms/image p50 (1 worker, incl. preparation) | ${Math.round(quantile(ms, 0.5))} |`);
out.push(`| ms/image p95 (1 worker) | ${Math.round(quantile(ms, 0.95))} |`);
out.push(`| CPU ms/image (1 worker, all threads) | ${Math.round(cpuMsPerImage)} |`);
out.push(`| load average during the run (1 min) | ${loadavg()[0]?.toFixed(2)} |`);
if (!flag('--no-pool')) {
  const rates = await poolThroughput(2);
  out.push(
    `| images/s (pool of 2, warmed up; median of ${POOL_BURSTS} bursts, each burst) | ${quantile(rates, 0.5).toFixed(2)} (${rates.map((r) => r.toFixed(2)).join(' / ')}) |`,
  );
}
out.push(
  `| RSS added by one OCR worker (incl. preparation; target ≤ 250 MB) | ${Math.round(workerRssMb)} MB |`,
);
out.push(`| peak RSS (whole process) | ${Math.round(process.resourceUsage().maxRSS / 1024)} MB |`);
if (!flag('--no-native')) {
  const fast = nativeMs();
  if (fast)
    out.push(
      `| native tesseract CLI ms/image p50 (raw image, psm 6, one thread, Debian's spa = tessdata_fast) | ${Math.round(quantile(fast, 0.5))} |`,
    );
  const same = fast && nativeMs(join(langPath('spa'), 'spa.traineddata.gz'));
  if (same)
    out.push(
      `| native tesseract CLI ms/image p50 (same, our model: spa 4.0.0_best_int) | ${Math.round(quantile(same, 0.5))} |`,
    );
}
process.stdout.write(
  `Receipts bench — ${dir}${copying ? ` (resized ${resize}×, JPEG q${quality ?? 88})` : ''} — ${images.length} images — ${new Date().toISOString().slice(0, 10)}\n\n${out.join('\n')}\n`,
);
