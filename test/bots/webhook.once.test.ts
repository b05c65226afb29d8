import { Bot } from 'grammy';
import { afterAll, describe, expect, it } from 'vitest';
import { setupTelegram } from '../../src/bots/telegram/telegram.setup.js';
import { webhookOnce } from '../../src/bots/telegram/webhook.once.js';
import { fixedClock } from '../../src/clock.js';
import type { Db } from '../../src/db/db.js';
import { silentLogger } from '../../src/logger.js';
import { pgTestSchema } from '../helpers/postgres.js';
import { FakeTelegram } from './fakes/telegram.fake.js';

const schema = await pgTestSchema();
const TOKEN = '123:once';
const dbs: Db[] = [];
const tg = await new FakeTelegram(TOKEN).start();
afterAll(async () => {
  for (const d of dbs.splice(0)) await d.destroy();
  await schema?.drop();
  await tg.stop();
});

describe.skipIf(!schema)('Telegram webhook with several instances starting at once', () => {
  it('one instance registers it; a failed registration leaves nothing and the next start registers', async () => {
    const clock = fixedClock();
    const first = await schema!.migratedDb();
    const others = await Promise.all([schema!.db(), schema!.db(), schema!.db()]);
    dbs.push(first, ...others);
    const start = (db: Db) =>
      setupTelegram(new Bot(TOKEN, { client: { apiRoot: tg.url } }), {
        publicBaseUrl: 'https://facturas.example.mx',
        secret: 'secret-1',
        logger: silentLogger,
        once: webhookOnce(db, clock),
      });

    tg.failNext('setWebhook', { error_code: 500, description: 'Internal Server Error' });
    await expect(start(first)).rejects.toThrow();
    await Promise.all([first, ...others].map(start));
    expect(tg.sent('setWebhook')).toHaveLength(2); // the failed one, then exactly one more
    expect(tg.sent('setWebhook')[1]!.params).toMatchObject({
      url: 'https://facturas.example.mx/webhooks/telegram',
      secret_token: 'secret-1',
    });
    // A restart much later asserts it again, in case it was changed meanwhile.
    clock.advance(11 * 60_000);
    await start(others[0]!);
    expect(tg.sent('setWebhook')).toHaveLength(3);
  });
});
