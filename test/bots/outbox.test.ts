import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { retryDelayMs } from '../../src/bots/conversation/outbox.dispatcher.js';
import { enqueueOutbox } from '../../src/bots/conversation/outbox.repo.js';
import { type BotHarness, botHarness } from './bots.harness.js';

const chat = { channel: 'telegram' as const, chatId: '4004' };
const rows = (h: BotHarness) => h.deps.db.selectFrom('outbox').selectAll().orderBy('id').execute();

describe('outbox', () => {
  let h: BotHarness;
  beforeEach(async () => {
    h = await botHarness();
  });
  afterEach(() => h.close());

  it('a message pending at a restart is sent by the next dispatcher on the same database', async () => {
    await enqueueOutbox(h.deps.db, h.deps.clock, chat, [{ type: 'text', text: 'antes del reinicio' }]);
    await h.restart(); // the first dispatcher never ran
    expect(h.tg.calls).toEqual([]);
    await h.bots.outbox.drain();
    expect(h.tg.textsTo(4004)).toEqual(['antes del reinicio']);
    expect((await rows(h))[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('honours Telegram 429 retry_after and keeps the chat in order meanwhile', async () => {
    h.tg.failNext('sendMessage', {
      error_code: 429,
      description: 'Too Many Requests: retry after 7',
      parameters: { retry_after: 7 },
    });
    await enqueueOutbox(h.deps.db, h.deps.clock, chat, [
      { type: 'text', text: 'uno' },
      { type: 'text', text: 'dos' },
    ]);
    await h.bots.outbox.drain();
    const [first, second] = await rows(h);
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(Date.parse(first!.next_attempt_at) - h.clock.now().getTime()).toBe(7000);
    expect(second).toMatchObject({ status: 'pending', attempts: 0 }); // waits behind "uno"
    h.clock.advance(6000);
    await h.bots.outbox.drain();
    expect(h.tg.textsTo(4004)).toEqual(['uno']); // only the failed attempt so far
    h.clock.advance(1000);
    await h.bots.outbox.drain();
    expect(h.tg.textsTo(4004)).toEqual(['uno', 'uno', 'dos']);
    expect((await rows(h)).map((r) => r.status)).toEqual(['sent', 'sent']);
  });

  it('backs off exponentially on server errors and gives up at once on a refusal (bot blocked)', async () => {
    h.tg.failNext('sendMessage', { error_code: 502, description: 'Bad Gateway' });
    await enqueueOutbox(h.deps.db, h.deps.clock, chat, [{ type: 'text', text: 'hola' }]);
    await h.bots.outbox.drain();
    expect((await rows(h))[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: expect.stringMatching(/Bad Gateway/),
    });
    h.clock.advance(retryDelayMs(0));
    await h.bots.outbox.drain();
    expect((await rows(h))[0]).toMatchObject({ status: 'sent', attempts: 2 });

    h.tg.failNext('sendMessage', { error_code: 403, description: 'Forbidden: bot was blocked by the user' });
    await enqueueOutbox(h.deps.db, h.deps.clock, { channel: 'telegram', chatId: '5005' }, [
      { type: 'text', text: 'x' },
    ]);
    await h.bots.outbox.drain();
    expect((await rows(h))[1]).toMatchObject({ status: 'failed', attempts: 1 });
    expect([retryDelayMs(0), retryDelayMs(1), retryDelayMs(2), retryDelayMs(30)]).toEqual([
      2000, 4000, 8000, 900_000,
    ]);
  });

  it('a long WhatsApp text is one outbox row per part: a retry never resends a part already delivered', async () => {
    const to = 'whatsapp:+5215500004444';
    const long = Array.from({ length: 40 }, (_, i) => `${i} ${'x'.repeat(60)}`).join('\n');
    h.tw.failNext(500, 'Internal Server Error', 20500, 1); // the second part fails once
    await enqueueOutbox(h.deps.db, h.deps.clock, { channel: 'whatsapp', chatId: to }, [
      { type: 'text', text: long },
      { type: 'text', text: 'fin' },
    ]);
    await h.bots.outbox.drain();
    expect(h.tw.bodiesTo(to)).toHaveLength(1);
    h.clock.advance(retryDelayMs(0));
    await h.bots.outbox.drain();
    const bodies = h.tw.bodiesTo(to);
    expect(bodies).toHaveLength(3);
    expect(bodies.slice(0, 2).join('\n')).toBe(long);
    expect(bodies[2]).toBe('fin');
    expect((await rows(h)).map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 1],
      ['sent', 2],
      ['sent', 1],
    ]);
  });

  it('retries a Twilio 429 and delivers afterwards', async () => {
    h.tw.failNext(429);
    await enqueueOutbox(h.deps.db, h.deps.clock, { channel: 'whatsapp', chatId: 'whatsapp:+5215500003333' }, [
      { type: 'text', text: 'hola' },
    ]);
    await h.bots.outbox.drain();
    expect((await rows(h))[0]).toMatchObject({ status: 'pending', attempts: 1 });
    h.clock.advance(retryDelayMs(0));
    await h.bots.outbox.drain();
    expect(h.tw.bodiesTo('whatsapp:+5215500003333')).toEqual(['hola']);
  });
});
