import path from 'node:path';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { type Db, isPostgres } from '../db/db.js';
import { localStorage } from './local.storage.js';
import { databaseStorage } from './postgres.storage.js';
import type { Storage } from './storage.js';

/**
 * STORAGE when set; otherwise files go where the database is: in PostgreSQL (so every instance serves every
 * signed link) when DATABASE_URL names one, under DATA_DIR/files with SQLite.
 */
export function chooseStorage(config: Pick<Config, 'STORAGE' | 'dataDir'>, db: Db, clock: Clock): Storage {
  const kind = config.STORAGE ?? (isPostgres(db) ? 'postgres' : 'local');
  return kind === 'postgres' ? databaseStorage(db, clock) : localStorage(path.join(config.dataDir, 'files'));
}
