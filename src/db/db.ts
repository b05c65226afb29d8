import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { ensurePrivateDir, narrowFile, PRIVATE_FILE } from '../storage/data.dir.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
/** A database handle or an open transaction: repositories accept either. */
export type DbOrTrx = Kysely<Database> | Transaction<Database>;

export interface DbOptions {
  /** SQLite file path, or ':memory:'. */
  sqliteFile?: string;
  /** postgres://... connection string; when set, PostgreSQL is used instead of SQLite. */
  databaseUrl?: string;
}

export function openSqlite(file: string): SQLite.Database {
  if (file !== ':memory:') {
    ensurePrivateDir(path.dirname(file));
    // SQLite creates the file with the process's umask and its -wal/-shm with the file's mode: create it 0600.
    fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE));
    narrowFile(file);
  }
  const sqlite = new SQLite(file);
  // WAL lets the CLI and the server share the file; busy_timeout waits out short write locks
  // instead of failing with SQLITE_BUSY.
  if (file !== ':memory:') {
    sqlite.pragma('journal_mode = WAL');
    for (const side of ['-wal', '-shm']) narrowFile(`${file}${side}`);
  }
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  cacheStatements(sqlite);
  return sqlite;
}

/**
 * Kysely's SQLite driver prepares every query anew; preparing costs as much as running a small query.
 * Reusing prepared statements by SQL text halves the cost of the hot reads (API key lookup). Bounded,
 * and only statements kysely builds (parameterised) repeat, so the cache stays small.
 */
function cacheStatements(sqlite: SQLite.Database): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, SQLite.Statement>();
  sqlite.prepare = ((source: string) => {
    let stmt = cache.get(source);
    if (!stmt || stmt.busy) {
      if (cache.size >= 500) cache.clear();
      stmt = prepare(source);
      cache.set(source, stmt);
    }
    return stmt;
  }) as typeof sqlite.prepare;
}

/**
 * pg returns BIGINT (amount_cents, count(*)) as a string; the schema says number, as SQLite returns. Money in
 * cents and row counts stay far below 2^53, so they are parsed as numbers, for this pool only.
 */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 && format !== 'binary'
      ? Number
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export function createDb(opts: DbOptions): Db {
  if (opts.databaseUrl?.startsWith('postgres')) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, types: pgTypes });
    // An idle connection closed by the server (restart, failover, terminated backend) is dropped by the pool and
    // the next query opens a new one; without a listener the 'error' event would end the process.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pools.set(db, pool);
    return db;
  }
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: openSqlite(opts.sqliteFile ?? ':memory:') }),
  });
}

const pools = new WeakMap<Db, pg.Pool>();

/** The pg pool behind a PostgreSQL Db (for LISTEN and streaming), undefined on SQLite. */
export const pgPoolOf = (db: Db): pg.Pool | undefined => pools.get(db);

/** True when the handle (or the transaction's database) is PostgreSQL. */
export const isPostgres = (db: DbOrTrx): boolean => db.getExecutor().adapter instanceof PostgresAdapter;
