import { Readable } from 'node:stream';
import { AppError } from '../errors.js';
import type { Storage } from './storage.js';

/** In-memory storage for tests. */
export function memoryStorage(): Storage & { files: Map<string, Buffer> } {
  const files = new Map<string, Buffer>();
  return {
    files,
    async put(key, data) {
      files.set(key, Buffer.isBuffer(data) ? data : Buffer.from(data));
    },
    async get(key) {
      const f = files.get(key);
      if (!f) throw new AppError('NotFound', 'File not found');
      return f;
    },
    async exists(key) {
      return files.has(key);
    },
    async delete(key) {
      files.delete(key);
    },
    async open(key) {
      const f = files.get(key);
      if (!f) throw new AppError('NotFound', 'File not found');
      return { size: f.length, stream: Readable.from([f], { objectMode: false }) };
    },
  };
}
