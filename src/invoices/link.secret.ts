import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Clock } from '../clock.js';
import { MIN_LINK_SECRET_BYTES } from '../config.js';
import type { Db } from '../db/db.js';

const SETTING = 'link_secret';
const newSecret = () => randomBytes(32).toString('base64url');
const strong = (s: string | undefined): s is string =>
  s !== undefined && Buffer.byteLength(s, 'utf8') >= MIN_LINK_SECRET_BYTES;

function readFileSecret(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    return undefined;
  }
}

/**
 * LINK_SECRET when set; otherwise a random secret generated once and kept in DATA_DIR/link-secret, so links
 * handed out before a restart keep working after it. A file holding a too short secret is replaced.
 */
export function ensureLinkSecret(dataDir: string, configured: string | undefined): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'link-secret');
  const existing = readFileSecret(file);
  if (strong(existing)) return existing;
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = newSecret();
  if (existing !== undefined) {
    // Replace the weak one atomically: a reader sees the old file or the new one, never half of it.
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, `${secret}\n`, { mode: 0o600 });
    fs.renameSync(tmp, file);
    return secret;
  }
  // 'wx' fails if another process created it meanwhile; then theirs wins.
  try {
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw e;
  }
}

/**
 * The link secret every instance on one database shares, kept in app_settings. The first instance to start
 * stores it (the DATA_DIR file's when it has a strong one, so links sent before the move keep working);
 * the others read that row. A weak stored value is replaced.
 */
export async function sharedLinkSecret(db: Db, clock: Clock, dataDir: string): Promise<string> {
  const fromFile = readFileSecret(path.join(dataDir, 'link-secret'));
  const candidate = strong(fromFile) ? fromFile : newSecret();
  const now = clock.now().toISOString();
  await db
    .insertInto('app_settings')
    .values({ name: SETTING, value: candidate, updated_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('name', '=', SETTING)
    .executeTakeFirst();
  if (strong(row?.value)) return row.value;
  await db
    .updateTable('app_settings')
    .set({ value: candidate, updated_at: now })
    .where('name', '=', SETTING)
    .where('value', '=', row?.value ?? '')
    .execute();
  return sharedLinkSecret(db, clock, dataDir);
}
