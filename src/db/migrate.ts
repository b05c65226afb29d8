import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Db } from './db.js';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

/** Statements are separated by a semicolon at the end of a line; comments are dropped. */
export function splitStatements(text: string): string[] {
  return text
    .split('\n')
    .filter((l) => !l.trim().startsWith('--'))
    .join('\n')
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

const isApplied = async (db: Db, file: string) =>
  (await db.selectFrom('schema_migrations').select('name').where('name', '=', file).executeTakeFirst()) !==
  undefined;

/**
 * Applies pending migrations/*.sql in name order, each in its own transaction. Returns applied names.
 * Another process (CLI vs server) may migrate at the same time: each migration is claimed by inserting its
 * schema_migrations row first, so the other process waits on that primary key and then skips the file.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`
    .execute(db)
    // PostgreSQL: when two processes create it at once, the second fails on a catalog index; the table exists.
    .catch(async (err: unknown) => {
      await db
        .selectFrom('schema_migrations')
        .select('name')
        .limit(1)
        .execute()
        .catch(() => Promise.reject(err));
    });
  const done = new Set(
    (await db.selectFrom('schema_migrations').select('name').execute()).map((r) => r.name),
  );
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const statements = splitStatements(fs.readFileSync(path.join(dir, file), 'utf8'));
    try {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('schema_migrations')
          .values({ name: file, applied_at: new Date().toISOString() })
          .execute();
        for (const s of statements) await sql.raw(s).execute(trx);
      });
    } catch (err) {
      if (await isApplied(db, file).catch(() => false)) continue; // the other process applied it
      throw err;
    }
    applied.push(file);
  }
  return applied;
}
