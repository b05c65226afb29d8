import fs from 'node:fs';
import { ConfigError, loadConfig } from '../config.js';
import { createDb } from '../db/db.js';
import { migrate } from '../db/migrate.js';

/** `npm run migrate`: applies pending migrations to DATA_DIR's database (or DATABASE_URL) and exits. */
async function main(): Promise<void> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const db = createDb({ sqliteFile: config.databaseFile, databaseUrl: config.DATABASE_URL });
  try {
    const applied = await migrate(db);
    const where = config.DATABASE_URL ? 'DATABASE_URL' : config.databaseFile;
    console.log(applied.length ? `Applied ${applied.join(', ')} to ${where}` : `Up to date: ${where}`);
  } finally {
    await db.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : `Migration failed: ${(err as Error).message}`);
  process.exitCode = 1;
});
