import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDispatcher, SendError, type Sender } from '../../src/bots/conversation/outbox.dispatcher.js';
import { enqueueOutbox } from '../../src/bots/conversation/outbox.repo.js';
import { fixedClock, systemClock } from '../../src/clock.js';
import { createDb, type Db } from '../../src/db/db.js';
import { migrate } from '../../src/db/migrate.js';
import { silentLogger } from '../../src/logger.js';
import { pgTestSchema } from '../helpers/postgres.js';

const schema = await pgTestSchema();
const dbs: Db[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dbs.splice(0)) await d.destroy();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  await schema?.drop();
});

/** Two handles on one database, as two instances would have. */
const engines: [string, () => Promise<[Db, Db]>][] = [
  [
    'SQLite',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
      dirs.push(dir);
      const file = path.join(dir, 'service.sqlite');
      const pair: [Db, Db] = [createDb({ sqliteFile: file }), createDb({ sqliteFile: file })];
      await migrate(pair[0]);
      dbs.push(...pair);
      return pair;
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const pair: [Db, Db] = [await schema!.migratedDb(), await schema!.db()];
      dbs.push(...pair);
      await pair[0].deleteFrom('outbox').execute();
      return pair;
    },
  ],
];

/** A Telegram-like recipient: what each chat received, in order. */
function inbox(delayMs = 0) {
  const got = new Map<string, string[]>();
  const send: Sender = async (chatId, payload) => {
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    got.set(chatId, [...(got.get(chatId) ?? []), payload.type === 'text' ? payload.text : payload.type]);
  };
  return { got, send };
}

describe.each(engines)('outbox on %s', (engine, pairOf) => {
  const skip = engine === 'PostgreSQL' && !schema;

  it.skipIf(skip)(
    'a chat held by a rate limit never blocks the other chats, however many rows it has',
    async () => {
      const [db] = await pairOf();
      const clock = fixedClock();
      const flood = Array.from({ length: 60 }, (_, i) => ({ type: 'text' as const, text: `f${i}` }));
      await enqueueOutbox(db, clock, { channel: 'telegram', chatId: 'flood' }, flood);
      clock.advance(1);
      await enqueueOutbox(db, clock, { channel: 'telegram', chatId: 'quiet' }, [
        { type: 'text', text: 'hola' },
      ]);
      const { got, send } = inbox();
      let limited = false;
      const telegram: Sender = async (chatId, payload) => {
        if (chatId === 'flood' && !limited) {
          limited = true;
          throw new SendError('Too Many Requests', { retryAfterSeconds: 30 });
        }
        await send(chatId, payload);
      };
      const d = createDispatcher({ db, clock, logger: silentLogger }, { telegram }, { batch: 10 });
      await d.runOnce();
      expect(got.get('quiet')).toEqual(['hola']);
      expect(got.get('flood')).toBeUndefined();
      clock.advance(30_000);
      await d.drain();
      expect(got.get('flood')).toEqual(flood.map((m) => m.text));
    },
  );

  it.skipIf(skip)('two dispatchers on one database send every message once, each chat in order', async () => {
    const [a, b] = await pairOf();
    const chats = ['c1', 'c2', 'c3', 'c4', 'c5'];
    for (let i = 0; i < 8; i++) {
      for (const c of chats) {
        await enqueueOutbox(a, systemClock, { channel: 'telegram', chatId: c }, [
          { type: 'text', text: `${i}` },
        ]);
      }
    }
    const { got, send } = inbox(2);
    const one = createDispatcher({ db: a, clock: systemClock, logger: silentLogger }, { telegram: send });
    const two = createDispatcher({ db: b, clock: systemClock, logger: silentLogger }, { telegram: send });
    await Promise.all([one.drain(), two.drain(), one.drain(), two.drain()]);
    const expected = Array.from({ length: 8 }, (_, i) => `${i}`);
    for (const c of chats) expect(got.get(c), c).toEqual(expected);
  });
});
