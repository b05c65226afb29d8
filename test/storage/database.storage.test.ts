import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/clock.js';
import { ConfigError, loadConfig, testConfig } from '../../src/config.js';
import type { Db } from '../../src/db/db.js';
import { fileUrl, verifyLink } from '../../src/invoices/invoice.links.js';
import { ensureLinkSecret, sharedLinkSecret } from '../../src/invoices/link.secret.js';
import { CHUNK_BYTES, databaseStorage } from '../../src/storage/postgres.storage.js';
import { chooseStorage } from '../../src/storage/storage.choice.js';
import { makeTestDeps } from '../helpers/deps.js';
import { pgTestSchema } from '../helpers/postgres.js';

const schema = await pgTestSchema();
const dbs: Db[] = [];
afterAll(async () => {
  for (const d of dbs.splice(0)) await d.destroy();
  await schema?.drop();
});

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer[]> {
  const pieces: Buffer[] = [];
  for await (const p of stream) pieces.push(Buffer.from(p as Buffer));
  return pieces;
}

describe.skipIf(!schema)('files in PostgreSQL', () => {
  it('a file written by one instance is read, streamed in chunks, replaced and deleted by another', async () => {
    const one = await schema!.migratedDb();
    const two = await schema!.db();
    dbs.push(one, two);
    const clock = fixedClock();
    const a = databaseStorage(one, clock);
    const b = databaseStorage(two, clock);
    const photo = randomBytes(CHUNK_BYTES * 2 + 123);
    await a.put('receipts/r1.jpg', photo);
    expect(await b.exists('receipts/r1.jpg')).toBe(true);
    expect((await b.get('receipts/r1.jpg')).equals(photo)).toBe(true);
    const file = await b.open('receipts/r1.jpg');
    expect(file.size).toBe(photo.length);
    const pieces = await collect(file.stream);
    expect(pieces.map((p) => p.length)).toEqual([CHUNK_BYTES, CHUNK_BYTES, 123]);
    expect(Buffer.concat(pieces).equals(photo)).toBe(true);

    await b.put('receipts/r1.jpg', '<x/>');
    expect((await a.get('receipts/r1.jpg')).toString()).toBe('<x/>');
    expect(await one.selectFrom('stored_file_chunks').select('seq').execute()).toEqual([{ seq: 0 }]);
    await a.put('empty.txt', '');
    expect((await b.get('empty.txt')).length).toBe(0);
    await b.delete('receipts/r1.jpg');
    await expect(a.get('receipts/r1.jpg')).rejects.toMatchObject({ code: 'NotFound' });
    await expect(a.open('receipts/r1.jpg')).rejects.toMatchObject({ code: 'NotFound' });
    expect(await a.exists('receipts/r1.jpg')).toBe(false);
  });

  it('is chosen with DATABASE_URL unless STORAGE=local says otherwise', async () => {
    const db = await schema!.db();
    dbs.push(db);
    const clock = fixedClock();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'files-'));
    try {
      await chooseStorage({ dataDir }, db, clock).put('k.txt', 'db');
      expect(fs.existsSync(path.join(dataDir, 'files', 'k.txt'))).toBe(false);
      await chooseStorage({ dataDir, STORAGE: 'local' }, db, clock).put('k.txt', 'disk');
      expect(fs.readFileSync(path.join(dataDir, 'files', 'k.txt'), 'utf8')).toBe('disk');
      expect((await databaseStorage(db, clock).get('k.txt')).toString()).toBe('db');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("instances without LINK_SECRET share one generated secret, so each verifies the others' links", async () => {
    const one = await schema!.migratedDb();
    const two = await schema!.db();
    dbs.push(one, two);
    const clock = fixedClock();
    const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'secret-')));
    try {
      const [s1, s2] = await Promise.all([
        sharedLinkSecret(one, clock, dirs[0]!),
        sharedLinkSecret(two, clock, dirs[1]!),
      ]);
      expect(s1).toBe(s2);
      expect(Buffer.byteLength(s1!)).toBeGreaterThanOrEqual(32);
      const link = new URL(fileUrl({ config: testConfig({ linkSecret: s1 }), clock }, 'inv-1', 'pdf'));
      const ok = verifyLink(
        { config: testConfig({ linkSecret: s2 }), clock },
        'inv-1',
        'pdf',
        link.searchParams.get('exp') ?? undefined,
        link.searchParams.get('sig') ?? undefined,
      );
      expect(ok).toBe(true);
    } finally {
      for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    }
  });
});

describe('link secret strength and rotation', () => {
  it('refuses a LINK_SECRET or LINK_SECRET_PREVIOUS shorter than 32 bytes at start, naming it', () => {
    expect(() => loadConfig({ LINK_SECRET: 'short-secret' })).toThrow(ConfigError);
    expect(() => loadConfig({ LINK_SECRET: 'short-secret' })).toThrow(
      /LINK_SECRET: must be at least 32 bytes/,
    );
    expect(() => loadConfig({ LINK_SECRET_PREVIOUS: 'x'.repeat(31) })).toThrow(/LINK_SECRET_PREVIOUS/);
    expect(loadConfig({ LINK_SECRET: 'x'.repeat(32) }).linkSecret).toBe('x'.repeat(32));
  });

  it('regenerates a generated secret file that is too short', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-'));
    try {
      fs.writeFileSync(path.join(dir, 'link-secret'), 'weak\n');
      const s = ensureLinkSecret(dir, undefined);
      expect(Buffer.byteLength(s)).toBeGreaterThanOrEqual(32);
      expect(fs.readFileSync(path.join(dir, 'link-secret'), 'utf8').trim()).toBe(s);
      expect(ensureLinkSecret(dir, undefined)).toBe(s);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a link signed with the previous secret still opens after rotation; a third secret does not', async () => {
    const old = 'o'.repeat(40);
    const current = 'n'.repeat(40);
    const deps = await makeTestDeps();
    const rotated = {
      config: testConfig({ linkSecret: current, linkSecretPrevious: old }),
      clock: deps.clock,
    };
    const check = (secret: string) => {
      const u = new URL(
        fileUrl({ config: testConfig({ linkSecret: secret }), clock: deps.clock }, 'i', 'xml'),
      );
      const [exp, sig] = [u.searchParams.get('exp') ?? undefined, u.searchParams.get('sig') ?? undefined];
      return verifyLink(rotated, 'i', 'xml', exp, sig);
    };
    expect(check(current)).toBe(true);
    expect(check(old)).toBe(true);
    expect(check('t'.repeat(40))).toBe(false);
  });
});
