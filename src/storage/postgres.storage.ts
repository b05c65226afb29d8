import { Readable } from 'node:stream';
import type { Clock } from '../clock.js';
import type { Db } from '../db/db.js';
import { AppError } from '../errors.js';
import type { Storage } from './storage.js';

/** 256 KiB: a receipt photo is a few dozen rows, a PDF one or two; no read holds more than one chunk. */
export const CHUNK_BYTES = 256 * 1024;

const notFound = () => new AppError('NotFound', 'File not found');

/** A file's size and chunk count, or undefined when there is no such file. */
const readHeader = (db: Db, key: string) =>
  db.selectFrom('stored_files').select(['size', 'chunks']).where('key', '=', key).executeTakeFirst();

/** One chunk of a file, read on its own so a download holds one chunk at a time. */
async function readChunk(db: Db, key: string, seq: number): Promise<Buffer> {
  const row = await db
    .selectFrom('stored_file_chunks')
    .select('data')
    .where('key', '=', key)
    .where('seq', '=', seq)
    .executeTakeFirst();
  if (!row) throw notFound(); // deleted while being read
  return row.data;
}

/**
 * Files in the database (stored_files + stored_file_chunks), so every instance on one PostgreSQL serves every
 * file. A put replaces the file in one transaction; a download reads one chunk per query as the client reads.
 */
export function databaseStorage(db: Db, clock: Clock): Storage {
  return {
    async put(key, data) {
      const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
      const chunks = Math.max(1, Math.ceil(bytes.length / CHUNK_BYTES));
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('stored_file_chunks').where('key', '=', key).execute();
        await trx.deleteFrom('stored_files').where('key', '=', key).execute();
        const created_at = clock.now().toISOString();
        await trx
          .insertInto('stored_files')
          .values({ key, size: bytes.length, chunks, created_at })
          .execute();
        for (let seq = 0; seq < chunks; seq++) {
          const data = bytes.subarray(seq * CHUNK_BYTES, (seq + 1) * CHUNK_BYTES);
          await trx.insertInto('stored_file_chunks').values({ key, seq, data }).execute();
        }
      });
    },
    async get(key) {
      const h = await readHeader(db, key);
      if (!h) throw notFound();
      const rows = await db
        .selectFrom('stored_file_chunks')
        .select('data')
        .where('key', '=', key)
        .orderBy('seq')
        .execute();
      return Buffer.concat(rows.map((r) => r.data));
    },
    async exists(key) {
      return (await readHeader(db, key)) !== undefined;
    },
    async delete(key) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('stored_file_chunks').where('key', '=', key).execute();
        await trx.deleteFrom('stored_files').where('key', '=', key).execute();
      });
    },
    async open(key) {
      const h = await readHeader(db, key);
      if (!h) throw notFound();
      async function* pieces() {
        for (let seq = 0; seq < h!.chunks; seq++) yield await readChunk(db, key, seq);
      }
      return { size: Number(h.size), stream: Readable.from(pieces(), { objectMode: false }) };
    },
  };
}
