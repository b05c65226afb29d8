import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBots } from '../../src/bots/bots.js';
import { createApp } from '../../src/http/app.js';
import { type BotHarness, botHarness, SECRET, tgText } from './bots.harness.js';

describe('webhooks refuse strangers before any work', () => {
  let h: BotHarness;
  beforeEach(async () => {
    h = await botHarness();
  });
  afterEach(() => h.close());

  it('Telegram: a wrong secret never makes grammY call getMe; start-up asks once', async () => {
    const bots = createBots(h.deps); // no fixed botInfo, as in production
    const app = createApp(h.deps, { publicRoutes: bots.routes });
    const post = (secret: string) =>
      app.request('/webhooks/telegram', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret },
        body: JSON.stringify({ update_id: Math.floor(Math.random() * 1e9), ...tgText(1, '/start') }),
      });
    for (let i = 0; i < 3; i++) expect((await post('wrong')).status).toBe(401);
    expect(h.tg.sent('getMe')).toEqual([]);
    await bots.start();
    expect(h.tg.sent('getMe')).toHaveLength(1);
    for (let i = 0; i < 3; i++) expect((await post(SECRET)).status).toBe(200);
    expect(h.tg.sent('getMe')).toHaveLength(1);
    await bots.stop();
  });

  it('WhatsApp: no signature is 403 without parsing the body', async () => {
    // A body that never ends: parsing it would hang the request; the unread rest is given up on after a few
    // seconds and the connection closed.
    const endless = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('Body=hola&'));
      },
    });
    const res = await Promise.race([
      h.app.request('/webhooks/whatsapp', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: endless,
        duplex: 'half',
      } as RequestInit),
      new Promise<'hung'>((r) => setTimeout(() => r('hung'), 8000)),
    ]);
    expect(res).not.toBe('hung');
    expect((res as Response).status).toBe(403);
    expect((res as Response).headers.get('connection')).toBe('close');
  }, 15_000);

  it('WhatsApp: a body far larger than any Twilio form is 413, even with a signature header', async () => {
    const res = await h.app.request('/webhooks/whatsapp', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'c2ln' },
      body: `Body=${'a'.repeat(200_000)}`,
    });
    expect(res.status).toBe(413);
  });
});
