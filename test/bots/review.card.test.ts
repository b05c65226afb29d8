import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { balanceOf } from '../../src/credits/credits.service.js';
import type { ReceiptData } from '../../src/receipts/receipt.types.js';
import { makePhone, seedProfile } from '../helpers/seed.js';
import {
  type BotHarness,
  botHarness,
  goodReceipt,
  receiptJpeg,
  tgCallback,
  tgMessage,
  tgText,
  WA_FROM,
} from './bots.harness.js';

const USER = 3003;
const unsureTotal = (over: Partial<ReceiptData> = {}) => {
  const r = goodReceipt(over);
  return { ...r, confidence: { ...r.confidence, total: 0.4 } };
};

type Keyboard = { inline_keyboard: { text: string; callback_data: string }[][] };

describe('Telegram: the review card', () => {
  let h: BotHarness;
  let profileId: string;
  let photos = 0;
  beforeEach(async () => {
    h = await botHarness();
    const phone = makePhone();
    profileId = (await seedProfile(h.deps, { phone_verified: true, phone_number: phone })).profile.id;
    await h.telegram(tgMessage(USER, { contact: { phone_number: phone, first_name: 'Ana', user_id: USER } }));
    await h.bots.outbox.drain();
  });
  afterEach(() => h.close());

  async function sendPhoto(receipt: ReceiptData = unsureTotal()) {
    h.clock.advance(1000); // tells the invoices apart by created_at
    h.receipts.push(receipt);
    const id = `rv${++photos}`;
    h.tg.addFile(id, await receiptJpeg());
    await h.telegram(
      tgMessage(USER, { photo: [{ file_id: id, file_unique_id: id, width: 64, height: 96 }] }),
    );
    await h.settle();
    return h.deps.db
      .selectFrom('invoices')
      .selectAll()
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
  }
  const say = async (update: Parameters<BotHarness['telegram']>[0]) => {
    const before = h.tg.textsTo(USER).length;
    expect((await h.telegram(update)).status).toBe(200);
    await h.settle();
    return h.tg.textsTo(USER).slice(before);
  };
  const cards = () =>
    h.tg.sent('sendMessage').filter((c) => String(c.params.text).startsWith('🧾 Revisa tu factura'));
  const edits = () => h.tg.sent('editMessageText');
  const status = async (id: string) =>
    (await h.deps.db.selectFrom('invoices').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;

  it('sends one card with the doubtful total marked and five buttons carrying the invoice', async () => {
    const inv = await sendPhoto();
    expect(inv.status).toBe('pending');
    expect(cards()).toHaveLength(1);
    const card = cards()[0]!;
    expect(card.params.text).toContain(
      'Comercio: CADENA COMERCIAL OXXO\nRFC: CCO8605231N4\nFecha: 20/11/2026',
    );
    expect(card.params.text).toContain('Total: $116.00 ⚠️');
    const kb = card.params.reply_markup as Keyboard;
    expect(kb.inline_keyboard.flat().map((b) => [b.text, b.callback_data])).toEqual([
      ['✅ Facturar', `rv:${inv.id}:ok`],
      ['✏️ RFC', `rv:${inv.id}:rfc`],
      ['✏️ Total', `rv:${inv.id}:total`],
      ['✏️ Fecha', `rv:${inv.id}:fecha`],
      ['❌ Cancelar', `rv:${inv.id}:no`],
    ]);
    expect(h.tg.sent('sendDocument')).toEqual([]);
    expect(await balanceOf(h.deps.db, { type: 'profile', id: profileId })).toBe(4);
  });

  it('✏️ Total, a bad value, the right value (card edited in place), ✅ Facturar: the CFDI has that total', async () => {
    const inv = await sendPhoto();
    const shown = await h.deps.db
      .selectFrom('chat_review_cards')
      .selectAll()
      .where('invoice_id', '=', inv.id)
      .executeTakeFirstOrThrow();
    expect(shown.message_id).not.toBeNull();
    expect((await say(tgCallback(USER, `rv:${inv.id}:total`)))[0]).toMatch(/escribe el total correcto/i);
    expect(h.tg.sent('answerCallbackQuery').length).toBeGreaterThan(0);
    const bad = await say(tgText(USER, 'mucho'));
    expect(bad[0]).toMatch(/^Ese total no es válido.*\n.*escribe el total correcto/s);
    expect(await status(inv.id)).toBe('pending');
    const ok = await say(tgText(USER, '1,234.50'));
    expect(ok[0]).toMatch(/Listo: corregí el total de la factura de CADENA COMERCIAL OXXO/);
    const edited = edits().at(-1)!;
    expect(edited.params.text).toContain('Total: $1,234.50');
    expect(edited.params.text).not.toContain('⚠️');
    expect(String(edited.params.message_id)).toBe(shown.message_id);

    const update = { update_id: 9000, ...tgCallback(USER, `rv:${inv.id}:ok`) };
    await say(update);
    await say(update); // redelivered: acts once
    expect(edits().at(-1)!.params.text).toMatch(/^✅ Factura emitida\./);
    const docs = h.tg.sent('sendDocument');
    expect(docs).toHaveLength(2);
    expect(docs[1]!.files.document?.bytes.toString()).toContain('Total="1234.50"');
    // A later press on the sealed invoice: a polite answer, nothing changes.
    expect((await say(tgCallback(USER, `rv:${inv.id}:no`)))[0]).toMatch(
      /ya no espera respuesta \(ya la confirmaste\)/,
    );
    expect(h.tg.sent('sendDocument')).toHaveLength(2);
    expect(await balanceOf(h.deps.db, { type: 'profile', id: profileId })).toBe(4);
  });

  it('two pending cards in one chat: a typed answer goes to the latest and says which; buttons keep theirs', async () => {
    const first = await sendPhoto(unsureTotal({ vendor_name: 'FARMACIA UNO' }));
    const second = await sendPhoto(unsureTotal({ vendor_name: 'TIENDA DOS' }));
    expect(cards()).toHaveLength(2);
    const answer = await say(tgText(USER, 'total 50'));
    expect(answer[0]).toMatch(/corregí el total de la factura de TIENDA DOS/);
    await say(tgCallback(USER, `rv:${first.id}:ok`));
    expect(await status(first.id)).toBe('completed');
    expect(await status(second.id)).toBe('pending');
    const amounts = await h.deps.db.selectFrom('invoices').select(['id', 'amount_cents']).execute();
    expect(amounts.find((a) => a.id === first.id)?.amount_cents).toBe(11600);
    // /facturas sends the waiting card again; a typed answer still reaches it.
    const list = await say(tgText(USER, '/facturas'));
    expect(list.some((t) => t.includes('TIENDA DOS') && t.startsWith('🧾'))).toBe(true);
    await say(tgText(USER, 'sí'));
    expect(await status(second.id)).toBe('completed');
    const xml = h.tg.sent('sendDocument').at(-1)!.files.document?.bytes.toString();
    expect(xml).toContain('Total="50.00"');
  });

  it('❌ Cancelar refunds once and closes the card; expiry does the same after REVIEW_TTL_HOURS', async () => {
    const a = await sendPhoto();
    const cancelled = await say(tgCallback(USER, `rv:${a.id}:no`));
    expect(cancelled.at(-1)).toMatch(/^Cancelé la factura de CADENA COMERCIAL OXXO.*quedan 5 créditos/);
    expect(edits().at(-1)!.params.text).toMatch(/^❌ Cancelada/);
    expect((await say(tgCallback(USER, `rv:${a.id}:ok`)))[0]).toMatch(/la cancelaste/);

    const b = await sendPhoto();
    h.clock.advance(h.deps.config.REVIEW_TTL_HOURS * 3600_000);
    await h.settle();
    expect(await status(b.id)).toBe('failed');
    expect(h.tg.textsTo(USER).at(-1)).toMatch(/venció sin que la confirmaras.*quedan 5 créditos/s);
    expect(edits().at(-1)!.params.text).toMatch(/^⌛ Venció/);
    expect(await balanceOf(h.deps.db, { type: 'profile', id: profileId })).toBe(5);
    const ledger = await h.deps.db
      .selectFrom('credit_ledger')
      .select('delta')
      .where('account_id', '=', profileId)
      .execute();
    expect(ledger.reduce((s, r) => s + r.delta, 0)).toBe(5);
  });

  it("a forged button naming someone else's invoice changes nothing", async () => {
    const other = await seedProfile(h.deps, { phone_number: makePhone() });
    const mine = await sendPhoto();
    await h.deps.db
      .updateTable('invoices')
      .set({ profile_id: other.profile.id })
      .where('id', '=', mine.id)
      .execute();
    for (const action of ['ok', 'no', 'total']) {
      expect((await say(tgCallback(USER, `rv:${mine.id}:${action}`)))[0]).toMatch(/No encontré esa factura/);
    }
    expect(await status(mine.id)).toBe('pending');
    const ledger = await h.deps.db
      .selectFrom('credit_ledger')
      .select('kind')
      .where('invoice_id', '=', mine.id)
      .execute();
    expect(ledger.map((l) => l.kind)).toEqual(['charge']);
  });

  it('a sure ticket is not asked about: it is delivered as before', async () => {
    const inv = await sendPhoto(goodReceipt());
    expect(inv.status).toBe('completed');
    expect(cards()).toEqual([]);
    expect(h.tg.sent('sendDocument')).toHaveLength(2);
  });
});

describe('WhatsApp: the review card as a numbered menu', () => {
  const FROM = 'whatsapp:+5215566667777';
  let h: BotHarness;
  let profileId: string;
  let sid = 0;
  beforeEach(async () => {
    h = await botHarness();
    profileId = (await seedProfile(h.deps, { phone_verified: true, phone_number: '+525566667777' })).profile
      .id;
  });
  afterEach(() => h.close());

  async function send(params: Record<string, string>): Promise<string[]> {
    const before = h.tw.bodiesTo(FROM).length;
    expect((await h.whatsapp(params)).status).toBe(200);
    await h.settle();
    return h.tw.bodiesTo(FROM).slice(before);
  }
  const text = (Body: string, MessageSid = `SMr${++sid}`) => ({
    MessageSid,
    From: FROM,
    To: WA_FROM,
    Body,
    NumMedia: '0',
  });
  async function photo() {
    h.receipts.push(unsureTotal());
    const url = h.tw.addMedia(`m${++sid}`, await receiptJpeg());
    return send({
      MessageSid: `SMp${sid}`,
      From: FROM,
      To: WA_FROM,
      NumMedia: '1',
      MediaUrl0: url,
      MediaContentType0: 'image/jpeg',
    });
  }

  it('card, invalid RFC explained, total corrected, «sí» seals it; a redelivered message acts once', async () => {
    const shown = await photo();
    const card = shown.find((b) => b.startsWith('🧾'))!;
    expect(card).toContain('Total: $116.00 ⚠️');
    expect(card).toContain('1 – Facturar así');
    expect(card).toContain('5 – Cancelar');
    const bad = await send(text('rfc ABC010101AB9'));
    expect(bad[0]).toMatch(/^Ese RFC no es válido.*\nSobre la factura de CADENA COMERCIAL OXXO/s);
    const fixed = await send(text('total 1,234.50'));
    expect(fixed[0]).toMatch(/Listo: corregí el total/);
    expect(fixed[1]).toContain('Total: $1,234.50');
    const yes = text('sí');
    const done = await send(yes);
    expect(done[0]).toMatch(/Confirmaste la factura de CADENA COMERCIAL OXXO por \$1,234\.50/);
    expect(await send(yes)).toEqual([]);
    expect(h.tw.messages.at(-1)!.body).toMatch(/Tu factura está lista/);
    const inv = await h.deps.db.selectFrom('invoices').selectAll().executeTakeFirstOrThrow();
    expect(inv).toMatchObject({ status: 'completed', amount_cents: 123450 });
    expect(await balanceOf(h.deps.db, { type: 'profile', id: profileId })).toBe(4);
  });

  it('«cancelar» cancels the latest card and returns the credit; «fecha 15/03/2025» style answers work', async () => {
    await photo();
    const dated = await send(text('fecha 15/11/2026'));
    expect(dated[1]).toContain('Fecha: 15/11/2026');
    const future = await send(text('fecha 15/03/2099'));
    expect(future[0]).toMatch(/^Esa fecha no es válida/);
    const bye = await send(text('cancelar'));
    expect(bye.at(-1)).toMatch(/^Cancelé la factura.*quedan 5 créditos/);
    expect(await balanceOf(h.deps.db, { type: 'profile', id: profileId })).toBe(5);
    const after = await send(text('1'));
    expect(after[0]).not.toMatch(/Confirmaste/);
  });
});
