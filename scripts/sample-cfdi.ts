/**
 * Runs the real pipeline (createInvoice → durable job → real OCR → merchant directory → sandbox issuer → PDF)
 * over receipt images on a throw-away DATA_DIR and writes each CFDI XML to --out, for SAT's referee:
 *
 *   npx tsx scripts/sample-cfdi.ts --out /tmp/cfdi [receipt.jpg ...]
 *   ../shared/sat/validate-cfdi --sandbox /tmp/cfdi/*.xml
 *
 * Without image arguments (or when a shell glob matched nothing) it uses the fixture receipts.
 * Exits non-zero if any receipt did not become a completed invoice.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rfcCheckDigit } from '../src/catalogs/rfc.js';
import { createSandboxIssuer, defaultSandboxCsdPaths } from '../src/cfdi/sandbox.issuer.js';
import { systemClock } from '../src/clock.js';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/db.js';
import { migrate } from '../src/db/migrate.js';
import { invoiceJobHandler } from '../src/invoices/invoice.job.js';
import { createInvoice, INVOICE_JOB } from '../src/invoices/invoices.service.js';
import { runDueJobs } from '../src/jobs/worker.js';
import { silentLogger } from '../src/logger.js';
import { renderInvoicePdf } from '../src/pdf/invoice.pdf.js';
import { createProfile } from '../src/profiles/profiles.service.js';
import { createReceiptReader } from '../src/receipts/receipts.reader.js';
import { localStorage } from '../src/storage/local.storage.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

function parseArgs(argv: string[]): { out: string; files: string[] } {
  let out = path.join(os.tmpdir(), 'sample-cfdi');
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--out') out = argv[++i] ?? out;
    else if (fs.existsSync(a)) files.push(a);
    else if (!a.includes('*')) throw new Error(`No such file: ${a}`);
  }
  if (files.length === 0) {
    for (const dir of ['fixtures/receipts', 'fixtures/invoices']) {
      const d = path.join(root, dir);
      if (fs.existsSync(d))
        files.push(
          ...fs
            .readdirSync(d)
            .filter((f) => /\.jpe?g$|\.png$/i.test(f))
            .map((f) => path.join(d, f)),
        );
    }
  }
  return { out: path.resolve(out), files: [...new Set(files)].sort() };
}

async function main(): Promise<void> {
  const { out, files } = parseArgs(process.argv.slice(2));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sample-cfdi-data-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), linkSecret: 'sample' };
  const db = createDb({ sqliteFile: config.databaseFile });
  await migrate(db);
  const clock = systemClock;
  const storage = localStorage(path.join(dataDir, 'files'));
  const reader = createReceiptReader({ workers: Math.min(2, config.OCR_WORKERS) });
  const deps = {
    config,
    db,
    clock,
    logger: silentLogger,
    storage,
    readReceipt: reader.read,
    issuer: createSandboxIssuer({ ...defaultSandboxCsdPaths(), clock }),
  };
  const base = 'GOMA800101AB';
  const profile = await createProfile(deps, {
    rfc: base + rfcCheckDigit(base),
    name: 'Ana Gómez Martínez',
    credits: files.length,
    tax_info: {
      taxpayer: 'ANA GOMEZ MARTINEZ',
      postal_code: '06600',
      fiscal_regimen: '612',
      cfdi_use: 'G03',
    },
  });
  const ids = new Map<string, string>();
  for (const file of files) {
    const inv = await createInvoice(deps, {
      ownerProfileId: profile.id,
      createdByProfileId: profile.id,
      chargeTo: { type: 'profile', id: profile.id },
      orgId: null,
      image: fs.readFileSync(file),
      cfdiUsage: 'G03',
      source: 'api',
      // The referee checks the CFDI the pipeline builds; these fixture photos are read right, so no one reviews.
      review: 'never',
    });
    ids.set(file, inv.id);
  }
  await runDueJobs(
    deps,
    { [INVOICE_JOB]: invoiceJobHandler({ ...deps, renderPdf: renderInvoicePdf }) },
    { concurrency: 2 },
  );
  fs.mkdirSync(out, { recursive: true });
  let failed = 0;
  for (const [file, id] of ids) {
    const inv = await db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const name = path.basename(file).replace(/\.\w+$/, '');
    if (inv.status !== 'completed' || !inv.xml_key) {
      failed++;
      console.error(`${name}: ${inv.status} ${inv.failure_code ?? ''} ${inv.failure_reason ?? ''}`);
      continue;
    }
    fs.writeFileSync(path.join(out, `${name}.xml`), await storage.get(inv.xml_key));
    if (process.env.SAMPLE_PDF)
      fs.writeFileSync(path.join(out, `${name}.pdf`), await storage.get(inv.pdf_key!));
    console.log(
      `${name}: ${inv.vendor} ${(inv.amount_cents ?? 0) / 100} MXN → ${path.join(out, `${name}.xml`)}`,
    );
  }
  await reader.close();
  await db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (failed > 0) process.exit(1);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
