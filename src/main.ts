import fs from 'node:fs';
import { serve } from '@hono/node-server';
import { createBots } from './bots/bots.js';
import { createSandboxIssuer, defaultSandboxCsdPaths } from './cfdi/sandbox.issuer.js';
import { systemClock } from './clock.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { createDb, isPostgres } from './db/db.js';
import { migrate } from './db/migrate.js';
import type { Deps } from './deps.js';
import { createApp } from './http/app.js';
import { filesRoutes } from './invoices/files.routes.js';
import { composeInvoiceEvents } from './invoices/invoice.events.js';
import { invoiceJobHandler, REVIEW_EXPIRY_JOB } from './invoices/invoice.job.js';
import { INVOICE_JOB } from './invoices/invoices.service.js';
import { ensureLinkSecret, sharedLinkSecret } from './invoices/link.secret.js';
import { reviewExpiryHandler } from './invoices/review.expiry.js';
import { startJobWorker } from './jobs/worker.js';
import { createLogger, type Logger } from './logger.js';
import { renderInvoicePdf } from './pdf/invoice.pdf.js';
import { warmUpPdf } from './pdf/invoice.warmup.js';
import { createReceiptReader } from './receipts/receipts.reader.js';
import { ensurePrivateDir } from './storage/data.dir.js';
import { RETENTION_JOB, retentionJobHandler, scheduleRetention } from './storage/retention.job.js';
import { chooseStorage } from './storage/storage.choice.js';
import { webhookDeliveryHandler } from './webhooks/webhooks.delivery.js';
import { WEBHOOK_DELIVERY_JOB, webhookInvoiceEvents } from './webhooks/webhooks.events.js';

function sandboxIssuer(config: Config) {
  const defaults = defaultSandboxCsdPaths();
  return createSandboxIssuer({
    cerPath: config.CSD_CER_PATH ?? defaults.cerPath,
    keyPath: config.CSD_KEY_PATH ?? defaults.keyPath,
    password: config.CSD_PASSWORD ?? defaults.password,
    clock: systemClock,
  });
}

/**
 * The OCR workers' start and their first, slower page: paid now, not by the first tickets. A made-up ticket read
 * otherwise than drawn means broken language data (or, on a machine without fonts, a blank page).
 */
function warmUpReader(reader: ReturnType<typeof createReceiptReader>, logger: Logger): void {
  void reader.warmUp().then(
    ({ ms, ok }) =>
      ok
        ? logger.info({ ms: Math.round(ms) }, 'OCR warmed up')
        : logger.warn(
            { ms: Math.round(ms) },
            'OCR warm-up ticket not read as drawn: check the language data',
          ),
    (err) => logger.warn({ err }, 'OCR warm-up failed'),
  );
}

/**
 * SIGINT and SIGTERM drain: the server stops taking requests, in-flight jobs finish or go back to the queue, then
 * the rest closes in order. A second signal while draining means "now": leases expire and the next start resumes.
 */
function stopOnSignals(logger: Logger, closers: Array<() => unknown>): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'shutting down');
    for (const close of closers) await close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** The database, migrated, and the configuration completed with the secret links are signed with. */
async function openDatabase(loaded: ReturnType<typeof loadConfig>, logger: Logger) {
  const db = createDb({ sqliteFile: loaded.databaseFile, databaseUrl: loaded.DATABASE_URL });
  const applied = await migrate(db);
  if (applied.length) logger.info({ applied }, 'migrations applied');
  // Every instance on one PostgreSQL must sign links alike: unless LINK_SECRET is set, they share one row.
  const linkSecret =
    loaded.linkSecret ??
    (isPostgres(db)
      ? await sharedLinkSecret(db, systemClock, loaded.dataDir)
      : ensureLinkSecret(loaded.dataDir, undefined));
  const config: Config = { ...loaded, linkSecret };
  return { db, config };
}

/** Composition root: the only place that builds real adapters and starts things. */
async function main(): Promise<void> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  // Everything the service writes (database, files, generated secrets) is owner-only.
  process.umask(0o077);
  const loaded = loadConfig();
  ensurePrivateDir(loaded.dataDir);
  const logger = createLogger(loaded.LOG_LEVEL);
  const { db, config } = await openDatabase(loaded, logger);

  const reader = createReceiptReader({
    workers: config.OCR_WORKERS,
    recycleAfter: config.OCR_RECYCLE_AFTER,
    clock: systemClock,
  });
  const deps: Deps = {
    config,
    db,
    clock: systemClock,
    logger,
    storage: chooseStorage(config, db, systemClock),
    readReceipt: reader.read,
    issuer: sandboxIssuer(config),
  };

  // Chat bots: webhook routes, completion notices, chat jobs. Off without tokens.
  const bots = createBots(deps);
  // Chat notices and webhook events are written in the same transaction as the invoice's new status.
  deps.invoiceEvents = composeInvoiceEvents(bots.invoiceEvents, webhookInvoiceEvents(deps));

  const app = createApp(deps, { publicRoutes: [filesRoutes(deps), ...bots.routes] });
  const worker = startJobWorker(deps, {
    [INVOICE_JOB]: invoiceJobHandler({ ...deps, renderPdf: renderInvoicePdf }),
    [REVIEW_EXPIRY_JOB]: reviewExpiryHandler(deps),
    ...bots.jobHandlers,
    [WEBHOOK_DELIVERY_JOB]: webhookDeliveryHandler(deps),
    [RETENTION_JOB]: retentionJobHandler(deps),
  });
  await scheduleRetention(deps);
  await bots.start();
  // pdfmake's first document in a process costs ~0.5 s (module load, JIT); pay it before the first invoice.
  void warmUpPdf().catch((err) => logger.warn({ err }, 'PDF warm-up failed'));
  warmUpReader(reader, logger);
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) =>
    logger.info({ port: info.port, dataDir: config.dataDir }, 'listening'),
  );

  stopOnSignals(logger, [
    () => server.close(),
    () => worker.stop(),
    () => bots.stop(),
    () => reader.close(),
    () => db.destroy(),
  ]);
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
