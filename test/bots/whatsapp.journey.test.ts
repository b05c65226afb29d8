import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { balanceOf } from '../../src/credits/credits.service.js';
import { findProfileByPhone } from '../../src/profiles/profiles.repo.js';
import { makeRfc, seedProfile } from '../helpers/seed.js';
import { type BotHarness, botHarness, goodReceipt, receiptJpeg, WA_FROM } from './bots.harness.js';

const FROM = 'whatsapp:+5215577778888'; // WhatsApp writes Mexican mobiles with the old "1"
let sid = 0;
const text = (body: string, from = FROM) => ({
  MessageSid: `SM${++sid}`,
  From: from,
  To: WA_FROM,
  Body: body,
  NumMedia: '0',
});

describe('WhatsApp: a whole journey through the real twilio client and a fake Twilio', () => {
  let h: BotHarness;
  beforeEach(async () => {
    h = await botHarness();
  });
  afterEach(() => h.close());

  async function send(params: Record<string, string>): Promise<string[]> {
    const before = h.tw.bodiesTo(FROM).length;
    const res = await h.whatsapp(params);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/xml/);
    await h.settle();
    return h.tw.bodiesTo(FROM).slice(before);
  }

  it('first message, sign-up, photo, invoice delivered, /facturas — with a restart in the middle', async () => {
    h.deps.config.WELCOME_CREDITS = 2;
    expect((await send(text('Hola')))[0]).toMatch(/No encontré una cuenta con el número \+525577778888/);
    const rfc = makeRfc('moral');
    expect((await send(text(rfc)))[0]).toMatch(/^2\/5/);
    expect((await send(text('Tacos El Güero')))[0]).toMatch(/^3\/5/);
    const regimen = await send(text('06600'));
    expect(regimen[0]).toMatch(/^4\/5[\s\S]*• 601 General de Ley/); // choices as lines to type
    await h.restart();
    expect((await send(text('601')))[0]).toMatch(/^5\/5[\s\S]*• G03 Gastos en general/);
    expect((await send(text('g03')))[0]).toMatch(/¡Bienvenido, Tacos El Güero!.*Tienes 2 créditos/s);
    const profile = await findProfileByPhone(h.deps.db, '+525577778888');
    expect(profile?.rfc).toBe(rfc);

    const mediaUrl = h.tw.addMedia('1', await receiptJpeg());
    const afterPhoto = await send({
      MessageSid: `SM${++sid}`,
      From: FROM,
      To: WA_FROM,
      NumMedia: '1',
      MediaUrl0: mediaUrl,
      MediaContentType0: 'image/jpeg',
    });
    expect(h.tw.mediaRequests).toEqual([{ path: new URL(mediaUrl).pathname, authorized: true }]);
    expect(afterPhoto[0]).toMatch(/Recibí tu ticket[\s\S]*Te queda 1 crédito\./);
    const inv = await h.deps.db.selectFrom('invoices').selectAll().executeTakeFirstOrThrow();
    expect(inv).toMatchObject({ status: 'completed', source: 'whatsapp', chat_id: FROM });
    const delivered = h.tw.messages.at(-1)!;
    expect(delivered.from).toBe(WA_FROM);
    expect(delivered.body).toMatch(
      new RegExp(
        `Tu factura está lista[\\s\\S]*UUID: ${inv.uuid}[\\s\\S]*XML: http://localhost:3000/files/invoices/${inv.id}/xml\\?exp=`,
      ),
    );
    expect(delivered.mediaUrls).toEqual([
      expect.stringMatching(`^http://localhost:3000/files/invoices/${inv.id}/pdf\\?exp=\\d+&sig=`),
    ]);

    await h.restart();
    const list = await send(text('facturas'));
    expect(list[0]).toMatch(
      /^Tus últimas facturas:\n\n1\. .*CADENA COMERCIAL OXXO · \$116\.00 MXN · ✅ lista\nPDF: http/,
    );
    expect((await send(text('saldo')))[0]).toBe('Tienes 1 crédito.');
  });

  it('links an existing profile by the sender number and serves a first message that is already a photo', async () => {
    const { profile } = await seedProfile(h.deps, { phone_verified: true, phone_number: '+525577778888' });
    const mediaUrl = h.tw.addMedia('2', await receiptJpeg());
    const msgs = await send({
      MessageSid: 'SMfirst',
      From: FROM,
      To: WA_FROM,
      NumMedia: '1',
      MediaUrl0: mediaUrl,
      MediaContentType0: 'image/jpeg',
    });
    expect(msgs[0]).toContain(`¡Listo, ${profile.name}!`);
    expect(msgs[1]).toMatch(/Recibí tu ticket/);
    expect(msgs[2]).toMatch(/Tu factura está lista/);
  });

  it('several images in one message make several invoices; a redelivered MessageSid does nothing twice', async () => {
    const { profile } = await seedProfile(h.deps, { phone_verified: true, phone_number: '+525577778888' });
    const params = {
      MessageSid: 'SMalbum',
      From: FROM,
      To: WA_FROM,
      NumMedia: '2',
      MediaUrl0: h.tw.addMedia('3', await receiptJpeg(3)),
      MediaContentType0: 'image/jpeg',
      MediaUrl1: h.tw.addMedia('4', await receiptJpeg(4), 'image/png'),
      MediaContentType1: 'image/png',
    };
    await send(params);
    expect(await send(params)).toEqual([]); // the redelivery says nothing and downloads nothing
    expect(h.tw.mediaRequests).toHaveLength(2);
    expect(await h.deps.db.selectFrom('invoices').selectAll().execute()).toHaveLength(2);
    expect(await balanceOf(h.deps.db, { type: 'profile', id: profile.id })).toBe(3);
  });

  it('a receipt that cannot be invoiced: the reason in plain Spanish and the credit back', async () => {
    const { profile } = await seedProfile(h.deps, { phone_verified: true, phone_number: '+525577778888' });
    // Read with confidence, but the RFC's check digit is wrong: a failure, not a question.
    h.receipts.push(goodReceipt({ vendor_rfc: 'CCO8605231N5' }));
    const mediaUrl = h.tw.addMedia('9', await receiptJpeg());
    const msgs = await send({
      MessageSid: 'SMfail',
      From: FROM,
      To: WA_FROM,
      NumMedia: '1',
      MediaUrl0: mediaUrl,
      MediaContentType0: 'image/jpeg',
    });
    expect(msgs.at(-1)).toMatch(
      /^❌ No pude facturar tu ticket: .+\.\nTu crédito fue devuelto; quedan 5 créditos\.$/,
    );
    expect(await balanceOf(h.deps.db, { type: 'profile', id: profile.id })).toBe(5);
  });

  it('after desvincular it does not relink silently; "inicio" relinks', async () => {
    await seedProfile(h.deps, { phone_verified: true, phone_number: '+525577778888' });
    await send(text('saldo'));
    expect((await send(text('desvincular')))[0]).toMatch(/desvinculé este chat/);
    expect((await send(text('saldo')))[0]).toMatch(/Escribe «inicio» para vincularlo/);
    expect((await send(text('inicio')))[0]).toMatch(/¡Listo,/);
  });

  it('"hola", "inicio" and "vincular" during sign-up re-ask the pending question and lose no answer', async () => {
    expect((await send(text('hola')))[0]).toMatch(/No encontré una cuenta/);
    const rfc = makeRfc();
    expect((await send(text(rfc)))[0]).toMatch(/^2\/5/);
    for (const word of ['hola', 'Inicio', 'vincular']) {
      const [reply] = await send(text(word));
      expect(reply).toMatch(/registro sigue en curso[\s\S]*«cancelar»[\s\S]*\n2\/5 ¿Cuál es tu nombre/);
    }
    expect((await send(text('Ana Gómez')))[0]).toMatch(/^3\/5/);
    const conv = await h.deps.db.selectFrom('conversations').selectAll().executeTakeFirstOrThrow();
    expect(conv.state).toBe('signup_cp');
    expect(JSON.parse(conv.data)).toMatchObject({ phone: '+525577778888', rfc, name: 'Ana Gómez' });
  });

  it('"inicio" during sign-up links the number once it has an account (made meanwhile elsewhere)', async () => {
    await send(text('hola'));
    const { profile } = await seedProfile(h.deps, { phone_verified: true, phone_number: '+525577778888' });
    expect((await send(text('inicio')))[0]).toContain(`¡Listo, ${profile.name}!`);
    expect(await h.deps.db.selectFrom('conversations').selectAll().execute()).toEqual([]);
  });

  it('refuses media that is too big, not JPEG/PNG, or gone (404), charging nothing', async () => {
    const { profile } = await seedProfile(h.deps, { phone_verified: true, phone_number: '+525577778888' });
    await send(text('saldo'));
    const photo = async (url: string, type = 'image/jpeg') =>
      (
        await send({
          MessageSid: `SM${++sid}`,
          From: FROM,
          To: WA_FROM,
          NumMedia: '1',
          MediaUrl0: url,
          MediaContentType0: type,
        })
      ).at(-1);
    // MAX_IMAGE_BYTES is 200 000 in the harness; WhatsApp does not give the size up front: refused while downloading.
    expect(await photo(h.tw.addMedia('big', Buffer.alloc(250_000, 1)))).toMatch(
      /^Esa imagen pesa más de 195 KB/,
    );
    expect(
      await photo(h.tw.addMedia('gif', Buffer.from('GIF89a not really'), 'image/gif'), 'image/gif'),
    ).toMatch(/No pude abrir esa imagen/);
    const gone = h.tw.addMedia('gone', await receiptJpeg()).replace('MEgone', 'MEmissing');
    expect(await photo(gone)).toMatch(/No pude descargar tu imagen/);
    expect(await h.deps.db.selectFrom('invoices').selectAll().execute()).toEqual([]);
    expect(await balanceOf(h.deps.db, { type: 'profile', id: profile.id })).toBe(5);
  });

  it('with no credits says so and how to get more, charging nothing', async () => {
    const { profile } = await seedProfile(h.deps, {
      phone_verified: true,
      phone_number: '+525577778888',
      credits: 0,
    });
    const msgs = await send({
      MessageSid: `SM${++sid}`,
      From: FROM,
      To: WA_FROM,
      NumMedia: '1',
      MediaUrl0: h.tw.addMedia('nc', await receiptJpeg()),
      MediaContentType0: 'image/jpeg',
    });
    expect(msgs[0]).toMatch(/^¡Listo, .*Tienes 0 créditos\.\nPara recargar/s);
    expect(msgs.at(-1)).toMatch(/^No tienes créditos para facturar 😕\. No se cobró nada\.\nPara recargar/);
    expect(await h.deps.db.selectFrom('invoices').selectAll().execute()).toEqual([]);
    expect(await balanceOf(h.deps.db, { type: 'profile', id: profile.id })).toBe(0);
  });

  it('/apikey issues a working key, keeps keys minted elsewhere, and blanks it in the outbox once sent', async () => {
    const { profile } = await seedProfile(h.deps, { phone_verified: true, phone_number: '+525577778888' });
    const [, reply] = await send(text('apikey'));
    const key = /svc_[\w-]+/.exec(reply ?? '')?.[0];
    expect(reply).toMatch(/Para revocar todas tus claves escribe \/revocar/);
    const res = await h.app.request(`/api/profile/${profile.rfc}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(200);
    const keys = await h.deps.db
      .selectFrom('api_keys')
      .selectAll()
      .where('profile_id', '=', profile.id)
      .execute();
    expect(keys.map((k) => k.revoked_at)).toEqual([null, null]); // the seeded key still works too
    const stored = await h.deps.db.selectFrom('outbox').select('payload').execute();
    expect(stored.some((r) => r.payload.includes('svc_'))).toBe(false);
  });
});
