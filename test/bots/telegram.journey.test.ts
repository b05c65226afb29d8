import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeRfc } from '../helpers/seed.js';
import { type BotHarness, botHarness, receiptJpeg, tgCallback, tgMessage, tgText } from './bots.harness.js';

const USER = 7007;

describe('Telegram: a whole journey', () => {
  let h: BotHarness;
  beforeEach(async () => {
    h = await botHarness();
  });
  afterEach(() => h.close());

  const send = async (update: Parameters<BotHarness['telegram']>[0]) => {
    expect((await h.telegram(update)).status).toBe(200);
  };

  it('first message, sign-up, photo, invoice delivered, /facturas — restarting while the photo is in flight', async () => {
    h.deps.config.WELCOME_CREDITS = 1;
    await send(tgText(USER, 'hola'));
    await send(
      tgMessage(USER, { contact: { phone_number: '+525588889999', first_name: 'Ana', user_id: USER } }),
    );
    await send(tgText(USER, makeRfc()));
    await send(tgText(USER, 'Ana López'));
    await send(tgText(USER, '44100'));
    await send(tgCallback(USER, '626'));
    await send(tgCallback(USER, 'G03'));
    h.tg.addFile('p1', await receiptJpeg());
    await send(tgMessage(USER, { photo: [{ file_id: 'p1', file_unique_id: 'p1', width: 64, height: 96 }] }));

    // Crash before anything was sent or processed: replies, the photo job and its invoice all live in the DB.
    expect(h.tg.sent('sendMessage')).toEqual([]);
    await h.restart();
    await h.settle();

    const texts = h.tg.textsTo(USER);
    expect(texts[0]).toContain('Compartir mi número');
    expect(texts).toContainEqual(expect.stringMatching(/¡Bienvenido, Ana López!.*Tienes 1 crédito\./s));
    expect(texts).toContainEqual(expect.stringMatching(/Recibí tu ticket[\s\S]*Te quedan 0 créditos/));
    expect(h.tg.sent('sendDocument')).toHaveLength(2);
    // The order a person sees: welcome before "processing" before the files.
    const welcome = texts.findIndex((t) => t.includes('Bienvenido'));
    const processing = texts.findIndex((t) => t.includes('Recibí tu ticket'));
    const ready = texts.findIndex((t) => t.includes('Tu factura está lista'));
    expect(welcome).toBeLessThan(processing);
    expect(processing).toBeLessThan(ready);

    await h.restart();
    await send(tgText(USER, '/facturas'));
    await h.bots.outbox.drain();
    expect(h.tg.textsTo(USER).at(-1)).toMatch(
      /^Tus últimas facturas:\n\n1\. .*✅ lista\nPDF: http:\/\/localhost:3000\/files/,
    );
  });
});
