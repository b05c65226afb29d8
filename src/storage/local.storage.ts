import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../errors.js';
import { ensurePrivateDir, PRIVATE_DIR, PRIVATE_FILE } from './data.dir.js';
import type { Storage } from './storage.js';

const KEY_RE = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Resolves a key inside root, refusing anything that could climb out of it. */
export function resolveKey(root: string, key: string): string {
  if (!KEY_RE.test(key) || key.split('/').some((p) => p === '..' || p === '.')) {
    throw new AppError('ValidationError', 'Invalid storage key');
  }
  const full = path.resolve(root, key);
  if (!full.startsWith(path.resolve(root) + path.sep))
    throw new AppError('ValidationError', 'Invalid storage key');
  return full;
}

/**
 * Files under a local directory (DATA_DIR/files by default), owner-only (directories 0700, files 0600).
 * Writes go to a temp file, then rename.
 */
export function localStorage(root: string): Storage {
  ensurePrivateDir(root);
  return {
    async put(key, data) {
      const full = resolveKey(root, key);
      await fs.mkdir(path.dirname(full), { recursive: true, mode: PRIVATE_DIR });
      const tmp = `${full}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(tmp, data, { mode: PRIVATE_FILE });
      await fs.rename(tmp, full);
    },
    async get(key) {
      try {
        return await fs.readFile(resolveKey(root, key));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new AppError('NotFound', 'File not found');
        throw e;
      }
    },
    async exists(key) {
      try {
        await fs.access(resolveKey(root, key));
        return true;
      } catch {
        return false;
      }
    },
    async delete(key) {
      await fs.rm(resolveKey(root, key), { force: true });
    },
    async open(key) {
      const full = resolveKey(root, key);
      try {
        const { size } = await fs.stat(full);
        return { size, stream: createReadStream(full) };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new AppError('NotFound', 'File not found');
        throw e;
      }
    },
  };
}
