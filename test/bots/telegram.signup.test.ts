import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findProfileByPhone, getTaxInfo } from '../../src/profiles/profiles.repo.js';
import { makeRfc, seedProfile } from '../helpers/seed.js';
import { type BotHarness, botHarness, tgCallback, tgMessage, tgText } from './bots.harness.js';

const USER = 1001;
const contact = (phone: string, userId: number | undefined) =>
  tgMessage(USER, { contact: { phone_number: phone, first_name: 'Ana', user_id: userId } });

describe('Telegram linking and sign-up', () => {
  let h: BotHarness;
  beforeEach(async () => {
    h = await botHarness();
  });
  afterEach(() => h.close());

  async function say(update: Parameters<BotHarness['telegram']>[0]): Promise<string[]> {
    const before = h.tg.textsTo(USER).length;
    const res = await h.telegram(update);
    expect(res.status).toBe(200);
    await h.bots.outbox.drain();
    return h.tg.textsTo(USER).slice(before);
  }

  it('asks a stranger for their contact with a request_contact button', async () => {
    const [reply] = await say(tgText(USER, '/start'));
    expect(reply).toContain('Compartir mi número');
    const call = h.tg.sent('sendMessage').at(-1)!;
    expect(call.params.reply_markup).toMatchObject({ keyboard: [[{ request_contact: true }]] });
  });

  it("refuses someone else's contact and links nothing", async () => {
    const existing = await seedProfile(h.deps, { phone_verified: true, phone_number: '+525511112222' });
    const replies = await say(contact('+525511112222', 555));
    expect(replies[0]).toMatch(/no es el tuyo/);
    const forwarded = await say(contact('+525511112222', undefined));
    expect(forwarded[0]).toMatch(/no es el tuyo/);
    const rows = await h.deps.db.selectFrom('chat_identities').selectAll().execute();
    expect(rows).toEqual([]);
    expect(existing.profile.phone_number).toBe('+525511112222');
  });

  it('links an existing profile by the own contact, folding +521 into +52', async () => {
    const { profile } = await seedProfile(h.deps, { phone_verified: true, phone_number: '+525522223333' });
    const [reply] = await say(contact('5215522223333', USER));
    expect(reply).toContain(`¡Listo, ${profile.name}!`);
    const [saldo] = await say(tgText(USER, '/saldo'));
    expect(saldo).toBe('Tienes 5 créditos.');
  });

  it('signs up an unknown number step by step, surviving a restart in the middle', async () => {
    h.deps.config.WELCOME_CREDITS = 3;
    expect((await say(contact('+52 55 3333 4444', USER)))[0]).toMatch(
      /No encontré una cuenta con el número \+525533334444/,
    );
    expect((await say(tgText(USER, 'ABC123')))[0]).toMatch(/no parece válido/);
    const rfc = makeRfc();
    expect((await say(tgText(USER, rfc.toLowerCase())))[0]).toMatch(/^2\/5/);

    await h.restart(); // a new process: the conversation state is in the database
    expect((await say(tgText(USER, 'Ana Gómez Martínez')))[0]).toMatch(/^3\/5/);
    expect((await say(tgText(USER, '6600')))[0]).toMatch(/5 dígitos/);
    expect((await say(tgText(USER, '06600')))[0]).toMatch(/^4\/5/);
    const regimenButtons = h.tg.sent('sendMessage').at(-1)!.params.reply_markup as {
      inline_keyboard: { callback_data: string }[][];
    };
    expect(regimenButtons.inline_keyboard.flat().map((b) => b.callback_data)).toContain('612');
    expect((await say(tgCallback(USER, '601')))[0]).toMatch(
      /no es un régimen fiscal válido para una persona física/,
    );
    expect((await say(tgCallback(USER, '612')))[0]).toMatch(/^5\/5/);
    expect(h.tg.sent('answerCallbackQuery').length).toBeGreaterThan(0);
    expect((await say(tgText(USER, 'S02')))[0]).toMatch(/no aplica a tu régimen/);
    const done = await say(tgCallback(USER, 'G03'));
    expect(done[0]).toMatch(/¡Bienvenido, Ana Gómez Martínez! .*Tienes 3 créditos/s);

    const profile = await findProfileByPhone(h.deps.db, '+525533334444');
    expect(profile).toMatchObject({ rfc, name: 'Ana Gómez Martínez', credits_remaining: 3 });
    const tax = await getTaxInfo(h.deps.db, profile!.id);
    expect(tax).toMatchObject({
      postal_code: '06600',
      fiscal_regimen: '612',
      cfdi_use: 'G03',
      taxpayer: 'Ana Gómez Martínez',
    });
    const ledger = await h.deps.db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('account_id', '=', profile!.id)
      .execute();
    expect(ledger).toMatchObject([{ kind: 'grant', delta: 3, balance_after: 3 }]);
    expect(await h.deps.db.selectFrom('conversations').selectAll().execute()).toEqual([]);
  });

  it('accepts a typed regime code that has no button (621) and offers the uses SAT allows for it', async () => {
    await say(contact('+525533338888', USER));
    for (const answer of [makeRfc(), 'Ana Gómez', '06600']) await say(tgText(USER, answer));
    const buttons = () =>
      (
        h.tg.sent('sendMessage').at(-1)!.params.reply_markup as {
          inline_keyboard: { callback_data: string }[][];
        }
      ).inline_keyboard
        .flat()
        .map((b) => b.callback_data);
    expect(buttons()).not.toContain('621');
    expect((await say(tgText(USER, '621')))[0]).toMatch(/^5\/5/);
    expect(buttons()).toEqual(['G03', 'G01', 'G02', 'S01', 'I04', 'CP01']); // no D01 for 621
    expect((await say(tgText(USER, 'D01')))[0]).toMatch(/no aplica a tu régimen/);
    expect((await say(tgText(USER, 'I01')))[0]).toMatch(/¡Bienvenido, Ana Gómez!/);
    const profile = await findProfileByPhone(h.deps.db, '+525533338888');
    expect(await getTaxInfo(h.deps.db, profile!.id)).toMatchObject({
      fiscal_regimen: '621',
      cfdi_use: 'I01',
    });
  });

  it('/start during sign-up re-asks the pending question; sharing the contact again is no dead end', async () => {
    await say(contact('+525533335555', USER));
    const rfc = makeRfc();
    expect((await say(tgText(USER, rfc)))[0]).toMatch(/^2\/5/);

    const [again] = await say(tgText(USER, '/start'));
    expect(again).toMatch(/registro sigue en curso[\s\S]*«cancelar»[\s\S]*\n2\/5 ¿Cuál es tu nombre/);
    expect(h.tg.sent('sendMessage').at(-1)!.params.reply_markup).toBeUndefined(); // no contact button
    // The person taps the (old) contact button anyway: same question, not "answer with text" forever.
    expect((await say(contact('+525533335555', USER)))[0]).toMatch(/registro sigue en curso[\s\S]*\n2\/5/);
    expect((await say(contact('+525599990000', 555)))[0]).toMatch(/\n2\/5/); // someone else's: same
    expect((await say(tgText(USER, 'Ana Gómez')))[0]).toMatch(/^3\/5/); // the RFC was kept
    expect((await say(tgText(USER, '06600')))[0]).toMatch(/^4\/5/);

    const [regimen] = await say(tgText(USER, 'hola'));
    expect(regimen).toMatch(/\n4\/5 ¿En qué régimen/);
    const buttons = h.tg.sent('sendMessage').at(-1)!.params.reply_markup as {
      inline_keyboard: { callback_data: string }[][];
    };
    expect(buttons.inline_keyboard.flat().map((b) => b.callback_data)).toContain('612');
    const conv = await h.deps.db.selectFrom('conversations').selectAll().executeTakeFirstOrThrow();
    expect(conv.state).toBe('signup_regimen');
    expect(JSON.parse(conv.data)).toMatchObject({ rfc, name: 'Ana Gómez', postal_code: '06600' });
  });

  it('a photo during sign-up re-asks the pending question too', async () => {
    await say(contact('+525533336666', USER));
    const [reply] = await say(
      tgMessage(USER, { photo: [{ file_id: 'p', file_unique_id: 'p', width: 64, height: 96 }] }),
    );
    expect(reply).toMatch(/registro sigue en curso[\s\S]*\n1\/5 ¿Cuál es tu RFC\?/);
  });

  it('sharing an own contact that has a profile during sign-up links it and ends the sign-up', async () => {
    const { profile } = await seedProfile(h.deps, { phone_verified: true, phone_number: '+525522224444' });
    await say(contact('+525533337777', USER)); // a number with no account: sign-up starts
    await say(tgText(USER, makeRfc()));
    const [reply] = await say(contact('+525522224444', USER));
    expect(reply).toContain(`¡Listo, ${profile.name}!`);
    expect(await h.deps.db.selectFrom('conversations').selectAll().execute()).toEqual([]);
    expect((await say(tgText(USER, '/saldo')))[0]).toBe('Tienes 5 créditos.');
  });

  it('refuses an RFC that already has a profile, and can be cancelled', async () => {
    const { profile } = await seedProfile(h.deps);
    await say(contact('+525544445555', USER));
    expect((await say(tgText(USER, profile.rfc)))[0]).toMatch(/Ese RFC ya tiene una cuenta/);
    expect((await say(tgText(USER, 'cancelar')))[0]).toMatch(/Cancelé el registro/);
    expect((await say(tgText(USER, 'hola')))[0]).toContain('Compartir mi número');
    expect(await findProfileByPhone(h.deps.db, '+525544445555')).toBeUndefined();
  });

  it('unlinks with /desvincular and asks for the contact again', async () => {
    await seedProfile(h.deps, { phone_verified: true, phone_number: '+525566667777' });
    await say(contact('+525566667777', USER));
    expect((await say(tgText(USER, '/desvincular')))[0]).toMatch(/desvinculé este chat/);
    expect((await say(tgText(USER, '/saldo')))[0]).toContain('Compartir mi número');
  });
});
