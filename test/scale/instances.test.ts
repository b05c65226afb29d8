import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { createDb, type Db } from '../../src/db/db.js';
import { migrate } from '../../src/db/migrate.js';
import { INVOICE_JOB } from '../../src/invoices/invoices.service.js';
import { FakeTelegram } from '../bots/fakes/telegram.fake.js';
import { PG_URL } from '../helpers/postgres.js';
import { seedProfile } from '../helpers/seed.js';
import { fixtureB64 } from '../invoices/invoice.helpers.js';

/**
 * Several server processes on one PostgreSQL, started as `npm start` starts one (node with the tsx loader on
 * src/main.ts), with the real OCR, issuer and PDF. A fresh database per run, dropped afterwards.
 */
const TOKEN = '555:scale';
const SECRET = 'scale-webhook-secret';
const CHAT = 7007;

async function reachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    return true;
  } catch {
    console.warn(`several-instances test skipped: ${PG_URL} unreachable`);
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}
const up = await reachable();

async function admin(statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Instance {
  url: string;
  proc: ChildProcess;
  log: string[];
}

async function startInstance(databaseUrl: string, tgUrl: string, dirs: string[]): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'instance-'));
  dirs.push(dataDir);
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    OCR_WORKERS: '1',
    JOB_CONCURRENCY: '1',
    JOB_LEASE_SECONDS: '5',
    RATE_LIMIT_PER_MINUTE: '1000',
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_WEBHOOK_SECRET: SECRET,
    TELEGRAM_API_ROOT: tgUrl,
  };
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { env, stdio: 'pipe' });
  const log: string[] = [];
  proc.stdout?.on('data', (d) => log.push(String(d)));
  proc.stderr?.on('data', (d) => log.push(String(d)));
  for (let i = 0; i < 300; i++) {
    if (proc.exitCode !== null) throw new Error(`instance exited: ${log.join('')}`);
    const ok = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, proc, log };
    await sleep(100);
  }
  throw new Error(`instance did not start: ${log.join('')}`);
}

