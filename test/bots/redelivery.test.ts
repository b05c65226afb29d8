import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { balanceOf } from '../../src/credits/credits.service.js';
import { findProfileByPhone } from '../../src/profiles/profiles.repo.js';
import { makePhone, makeRfc, seedProfile } from '../helpers/seed.js';
import { type BotHarness, botHarness, receiptJpeg, tgMessage, tgText, WA_FROM } from './bots.harness.js';

const USER = 8008;
const photo = (fileId: string) =>
  tgMessage(USER, { photo: [{ file_id: fileId, file_unique_id: fileId, width: 64, height: 96 }] });
const contact = (phone: string) =>
  tgMessage(USER, { contact: { phone_number: phone, first_name: 'Ana', user_id: USER } });

/**
 * A handler that fails part-way writes nothing, not even the "processed" mark, and answers 5xx so the platform
 * redelivers; the redelivery is then handled exactly once.
 */
describe('a failure while handling a message, then its redelivery', () => {
  let h: BotHarness;
  beforeEach(async () => {
    h = await botHarness();
  });
  afterEach(() => h.close());

  const count = async (table: 'invoices' | 'jobs' | 'processed_updates') =>
    (await h.deps.db.selectFrom(table).selectAll().execute()).length;

  it('Telegram photo: 500 and one apology, then the redelivery makes one invoice and one charge', async () => {
    const phone = makePhone();
    const { profile } = await seedProfile(h.deps, { phone_verified: true, phone_number: phone });
    await h.telegram(contact(phone));
    h.tg.addFile('ph', await receiptJpeg());
    const update = { update_id: 900, ...photo('ph') };

    const heal = await h.failInserts('jobs');
    expect((await h.telegram(update)).status).toBe(500);
    expect((await h.telegram(update)).status).toBe(500); // Telegram retries while it still fails
    await h.settle();
    const apologies = () => h.tg.textsTo(USER).filter((t) => t.includes('algo salió mal'));
    expect(apologies()).toHaveLength(1); // not one per redelivery
    expect(await count('jobs')).toBe(0);

    await heal();
    expect((await h.telegram(update)).status).toBe(200);
    expect((await h.telegram(update)).status).toBe(200); // a later duplicate is still dropped
    await h.settle();
    expect(await count('invoices')).toBe(1);
    expect(h.tg.textsTo(USER).filter((t) => t.includes('Recibí tu ticket'))).toHaveLength(1);
    expect(h.tg.sent('sendDocument')).toHaveLength(2);
    expect(await balanceOf(h.deps.db, { type: 'profile', id: profile.id })).toBe(4);
    expect(apologies()).toHaveLength(1);
  });

  it('Telegram sign-up answer: a crash after the state change keeps neither; the redelivery answers once', async () => {
    await h.telegram(contact('+525511113333'));
    const heal = await h.failInserts('outbox', "NEW.payload LIKE '%2/5%'");
    const update = { update_id: 901, ...tgText(USER, makeRfc()) };
    expect((await h.telegram(update)).status).toBe(500);
    const conv = () => h.deps.db.selectFrom('conversations').select('state').executeTakeFirstOrThrow();
    expect((await conv()).state).toBe('signup_rfc'); // not advanced without its reply
    await heal();
    expect((await h.telegram(update)).status).toBe(200);
    await h.bots.outbox.drain();
    expect((await conv()).state).toBe('signup_name');
    expect(h.tg.textsTo(USER).filter((t) => t.startsWith('2/5'))).toHaveLength(1);
  });

  it('WhatsApp: a failed MessageSid answers 500; its redelivery is handled once', async () => {
    const from = 'whatsapp:+5215522229999';
    const { profile } = await seedProfile(h.deps, { phone_verified: true, phone_number: '+525522229999' });
    const params = {
      MessageSid: 'SMcrash',
      From: from,
      To: WA_FROM,
      NumMedia: '1',
      MediaUrl0: h.tw.addMedia('c1', await receiptJpeg()),
      MediaContentType0: 'image/jpeg',
    };
    const heal = await h.failInserts('jobs');
    expect((await h.whatsapp(params)).status).toBe(500);
    expect(await count('processed_updates')).toBe(1); // only the "apologised once" mark
    await heal();
    expect((await h.whatsapp(params)).status).toBe(200);
    expect((await h.whatsapp(params)).status).toBe(200);
    await h.settle();
    const bodies = h.tw.bodiesTo(from);
    expect(bodies.filter((b) => b.startsWith('¡Listo'))).toHaveLength(1);
    expect(bodies.filter((b) => b.includes('Recibí tu ticket'))).toHaveLength(1);
    expect(await count('invoices')).toBe(1);
    expect(await balanceOf(h.deps.db, { type: 'profile', id: profile.id })).toBe(4);
  });

  it('finishing sign-up is one transaction: a failed link leaves no profile, and the retry completes it', async () => {
    h.deps.config.WELCOME_CREDITS = 2;
    await h.telegram(contact('+525533330000'));
    for (const answer of [makeRfc(), 'Ana Pérez', '06600', '612']) await h.telegram(tgText(USER, answer));
    const heal = await h.failInserts('chat_identities', 'NEW.profile_id IS NOT NULL');
    const update = { update_id: 902, ...tgText(USER, 'G03') };
    expect((await h.telegram(update)).status).toBe(500);
    expect(await findProfileByPhone(h.deps.db, '+525533330000')).toBeUndefined();
    expect(await h.deps.db.selectFrom('credit_ledger').selectAll().execute()).toEqual([]);
    await heal();
    expect((await h.telegram(update)).status).toBe(200);
    await h.bots.outbox.drain();
    expect(h.tg.textsTo(USER).at(-1)).toMatch(/¡Bienvenido, Ana Pérez!.*Tienes 2 créditos/s);
    const profile = await findProfileByPhone(h.deps.db, '+525533330000');
    expect(profile?.credits_remaining).toBe(2);
    const identity = await h.deps.db.selectFrom('chat_identities').selectAll().executeTakeFirstOrThrow();
    expect(identity.profile_id).toBe(profile?.id);
    expect(await h.deps.db.selectFrom('conversations').selectAll().execute()).toEqual([]);
  });
});
