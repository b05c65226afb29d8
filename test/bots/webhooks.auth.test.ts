import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedProfile } from '../helpers/seed.js';
import { type BotHarness, botHarness, tgText, WA_FROM } from './bots.harness.js';

describe('webhook authentication', () => {
  let h: BotHarness;
  beforeEach(async () => {
    h = await botHarness();
  });
  afterEach(() => h.close());

  it('Telegram: a missing or wrong secret token is refused and handles nothing', async () => {
    expect((await h.telegram(tgText(1, '/start'), null)).status).toBe(401);
    expect((await h.telegram(tgText(1, '/start'), 'wrong-secret')).status).toBe(401);
    await h.bots.outbox.drain();
    expect(h.tg.calls).toEqual([]);
    expect(await h.deps.db.selectFrom('processed_updates').selectAll().execute()).toEqual([]);
    expect((await h.telegram(tgText(1, '/start'))).status).toBe(200);
  });

  it('Twilio: a missing or forged signature is 403 and handles nothing', async () => {
    const params = {
      MessageSid: 'SM1',
      From: 'whatsapp:+5215500001111',
      To: WA_FROM,
      Body: 'hola',
      NumMedia: '0',
    };
    const missing = await h.app.request('/webhooks/whatsapp', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
    });
    expect(missing.status).toBe(403);
    expect((await h.whatsapp(params, 'bm90IGEgc2lnbmF0dXJl')).status).toBe(403);
    expect(await missing.json()).toEqual({ error: 'Forbidden', message: 'Invalid Twilio signature' });
    // A valid signature over other params does not cover a tampered body.
    const { getExpectedTwilioSignature } = (await import('twilio')).default;
    const sig = getExpectedTwilioSignature(
      'twilio-auth-token',
      'http://localhost:3000/webhooks/whatsapp',
      params,
    );
    expect((await h.whatsapp({ ...params, Body: 'apikey' }, sig)).status).toBe(403);
    await h.bots.outbox.drain();
    expect(h.tw.messages).toEqual([]);
    expect((await h.whatsapp(params, sig)).status).toBe(200);
  });

  it('Twilio: a media URL off the Twilio API is never fetched with our credentials', async () => {
    await seedProfile(h.deps, { phone_verified: true, phone_number: '+525500002222' });
    const from = 'whatsapp:+5215500002222';
    await h.whatsapp({
      MessageSid: 'SMevil',
      From: from,
      To: WA_FROM,
      NumMedia: '1',
      MediaUrl0: 'http://127.0.0.1:1/steal',
      MediaContentType0: 'image/jpeg',
    });
    await h.settle();
    expect(h.tw.bodiesTo(from).at(-1)).toMatch(/No pude descargar tu imagen/);
    expect(await h.deps.db.selectFrom('invoices').selectAll().execute()).toEqual([]);
  });

  it('ignores group chats on Telegram', async () => {
    const update = tgText(5, '/start') as { message: { chat: { type: string } } };
    update.message.chat.type = 'group';
    expect((await h.telegram(update as never)).status).toBe(200);
    await h.bots.outbox.drain();
    expect(h.tg.calls).toEqual([]);
  });
});

describe('webhookSecret', () => {
  it('uses the configured secret, else one derived from the token that Telegram accepts', async () => {
    const { webhookSecret } = await import('../../src/bots/telegram/telegram.setup.js');
    expect(webhookSecret('1:abc', 'mine')).toBe('mine');
    const derived = webhookSecret('1:abc');
    expect(derived).toMatch(/^[A-Za-z0-9_-]{32,256}$/);
    expect(webhookSecret('1:abc')).toBe(derived);
    expect(webhookSecret('2:abc')).not.toBe(derived);
  });
});