describe.skipIf(!up)('several instances on one PostgreSQL', () => {
  const dbName = `scale_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const databaseUrl = PG_URL.replace(/\/[^/?]+(\?|$)/, `/${dbName}$1`);
  const dirs: string[] = [];
  const instances: Instance[] = [];
  let tg: FakeTelegram;
  let db: Db;

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${dbName}`);
    db = createDb({ databaseUrl });
    await migrate(db);
    tg = await new FakeTelegram(TOKEN).start();
  });

  afterAll(async () => {
    await Promise.all(
      instances.map(
        (i) =>
          new Promise<void>((resolve) => {
            if (i.proc.exitCode !== null || i.proc.signalCode !== null) return resolve();
            i.proc.once('exit', () => resolve());
            i.proc.kill('SIGKILL');
          }),
      ),
    );
    await db?.destroy();
    await tg?.stop();
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('a burst through two instances, one killed mid-burst: nothing lost, charged twice or stuck', {
    timeout: 300_000,
  }, async () => {
    const me = await seedProfile({ db, clock: systemClock }, { credits: 30 });
    await db
      .insertInto('chat_identities')
      .values({
        channel: 'telegram',
        external_id: String(CHAT),
        profile_id: me.profile.id,
        phone_number: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    const [a, b] = await Promise.all([0, 1].map(() => startInstance(databaseUrl, tg.url, dirs)));
    instances.push(a!, b!);

    // 20 receipts, alternately to each instance; the second is killed (SIGKILL) while they are in flight.
    const body = JSON.stringify({ receipt_image: fixtureB64(), cfdi_usage: 'G03' });
    const post = (i: Instance) =>
      fetch(`${i.url}/api/svc/facturar-ticket`, {
        method: 'POST',
        headers: { ...me.auth, 'content-type': 'application/json' },
        body,
      }).then(
        async (r) => (r.status === 202 ? ((await r.json()) as { id: string }).id : undefined),
        () => undefined,
      );
    const burst = Array.from({ length: 20 }, (_, n) => sleep(n * 400).then(() => post(n % 2 ? b! : a!)));
    // Killed while it runs an invoice of its own: that job's lease must be taken over by another instance.
    const held = () =>
      db
        .selectFrom('jobs')
        .select('id')
        .where('status', '=', 'running')
        .where('locked_by', 'like', `w-${b!.proc.pid}-%`)
        .execute();
    // The job seen running is the one killed with it: asked once more, it may have finished in between.
    let orphaned: string[] = [];
    for (let i = 0; i < 600 && orphaned.length === 0; i++) {
      orphaned = (await held()).map((j) => j.id);
      if (orphaned.length === 0) await sleep(50);
    }
    expect(orphaned).toHaveLength(1);
    b!.proc.kill('SIGKILL');
    const killedAt = Date.now();
    const accepted = (await Promise.all(burst)).filter((id): id is string => id !== undefined);
    expect(accepted.length).toBeGreaterThanOrEqual(10);
    // A restarted instance joins; the killed one's jobs go to whichever instance claims them first.
    const c = await startInstance(databaseUrl, tg.url, dirs);
    instances.push(c);

    let open = -1;
    for (let i = 0; i < 2000 && open !== 0; i++) {
      const rows = await db.selectFrom('invoices').select('status').execute();
      open = rows.filter((r) => r.status === 'processing' || r.status === 'pending').length;
      if (i % 100 === 0)
        console.info(`${Math.round((Date.now() - killedAt) / 1000)} s: ${open} of ${rows.length} open`);
      if (open) await sleep(100);
    }
    expect(open).toBe(0);
    console.info(`all invoices finished ${Math.round((Date.now() - killedAt) / 1000)} s after the kill`);

    // Every invoice the database holds (a superset of those acknowledged) finished exactly once.
    const invoices = await db.selectFrom('invoices').selectAll().execute();
    expect(invoices.map((i) => i.id)).toEqual(expect.arrayContaining(accepted));
    for (const inv of invoices) {
      const kinds = (
        await db.selectFrom('credit_ledger').select('kind').where('invoice_id', '=', inv.id).execute()
      )
        .map((r) => r.kind)
        .sort();
      expect(kinds, inv.id).toEqual(inv.status === 'completed' ? ['charge'] : ['charge', 'refund']);
    }
    const completed = invoices.filter((i) => i.status === 'completed');
    expect(new Set(completed.map((i) => i.uuid)).size).toBe(completed.length);
    const jobs = await db.selectFrom('jobs').selectAll().where('kind', '=', INVOICE_JOB).execute();
    expect(jobs.filter((j) => j.status !== 'done')).toEqual([]);
    const takenOver = jobs.find((j) => j.id === orphaned[0]);
    expect(takenOver?.attempts).toBe(2);
    expect(takenOver?.locked_by).not.toContain(`w-${b!.proc.pid}-`);
    const ledger = await db
      .selectFrom('credit_ledger')
      .select('delta')
      .where('account_id', '=', me.profile.id)
      .execute();
    const profile = await db
      .selectFrom('profiles')
      .select('credits_remaining')
      .where('id', '=', me.profile.id)
      .executeTakeFirstOrThrow();
    expect(profile.credits_remaining).toBe(ledger.reduce((s, r) => s + r.delta, 0));

    // Links minted by one instance open on the other (files in the database, one shared secret).
    expect(completed.length).toBeGreaterThan(0);
    for (const [from, to] of [
      [a!, c],
      [c, a!],
    ] as const) {
      const inv = completed[0]!;
      const details = (await (
        await fetch(`${from.url}/api/svc/invoices/${inv.id}`, { headers: me.auth })
      ).json()) as { pdf_url: string; xml_url: string };
      const pdf = await fetch(details.pdf_url.replace(from.url, to.url));
      expect(pdf.status).toBe(200);
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      const xml = await fetch(details.xml_url.replace(from.url, to.url));
      expect(xml.status).toBe(200);
      expect(await xml.text()).toContain('cfdi:Comprobante');
    }

    // Chat updates posted alternately to the two live instances: one reply each, in the order sent.
    const before = tg.textsTo(CHAT).length;
    const commands = ['/ayuda', '/saldo', '/datos', '/ayuda', '/saldo', '/datos'];
    for (const [n, text] of commands.entries()) {
      const res = await fetch(`${(n % 2 ? c : a!).url}/webhooks/telegram`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
        body: JSON.stringify({
          update_id: 1000 + n,
          message: {
            message_id: 1 + n,
            date: Math.floor(Date.now() / 1000),
            chat: { id: CHAT, type: 'private', first_name: 'Ana' },
            from: { id: CHAT, is_bot: false, first_name: 'Ana' },
            text,
          },
        }),
      });
      expect(res.status).toBe(200);
    }
    for (let i = 0; i < 100 && tg.textsTo(CHAT).length < before + commands.length; i++) await sleep(100);
    await sleep(500); // a duplicate would arrive now
    const replies = tg.textsTo(CHAT).slice(before);
    expect(replies).toHaveLength(commands.length);
    const expected = [/^Envíame la foto/, /^Tienes /, new RegExp(me.profile.rfc)];
    for (const [n, r] of replies.entries()) expect(r, commands[n]).toMatch(expected[n % 3]!);
  });
});
