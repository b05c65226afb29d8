/**
 * npm run bench:invoice — end-to-end latency (POST accepted → invoice completed) of the real app over HTTP on a
 * temp DATA_DIR with the real OCR, sandbox issuer and PDF: 20 receipts (BENCH_N) of ../shared/receipts/dev, or of
 * a generated draw (BENCH_SEED), one at a time, then in bursts of 10 and of all of them at once (BENCH_AT_ONCE).
 * Prints the share of each stage and, per mode, the peak RSS of the server process (OCR workers are threads of
 * it, so they are included). Goals: everything but OCR ≤ 150 ms per invoice; 10 at once with peak RSS ≤ 500 MB.
 * The server's settings come from the environment as in production (OCR_WORKERS, JOB_CONCURRENCY, ...).
 */
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { rfcCheckDigit } from '../src/catalogs/rfc.js';
import { createSandboxIssuer, defaultSandboxCsdPaths } from '../src/cfdi/sandbox.issuer.js';
import { systemClock } from '../src/clock.js';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/db.js';
import { migrate } from '../src/db/migrate.js';
import type { InvoicesTable } from '../src/db/schema.js';
import type { Deps } from '../src/deps.js';
import { createApp } from '../src/http/app.js';
import { filesRoutes } from '../src/invoices/files.routes.js';
import { invoiceJobHandler } from '../src/invoices/invoice.job.js';
import { INVOICE_JOB } from '../src/invoices/invoices.service.js';
import { startJobWorker } from '../src/jobs/worker.js';
import { silentLogger } from '../src/logger.js';
import { renderInvoicePdf } from '../src/pdf/invoice.pdf.js';
import { createApiKey } from '../src/profiles/apikeys.service.js';
import { createProfile } from '../src/profiles/profiles.service.js';
import { createReceiptReader } from '../src/receipts/receipts.reader.js';
import { localStorage } from '../src/storage/local.storage.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const N = Number(process.env.BENCH_N ?? 20);
/** A generated draw of the ticket generator (bench/ticketgen) instead of the dev photos. */
const SEED = process.env.BENCH_SEED ? Number(process.env.BENCH_SEED) : undefined;
/**
 * The dev photos beside the repository; BENCH_RECEIPTS points elsewhere (e.g. from a worktree); BENCH_SEED the
 * generated draw of that seed.
 */
const RECEIPTS =
  SEED !== undefined
    ? path.resolve(here, `ticketgen/out/seed-${SEED}`)
    : (process.env.BENCH_RECEIPTS ?? path.resolve(here, '../../shared/receipts/dev'));
/** Burst sizes: each mode posts the N photos in bursts of that many at once, a burst after the previous ended. */
const AT_ONCE = [...new Set((process.env.BENCH_AT_ONCE ?? `10,${N}`).split(',').map(Number))]
  .filter((k) => k > 0)
  .map((k) => Math.min(k, N));

const finished = new Map<string, (row: InvoicesTable) => void>();
/** Wall-clock ms, comparable between the bench and its server child. */
const wallNow = () => performance.timeOrigin + performance.now();

