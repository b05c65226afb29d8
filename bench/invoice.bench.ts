/**
 * npm run bench:invoice — end-to-end latency (POST accepted → invoice completed) of the real app over HTTP on a
 * temp DATA_DIR with the real OCR, sandbox issuer and PDF: 20 receipts of ../shared/receipts/dev one at a time,
 * then all 20 at once. Prints the share of each stage and the peak RSS of the process (OCR workers are threads
 * of this process, so they are included). Goals: everything but OCR ≤ 150 ms per invoice; 20 at once complete
 * with peak RSS ≤ 500 MB.
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
/** The dev photos beside the repository; BENCH_RECEIPTS points elsewhere (e.g. from a worktree). */
const RECEIPTS = process.env.BENCH_RECEIPTS ?? path.resolve(here, '../../shared/receipts/dev');
const N = Number(process.env.BENCH_N ?? 20);

const finished = new Map<string, (row: InvoicesTable) => void>();
/** Wall-clock ms, comparable between the bench and its server child. */
const wallNow = () => performance.timeOrigin + performance.now();

/** The server child's peak resident set so far (Linux: VmHWM), in MB. */
function peakRssMb(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

async function setup() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-invoice-'));
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '100000' }),
    linkSecret: 'bench',
  };
  const db = createDb({ sqliteFile: config.databaseFile });
  await migrate(db);
  const clock = systemClock;
  const reader = createReceiptReader({ workers: config.OCR_WORKERS });
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

/** The service runs in a child process so its RSS is its own, not the load generator's. */
async function startServer(): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(fileURLToPath(import.meta.url), ['--server'], { execArgv: ['--import', 'tsx'] });
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
/** Every tesseract pass: the page, and the re-reads (whole page, header) that weak tickets get. */
const ocrOf = (t: Record<string, number>) => (t.ocr ?? 0) + (t.second_pass ?? 0) + (t.header_pass ?? 0);

/** Stage means over completed invoices (failed ones carry no timings). */
function report(label: string, results: Result[]) {
  const done = results.filter((r) => r.row.status === 'completed' && r.row.receipt_data);
  const t = done.map(timingsOf);
  const avg = (k: string) => mean(t.map((x) => x[k] ?? 0));
  const ocr = mean(t.map(ocrOf));
  const extract = mean(t.map((x) => Math.max(0, (x.total ?? 0) - (x.prepare ?? 0) - ocrOf(x))));
  const ms = done.map((r) => r.ms);
  const e2e = mean(ms);
  const nonOcr = mean(done.map((r) => r.ms - ocrOf(timingsOf(r))));
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
    f(mean(done.map((r) => r.acceptMs))),
    f(avg('wait')),
    f(avg('prepare')),
    `${f(ocr)} (${((100 * ocr) / e2e).toFixed(0)} %)`,
    f(extract),
    f(avg('cfdi')),
    f(avg('pdf')),
    f(nonOcr),
    f(nonOcrNoWait),
    f(service),
  ];
  console.log(`| ${cells.join(' | ')} |`);
}

async function main() {
  const files = fs
    .readdirSync(RECEIPTS)
    .filter((f) => f.endsWith('.jpg'))
    .sort()
    .slice(0, N)
    .map((f) => path.join(RECEIPTS, f));
  const { child, ready } = await startServer();
  const { url, key } = ready;
  await submit(url, key, files[0]!); // warm-up: OCR workers, fonts, JIT
  const sequential: Result[] = [];
  for (const file of files) sequential.push(await submit(url, key, file));
  const rssSequential = peakRssMb(child.pid!);
  const t0 = performance.now();
  const parallel = await Promise.all(files.map((file) => submit(url, key, file)));
  const wall = performance.now() - t0;
  const rssPeak = peakRssMb(child.pid!);
  child.send('stop');
  await new Promise((r) => child.once('exit', r));

  console.log(
    `\n${new Date().toISOString().slice(0, 10)}, ${os.availableParallelism()} cores, ${os.cpus()[0]?.model ?? ''}`,
  );
  console.log(
    `JOB_CONCURRENCY=${ready.jobConcurrency} OCR_WORKERS=${ready.ocrWorkers}, ${files.length} receipts of shared/receipts/dev; means over completed invoices\n`,
  );
  console.log(
    '| mode | completed | p50 ms | p95 ms | 202 after ms | queue wait | prepare | OCR ms (share) | extract | XML+seal | PDF | all but OCR | all but OCR and queue wait | all but reading (prepare + OCR) and queue wait |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  report('one at a time', sequential);
  report(`${files.length} at once`, parallel);
  console.log(
    `\n${files.length} at once: all done in ${(wall / 1000).toFixed(1)} s; server peak RSS ${rssPeak.toFixed(0)} MB (after the one-at-a-time phase: ${rssSequential.toFixed(0)} MB)`,
  );
  const failed = [...sequential, ...parallel].filter((r) => r.row.status !== 'completed');
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
