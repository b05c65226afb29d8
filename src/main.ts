import fs from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { systemClock } from './clock.js';
import { ConfigError, loadConfig } from './config.js';
import { createDb } from './db/db.js';
import { migrate } from './db/migrate.js';
import type { Deps } from './deps.js';
import { createApp } from './http/app.js';
import { createLogger } from './logger.js';
import { localStorage } from './storage/local.storage.js';

/** Composition root: the only place that builds real adapters and starts things. */
async function main(): Promise<void> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const db = createDb({ sqliteFile: config.databaseFile, databaseUrl: config.DATABASE_URL });
  const applied = await migrate(db);
  if (applied.length) logger.info({ applied }, 'migrations applied');

  const deps: Deps = {
    config,
    db,
    clock: systemClock,
    logger,
    storage: localStorage(path.join(config.dataDir, 'files')),
    readReceipt: () => Promise.reject(new Error('receipt reader not wired yet')),
    issuer: { mode: 'sandbox', sealAndStamp: () => Promise.reject(new Error('issuer not wired yet')) },
  };
  const app = createApp(deps);
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) =>
    logger.info({ port: info.port, dataDir: config.dataDir }, 'listening'),
  );

  const stop = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    server.close();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
