import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { createDb, type Db } from '../../src/db/db.js';
import { createApp } from '../../src/http/app.js';
import { profileForApiKey } from '../../src/profiles/apikeys.service.js';
import { makeTestDeps } from '../helpers/deps.js';
import { call, keysOf, ORGANIZATION_KEYS, PROFILE_KEYS } from '../helpers/seed.js';

/** The CLI as the operator runs it: a child process (tsx) on a temp DATA_DIR that starts empty. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
let dataDir: string;

// biome-ignore lint/suspicious/noExplicitAny: parsed CLI output; the assertions check its shape
type Json = Record<string, any>;

interface Out {
  code: number;
  stdout: string;
  stderr: string;
  json: Json;
}

function admin(...args: string[]): Promise<Out> {
  return new Promise((resolve) => {
    execFile(
      tsx,
      [path.join(root, 'src/cli/admin.ts'), ...args],
      // cwd outside the repo so no .env is picked up; DATA_DIR decides the database.
      { cwd: dataDir, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, timeout: 60_000 },
      (err, stdout, stderr) => {
        let json: Json = {};
        try {
          json = JSON.parse(stdout);
        } catch {}
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr, json });
      },
    );
  });
}

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-'));
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('admin CLI', () => {
  let orgId = '';

  it('create-org on a fresh DATA_DIR applies migrations and prints one JSON object', async () => {
    const out = await admin(
      'create-org',
      '--name',
      'Acme SA',
      '--flags',
      'chat_invoicing',
      '--credits',
      '5',
      '--json',
    );
    expect(out.code).toBe(0);
    expect(out.stdout.trim().split('\n')).toHaveLength(1);
    expect(Object.keys(out.json)).toEqual(['organization']);
    expect(out.json.organization).toMatchObject({
      name: 'Acme SA',
      description: '',
      feature_flags: { chat_invoicing: true },
      credits_remaining: 5,
    });
    expect(keysOf(out.json.organization)).toEqual([...ORGANIZATION_KEYS, 'credits_remaining'].sort());
    orgId = out.json.organization.id;
  });

  it('create-profile, create-key (a working key), show-profile, revoke-keys', async () => {
    const created = await admin(
      'create-profile',
      '--rfc',
      'EKU9003173C9',
      '--name',
      'Escuela Kemper',
      '--email',
      'ek@example.com',
      '--phone',
      '+52 55 1234 5678',
      '--org',
      orgId,
      '--admin',
      '--credits',
      '2',
      '--postal-code',
      '42501',
      '--regimen',
      '601',
      '--cfdi-use',
      'G03',
      '--json',
    );
    expect(created.code).toBe(0);
    expect(keysOf(created.json.profile)).toEqual(PROFILE_KEYS);
    expect(created.json.profile).toMatchObject({
      org_id: orgId,
      is_admin: true,
      credits_remaining: 2,
      phone_number: '+525512345678',
    });

    const key = await admin('create-key', '--rfc', 'EKU9003173C9', '--json');
    expect(key.code).toBe(0);
    expect(key.json.api_key).toMatch(/^svc_/);
    const db: Db = createDb({ sqliteFile: path.join(dataDir, 'service.sqlite') });
    try {
      expect((await profileForApiKey(db, systemClock, key.json.api_key))?.profile.rfc).toBe('EKU9003173C9');
      const shown = await admin('show-profile', '--rfc', 'eku9003173c9', '--json');
      expect(shown.json.profile).toEqual(created.json.profile);
      const revoked = await admin('revoke-keys', '--rfc', 'EKU9003173C9', '--json');
      expect(revoked.json).toEqual({ revoked: 1 });
      expect(await profileForApiKey(db, systemClock, key.json.api_key)).toBeUndefined();
    } finally {
      await db.destroy();
    }
  });

  it('grant-credits to a profile or an organization, set-flags, show-org', async () => {
    expect((await admin('grant-credits', '--rfc', 'EKU9003173C9', '--amount', '3', '--json')).json).toEqual({
      credits_remaining: 5,
    });
    expect(
      (await admin('grant-credits', '--org', orgId, '--amount', '10', '--reason', 'compra', '--json')).json,
    ).toEqual({
      credits_remaining: 15,
    });
    const flags = await admin('set-flags', '--org', orgId, 'chat_invoicing=false', 'reports=true', '--json');
    expect(flags.json.organization.feature_flags).toEqual({ chat_invoicing: false, reports: true });
    const shown = await admin('show-org', '--org', orgId, '--json');
    expect(shown.json.organization).toMatchObject({ id: orgId, credits_remaining: 15 });
    const human = await admin('show-org', '--org', orgId);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('15 credits');
  });

  it('works on the database of a running server (same file, open connection)', async () => {
    const db = createDb({ sqliteFile: path.join(dataDir, 'service.sqlite') });
    try {
      const deps = await makeTestDeps({ db });
      const app = createApp(deps);
      const key = (await admin('create-key', '--rfc', 'EKU9003173C9', '--json')).json.api_key as string;
      const before = await call(app, 'GET', '/api/profile/EKU9003173C9', { authorization: `Bearer ${key}` });
      expect(before.status).toBe(200);
      await admin('grant-credits', '--rfc', 'EKU9003173C9', '--amount', '1', '--json');
      const after = await call(app, 'GET', '/api/profile/EKU9003173C9', { authorization: `Bearer ${key}` });
      expect(after.body.credits_remaining).toBe((before.body.credits_remaining as number) + 1);
      await admin('grant-credits', '--rfc', 'EKU9003173C9', '--amount=-1', '--json');
    } finally {
      await db.destroy();
    }
  });

  it('exits non-zero with a message on stderr and nothing on stdout for every kind of failure', async () => {
    /** create-profile with contact data nobody holds yet: only the RFC or `extra` can make it fail. */
    const newProfile = (rfc: string, ...extra: string[]) => [
      'create-profile',
      '--rfc',
      rfc,
      '--name',
      'X',
      '--email',
      'y@example.com',
      '--phone',
      '5511113333',
      ...extra,
    ];
    const cases: [string[], RegExp][] = [
      [
        [
          'create-profile',
          '--rfc',
          'EKU9003173C9',
          '--name',
          'X',
          '--email',
          'x@example.com',
          '--phone',
          '5511112222',
        ],
        /Conflict/,
      ],
      [newProfile('BAD'), /RFC/],
      [newProfile('GODE561231GR8', '--regimen', '601'), /regime/],
      [newProfile('GODE561231GR8', '--cfdi-use', 'P01'), /S01/],
      [['create-profile', '--rfc', 'GODE561231GR8', '--name', 'X'], /--email is required/],
      [['show-profile', '--rfc', 'GODE561231GR8'], /NotFound/],
      [['show-org', '--org', 'nope'], /NotFound/],
      [['grant-credits', '--rfc', 'EKU9003173C9'], /--amount/],
      [['grant-credits', '--rfc', 'EKU9003173C9', '--amount', 'lots'], /integer/],
      [['grant-credits', '--rfc', 'EKU9003173C9', '--org', orgId, '--amount', '1'], /exactly one/],
      [['grant-credits', '--rfc', 'EKU9003173C9', '--amount=-100'], /No credits/],
      [['set-flags', '--org', orgId, 'Bad=yes'], /name=true/],
      [['create-org', '--nme', 'typo'], /Unknown option/],
      [['frobnicate'], /Unknown command/],
    ];
    for (const [args, message] of cases) {
      const out = await admin(...args, '--json');
      expect(out.code, args.join(' ')).not.toBe(0);
      expect(out.stdout, args.join(' ')).toBe('');
      expect(out.stderr, args.join(' ')).toMatch(message);
    }
    const still = await admin('show-profile', '--rfc', 'EKU9003173C9', '--json');
    expect(still.json.profile.credits_remaining).toBe(5);
  }, 120_000);
});