/** The server child's peak resident set since its last reset (Linux: VmHWM), in MB. */
function peakRssMb(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

/**
 * Starts the child's peak anew at its current resident set (Linux ≥ 4.0: `5` to clear_refs), so each mode's peak
 * is its own. False where that is refused: the peaks are then the process's peak so far.
 */
function resetPeakRss(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

async function setup() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-invoice-'));
  // All N photos of the widest burst are one payer's: the per-payer cap must not refuse them.
  const env = { ...process.env, MAX_PROCESSING_PER_PAYER: String(Math.max(20, N)) };
  const config = {
    ...loadConfig({ ...env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '100000' }),
    linkSecret: 'bench',
  };
  const db = createDb({ sqliteFile: config.databaseFile });
  await migrate(db);
  const clock = systemClock;
  const reader = createReceiptReader({ workers: config.OCR_WORKERS, recycleAfter: config.OCR_RECYCLE_AFTER });
  const deps: Deps = {
    config,
    db,
    clock,
    logger: silentLogger,
    storage: localStorage(path.join(dataDir, 'files')),
    readReceipt: reader.read,
    issuer: createSandboxIssuer({ ...defaultSandboxCsdPaths(), clock }),
    invoiceEvents: { onFinished: async (_trx, row) => void process.send?.({ row, at: wallNow() }) },
  };
  const base = 'GOMA800101AB';
  const profile = await createProfile(deps, {
    rfc: base + rfcCheckDigit(base),
    name: 'Bench',
    credits: 1000,
    tax_info: {
      taxpayer: 'ANA GOMEZ MARTINEZ',
      postal_code: '06600',
      fiscal_regimen: '612',
      cfdi_use: 'G03',
    },
  });
  const key = await createApiKey(db, clock, profile.id);
  const app = createApp(deps, { publicRoutes: [filesRoutes(deps)] });
  const worker = startJobWorker(deps, {
    [INVOICE_JOB]: invoiceJobHandler({ ...deps, renderPdf: renderInvoicePdf }),
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.once('message', async () => {
    server.close();
    await worker.stop();
    await reader.close();
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
  process.send?.({ url, key, jobConcurrency: config.JOB_CONCURRENCY, ocrWorkers: config.OCR_WORKERS });
}

interface Ready {
  url: string;
  key: string;
  jobConcurrency: number;
  ocrWorkers: number;
}

/** The memory settings `npm start` runs the server with, read from its script: V8 flags and malloc's arenas. */
function startSettings(): { flags: string[]; arenas: string | undefined } {
  const start: string = JSON.parse(fs.readFileSync('package.json', 'utf8')).scripts.start;
  return {
    flags: start.match(/--max-[a-z-]+=\d+/g) ?? [],
    arenas: /MALLOC_ARENA_MAX:-(\d+)/.exec(start)?.[1],
  };
}

/** The service runs in a child process so its RSS is its own, not the load generator's. */
async function startServer(): Promise<{ child: ChildProcess; ready: Ready }> {
  const { flags, arenas } = startSettings();
  const child = fork(fileURLToPath(import.meta.url), ['--server'], {
    execArgv: [...flags, '--import', 'tsx'],
    env: { ...(arenas ? { MALLOC_ARENA_MAX: arenas } : {}), ...process.env },
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  child.on('message', (m) => {
    const { row, at } = m as { row?: InvoicesTable; at?: number };
    if (row && at) finished.get(row.id)?.({ ...row, completed_at: String(at) });
  });
  return { child, ready };
}

interface Result {
  /** Request sent → invoice completed (or failed). */
  ms: number;
  /** Request sent → 202 received. */
  acceptMs: number;
  row: InvoicesTable;
}

async function submit(url: string, key: string, file: string): Promise<Result> {
  const body = JSON.stringify({
    receipt_image: `data:image/jpeg;base64,${fs.readFileSync(file).toString('base64')}`,
    cfdi_usage: 'G03',
    // Every reading goes on to its invoice: the bench measures the whole way, not a person's review.
    review: 'never',
  });
  const t0 = wallNow();
  const res = await fetch(`${url}/api/svc/facturar-ticket`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body,
  });
  if (res.status !== 202) throw new Error(`${file}: ${res.status} ${await res.text()}`);
  const acceptMs = wallNow() - t0;
  const { id } = (await res.json()) as { id: string };
  // completed_at carries the child's wall-clock time of the finishing transaction.
  const row = await new Promise<InvoicesTable>((resolve) => finished.set(id, resolve));
  return { ms: Number(row.completed_at) - t0, acceptMs, row };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const f = (n: number) => n.toFixed(0).padStart(7);

const timingsOf = (r: Result): Record<string, number> => JSON.parse(r.row.receipt_data!).timings;
/** Every tesseract reading: the page (a turn included), and each re-read (`*_pass`) an unsure field gets. */
const ocrOf = (t: Record<string, number>) =>
  Object.entries(t).reduce(
    (s, [k, ms]) => s + (k === 'ocr' || k === 'turn' || k.endsWith('_pass') ? ms : 0),
    0,
  );

interface Mode {
  label: string;
  results: Result[];
  /** Every photo sent → the last invoice finished. */
  wallMs: number;
  /** The server's peak RSS during the mode, MB. */
  peakMb: number;
}

/** Stage means over completed invoices (failed ones carry no timings). */
function report({ label, results, wallMs, peakMb }: Mode) {
  const done = results.filter((r) => r.row.status === 'completed' && r.row.receipt_data);
  const t = done.map(timingsOf);
  const avg = (k: string) => mean(t.map((x) => x[k] ?? 0));
  const ocr = mean(t.map(ocrOf));
  const extract = mean(t.map((x) => Math.max(0, (x.total ?? 0) - (x.prepare ?? 0) - ocrOf(x))));
  const ms = done.map((r) => r.ms);
  const e2e = mean(ms);
  const nonOcrNoWait = mean(done.map((r) => r.ms - ocrOf(timingsOf(r)) - (timingsOf(r).wait ?? 0)));
  // Image preparation is the first step of reading the receipt: what the service adds beyond reading it.
  const service = mean(
    done.map((r) => r.ms - ocrOf(timingsOf(r)) - (timingsOf(r).wait ?? 0) - (timingsOf(r).prepare ?? 0)),
  );
  const cells = [
    label,
    `${done.length}/${results.length}`,
    f(pct(ms, 50)),
    f(pct(ms, 95)),
    f(wallMs / results.length),
    f(mean(done.map((r) => r.acceptMs))),
    f(avg('wait')),
    f(avg('prepare')),
    `${f(ocr)} (${((100 * ocr) / e2e).toFixed(0)} %)`,
    f(extract),
    f(avg('cfdi')),
    f(avg('pdf')),
    f(nonOcrNoWait),
    f(service),
    f(peakMb),
  ];
  console.log(`| ${cells.join(' | ')} |`);
}

/** The photos: the first N of the directory; a generated draw is made first unless it is already there. */
async function photos(): Promise<string[]> {
  const have = () =>
    fs.existsSync(RECEIPTS) ? fs.readdirSync(RECEIPTS).filter((f) => f.endsWith('.jpg')) : [];
  if (SEED !== undefined && have().length < N) {
    // Loaded here only: the generator's canvas library would otherwise be loaded into the server child too.
    const { generateTickets } = await import('./ticketgen/ticketgen.js');
    await generateTickets(SEED, N, RECEIPTS);
  }
  return have()
    .sort()
    .slice(0, N)
    .map((f) => path.join(RECEIPTS, f));
}

/** Posts `files` in bursts of `size` at once, each burst after the previous one finished; `size` 1 is one at a time. */
async function runMode(
  label: string,
  files: string[],
  size: number,
  ready: Ready,
  pid: number,
): Promise<Mode> {
  const own = resetPeakRss(pid);
  const results: Result[] = [];
  const t0 = performance.now();
  for (let i = 0; i < files.length; i += size)
    results.push(
      ...(await Promise.all(files.slice(i, i + size).map((f) => submit(ready.url, ready.key, f)))),
    );
  const wallMs = performance.now() - t0;
  return { label: own ? label : `${label} (peak since start)`, results, wallMs, peakMb: peakRssMb(pid) };
}

async function main() {
  const files = await photos();
  const { child, ready } = await startServer();
  await submit(ready.url, ready.key, files[0]!); // warm-up: OCR workers, fonts, JIT
  const modes = [await runMode('one at a time', files, 1, ready, child.pid!)];
  for (const k of AT_ONCE) modes.push(await runMode(`${k} at once`, files, k, ready, child.pid!));
  child.send('stop');
  await new Promise((r) => child.once('exit', r));

  const [l1, l5] = os.loadavg();
  console.log(
    `\n${new Date().toISOString().slice(0, 10)}, ${os.availableParallelism()} cores, ${os.cpus()[0]?.model ?? ''}, load average ${l1?.toFixed(1)} / ${l5?.toFixed(1)} (1 / 5 min)`,
  );
  const set = SEED !== undefined ? `the generated draw of seed ${SEED}` : RECEIPTS;
  const arenas = process.env.MALLOC_ARENA_MAX ? ` MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX}` : '';
  console.log(
    `JOB_CONCURRENCY=${ready.jobConcurrency} OCR_WORKERS=${ready.ocrWorkers}${arenas}, ${files.length} receipts of ${set}; "k at once" posts them in bursts of k; means over completed invoices\n`,
  );
  console.log(
    '| mode | completed | p50 ms | p95 ms | wall ms per invoice | 202 after ms | queue wait | prepare | OCR ms (share) | extract | XML+seal | PDF | all but OCR and queue wait | all but reading (prepare + OCR) and queue wait | server peak RSS MB |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const m of modes) report(m);
  const failed = modes.flatMap((m) => m.results).filter((r) => r.row.status !== 'completed');
  for (const r of failed.slice(0, 10)) console.log(`failed: ${r.row.failure_code} ${r.row.failure_reason}`);
}

if (process.argv.includes('--server')) {
  setup().catch((e) => {
    console.error(e);
    process.exit(1);
  });
} else {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
