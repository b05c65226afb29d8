import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSandboxIssuer, defaultSandboxCsdPaths } from '../../src/cfdi/sandbox.issuer.js';
import { type Clock, fixedClock } from '../../src/clock.js';
import type { DbOrTrx } from '../../src/db/db.js';
import { migrate } from '../../src/db/migrate.js';
import type { InvoicesTable } from '../../src/db/schema.js';
import type { Deps } from '../../src/deps.js';
import { createApp } from '../../src/http/app.js';
import { filesRoutes } from '../../src/invoices/files.routes.js';
import { invoiceJobHandler, type PdfRenderer, REVIEW_EXPIRY_JOB } from '../../src/invoices/invoice.job.js';
import { INVOICE_JOB } from '../../src/invoices/invoices.service.js';
import { reviewExpiryHandler } from '../../src/invoices/review.expiry.js';
import type { JobHandlers } from '../../src/jobs/worker.js';
import type { FieldName, ReceiptData, ReceiptReader } from '../../src/receipts/receipt.types.js';
import { memoryStorage } from '../../src/storage/memory.storage.js';
import { makeTestDeps } from '../helpers/deps.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const FIXTURES = path.join(here, '../../fixtures/invoices');

export const fixtureImage = (name = 'dev-001-clean') => fs.readFileSync(path.join(FIXTURES, `${name}.jpg`));
export const fixtureB64 = (name = 'dev-001-clean') => fixtureImage(name).toString('base64');

const cents = (n: number | null | undefined) => (n === null || n === undefined ? null : Math.round(n * 100));

/** The ground truth of a fixture as the reader would return it (amounts in cents). */
export function groundTruth(name = 'dev-001-clean'): ReceiptData {
  const gt = JSON.parse(fs.readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8'));
  const fields = {
    vendor_name: gt.vendor_name,
    vendor_store_name: gt.vendor_store_name,
    vendor_rfc: gt.vendor_rfc,
    date: gt.date,
    time: gt.time,
    total: cents(gt.total),
    subtotal: cents(gt.subtotal),
    iva: cents(gt.iva),
    ieps: cents(gt.ieps),
    tip: cents(gt.tip),
    currency: gt.currency,
    payment_method: gt.payment_method,
    folio: gt.folio,
    postal_code: gt.postal_code,
    regimen_fiscal: null,
    items: gt.items.map((i: { description: string; quantity: number; amount: number }) => ({
      ...i,
      amount: cents(i.amount)!,
    })),
  };
  const confidence = Object.fromEntries(Object.keys(fields).map((k) => [k, 1])) as Record<FieldName, number>;
  return { ...fields, confidence, text: '', timings: { ocr: 0, extract: 0 } };
}

/** A reader that answers from the ground truth (fast) and counts calls. */
export function fakeReader(data: () => ReceiptData = () => groundTruth()): ReceiptReader & { calls: number } {
  const reader = Object.assign(
    async (_image: Buffer) => {
      reader.calls += 1;
      return data();
    },
    { calls: 0 },
  );
  return reader;
}

export const fakePdf: PdfRenderer = (cfdi) => Buffer.from(`%PDF-1.4 fake invoice ${cfdi.uuid}\n%%EOF\n`);

export const sandboxIssuer = (clock: Clock) => createSandboxIssuer({ ...defaultSandboxCsdPaths(), clock });

/** Records every finished invoice the job reports (what the bots listen to). */
export function recordingEvents() {
  const finished: InvoicesTable[] = [];
  const pending: InvoicesTable[] = [];
  return {
    finished,
    pending,
    async onFinished(_trx: DbOrTrx, invoice: InvoicesTable) {
      finished.push(invoice);
    },
    async onPendingReview(_trx: DbOrTrx, invoice: InvoicesTable) {
      pending.push(invoice);
    },
  };
}

type FixedClock = ReturnType<typeof fixedClock>;
type MemoryStorage = ReturnType<typeof memoryStorage>;
export type HarnessDeps = Deps & { clock: FixedClock; storage: MemoryStorage };

/** Test deps with the real sandbox issuer, a fake reader and PDF, the app with the file routes, job handlers. */
export async function invoiceHarness(
  over: Partial<Omit<Deps, 'clock' | 'storage'>> & {
    clock?: FixedClock;
    storage?: MemoryStorage;
    renderPdf?: PdfRenderer;
  } = {},
) {
  const events = recordingEvents();
  const { renderPdf = fakePdf, clock = fixedClock(), storage = memoryStorage(), ...rest } = over;
  if (rest.db) await migrate(rest.db);
  const base = await makeTestDeps({ readReceipt: fakeReader(), invoiceEvents: events, ...rest });
  const deps: HarnessDeps = { ...base, clock, storage, issuer: over.issuer ?? sandboxIssuer(clock) };
  const app = createApp(deps, { publicRoutes: [filesRoutes(deps)] });
  const handlers: JobHandlers = {
    [INVOICE_JOB]: invoiceJobHandler({ ...deps, renderPdf }),
    [REVIEW_EXPIRY_JOB]: reviewExpiryHandler(deps),
  };
  return { deps, app, handlers, events };
}

export const json = (headers: Record<string, string>, body: unknown, extra: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers, ...extra },
  body: JSON.stringify(body),
});

/** Counts that must not move when a request is refused. */
export async function snapshot(deps: Pick<Deps, 'db'> & { storage: { files?: Map<string, Buffer> } }) {
  const count = async (t: 'invoices' | 'credit_ledger' | 'jobs') =>
    Number(
      (
        await deps.db
          .selectFrom(t)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const balances = await deps.db
    .selectFrom('profiles')
    .select(['id', 'credits_remaining'])
    .orderBy('id')
    .execute();
  const orgs = await deps.db
    .selectFrom('organizations')
    .select(['id', 'credits_remaining'])
    .orderBy('id')
    .execute();
  return {
    invoices: await count('invoices'),
    ledger: await count('credit_ledger'),
    jobs: await count('jobs'),
    files: deps.storage.files?.size ?? 0,
    balances,
    orgs,
  };
}
