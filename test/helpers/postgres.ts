import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createDb, type Db } from '../../src/db/db.js';
import { migrate } from '../../src/db/migrate.js';

/** The server PostgreSQL tests use: PG_TEST_URL, or the local default. */
export const PG_URL = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A throwaway schema on the test server; every Db from it has the schema as its search_path. */
export interface PgTestSchema {
  name: string;
  /** A new Db (its own pool) on the schema, which is created on first use; the caller destroys the Db. */
  db(): Promise<Db>;
  /** A new Db with the migrations applied. */
  migratedDb(): Promise<Db>;
  /** Drops the schema and everything in it, if it was created; destroy the Dbs first. */
  drop(): Promise<void>;
}

/**
 * Checks that the server answers, or returns undefined with the reason printed, so a test file can
 * `describe.skipIf(!schema)`: call it at the top level of the file (top-level await). The schema itself is
 * created by the first db(), so a run whose filter skips every test (and so every afterAll) leaves nothing.
 */
export async function pgTestSchema(url = PG_URL): Promise<PgTestSchema | undefined> {
  try {
    await admin(url, 'SELECT 1', 2000);
  } catch (err) {
    console.warn(`PostgreSQL test skipped: ${url} unreachable (${(err as Error).message})`);
    return undefined;
  }
  const name = `t_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const sep = url.includes('?') ? '&' : '?';
  const schemaUrl = `${url}${sep}options=${encodeURIComponent(`-c search_path=${name}`)}`;
  let created: Promise<void> | undefined;
  const db = async () => {
    created ??= admin(url, `CREATE SCHEMA ${name}`);
    await created;
    return createDb({ databaseUrl: schemaUrl });
  };
  return {
    name,
    db,
    async migratedDb() {
      const d = await db();
      await migrate(d);
      return d;
    },
    drop: async () => {
      if (created) await admin(url, `DROP SCHEMA IF EXISTS ${name} CASCADE`);
    },
  };
}

async function admin(url: string, statement: string, connectionTimeoutMillis?: number): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis });
  try {
    await client.connect();
    await client.query(statement);
  } finally {
    await client.end().catch(() => {});
  }
}
