import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findProfileById, findProfileByPhone } from '../../src/profiles/profiles.repo.js';
import { call, makeRfc, seedOrgWithAdmin, seedProfile } from '../helpers/seed.js';
import { type BotHarness, botHarness, receiptJpeg, tgMessage, tgText, WA_FROM } from './bots.harness.js';

/**
 * An attacker types a victim's number into their own profile (PATCH) or a member's (org admin). The victim then
 * writes to the bot from that phone: the chat must not link to the attacker's profile without the victim's yes.
 */
const VICTIM = '+525577778888';
const VICTIM_WA = 'whatsapp:+5215577778888';
const TG_USER = 2002;
let sid = 0;

describe('chat linking by a number someone else typed', () => {
  let h: BotHarness;
  beforeEach(async () => {
    h = await botHarness();
  });
  afterEach(() => h.close());

  async function wa(body: string, extra: Record<string, string> = {}): Promise<string[]> {
    const before = h.tw.bodiesTo(VICTIM_WA).length;
    const params = {
      MessageSid: `SM${++sid}`,
      From: VICTIM_WA,
      To: WA_FROM,
      Body: body,
      NumMedia: '0',
      ...extra,
    };
    expect((await h.whatsapp(params)).status).toBe(200);
    await h.settle();
    return h.tw.bodiesTo(VICTIM_WA).slice(before);
  }

  async function tg(update: Parameters<BotHarness['telegram']>[0]): Promise<string[]> {
    const before = h.tg.textsTo(TG_USER).length;
    expect((await h.telegram(update)).status).toBe(200);
    await h.settle();
    return h.tg.textsTo(TG_USER).slice(before);
  }

  const linkedTo = async (channel: string, chatId: string) =>
    (
      await h.deps.db
        .selectFrom('chat_identities')
        .select('profile_id')
        .where('channel', '=', channel)
        .where('external_id', '=', chatId)
        .executeTakeFirst()
    )?.profile_id ?? null;

  it("WhatsApp: a photo from the victim's phone never becomes the attacker's invoice; «no» drops the claim", async () => {
    const attacker = await seedProfile(h.deps);
    const patch = await call(h.app, 'PATCH', `/api/profile/${attacker.profile.rfc}`, attacker.auth, {
      phone_number: VICTIM,
    });
    expect(patch.status).toBe(200);

    const media = h.tw.addMedia('v1', await receiptJpeg());
    const first = await wa('', { NumMedia: '1', MediaUrl0: media, MediaContentType0: 'image/jpeg' });
    expect(first.join('\n')).toMatch(/¿Es tuya\?/);
    expect(first.join('\n')).toContain(`RFC ${attacker.profile.rfc.slice(0, 2)}`);
    expect(first.join('\n')).not.toContain(attacker.profile.rfc);
    expect(await linkedTo('whatsapp', VICTIM_WA)).toBeNull();
    expect(await h.deps.db.selectFrom('invoices').selectAll().execute()).toEqual([]);

    const no = await wa('no');
    expect(no.join('\n')).toMatch(/quité tu número[\s\S]*1\/5 ¿Cuál es tu RFC\?/);
    expect((await findProfileById(h.deps.db, attacker.profile.id))?.phone_number).toBeNull();

    // The victim signs up with their own number, which the attacker can no longer take.
    const rfc = makeRfc();
    await wa(rfc);
    await wa('Víctima Pérez');
    await wa('06600');
    await wa('612');
    expect((await wa('G03'))[0]).toMatch(/¡Bienvenido, Víctima Pérez!/);
    expect((await findProfileByPhone(h.deps.db, VICTIM))?.rfc).toBe(rfc);
    const again = await call(h.app, 'PATCH', `/api/profile/${attacker.profile.rfc}`, attacker.auth, {
      phone_number: VICTIM,
    });
    expect(again.status).toBe(409);
  });

  it("Telegram: an org admin sets a member's number to the victim's; the own-contact share asks first", async () => {
    const { org, admin, member } = await seedOrgWithAdmin(h.deps);
    const res = await call(
      h.app,
      'PATCH',
      `/api/organizations/${org.id}/members/${member.profile.rfc}`,
      admin.auth,
      {
        phone_number: VICTIM,
      },
    );
    expect(res.status).toBe(200);
    const replies = await tg(
      tgMessage(TG_USER, { contact: { phone_number: VICTIM, first_name: 'V', user_id: TG_USER } }),
    );
    expect(replies.join('\n')).toMatch(/¿Es tuya\?/);
    expect(await linkedTo('telegram', String(TG_USER))).toBeNull();
    // Anything but an answer keeps the question and links nothing.
    expect((await tg(tgText(TG_USER, '/saldo'))).join('\n')).toMatch(/Responde «sí»/);
    expect(await linkedTo('telegram', String(TG_USER))).toBeNull();
    const no = await tg(tgText(TG_USER, 'no'));
    expect(no.join('\n')).toMatch(/1\/5 ¿Cuál es tu RFC\?/);
    expect((await findProfileById(h.deps.db, member.profile.id))?.phone_number).toBeNull();
  });

  it('the owner of a number set through the API accepts it with «sí» and is linked', async () => {
    const owner = await seedProfile(h.deps, { phone_number: VICTIM });
    const ask = await tg(
      tgMessage(TG_USER, { contact: { phone_number: VICTIM, first_name: 'V', user_id: TG_USER } }),
    );
    expect(ask.join('\n')).toContain(owner.profile.name);
    const yes = await tg(tgText(TG_USER, 'Sí, es mía'));
    expect(yes.join('\n')).toMatch(new RegExp(`¡Listo, ${owner.profile.name}!`));
    expect(await linkedTo('telegram', String(TG_USER))).toBe(owner.profile.id);
    expect((await findProfileById(h.deps.db, owner.profile.id))?.phone_verified).toBe(1);
  });

  it("changing a profile's number unlinks its chats and makes the new number a claim", async () => {
    const { profile, auth } = await seedProfile(h.deps, { phone_verified: true, phone_number: VICTIM });
    expect((await wa('saldo')).join('\n')).toMatch(/¡Listo/);
    expect(await linkedTo('whatsapp', VICTIM_WA)).toBe(profile.id);
    const res = await call(h.app, 'PATCH', `/api/profile/${profile.rfc}`, auth, {
      phone_number: '+525511110000',
    });
    expect(res.status).toBe(200);
    expect(await linkedTo('whatsapp', VICTIM_WA)).toBeNull();
    expect((await findProfileById(h.deps.db, profile.id))?.phone_verified).toBe(0);
    expect((await wa('saldo')).join('\n')).toMatch(/No encontré una cuenta con el número \+525577778888/);
  });
});
