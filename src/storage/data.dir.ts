import fs from 'node:fs';

/** Owner-only: the database, receipts and invoices are nobody else's business on a shared machine. */
export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

/** Creates dir (and parents) owner-only, and narrows it when it already existed with wider permissions. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  if ((fs.statSync(dir).mode & 0o777) !== PRIVATE_DIR) fs.chmodSync(dir, PRIVATE_DIR);
}

/** Narrows an existing file to owner-only; a missing file is fine. */
export function narrowFile(file: string): void {
  try {
    if ((fs.statSync(file).mode & 0o777) !== PRIVATE_FILE) fs.chmodSync(file, PRIVATE_FILE);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
}
