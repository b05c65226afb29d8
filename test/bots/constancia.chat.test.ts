import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { balanceOf } from '../../src/credits/credits.service.js';
import { findProfileById, findProfileByRfc, getTaxInfo } from '../../src/profiles/profiles.repo.js';
import { makePhone, makeRfc, seedProfile } from '../helpers/seed.js';
import { FISICA_DOS, FISICA_UNO, renderConstancia, scannedPdf } from '../profiles/constancia.fixtures.js';
import { type BotHarness, botHarness, tgMessage, tgText, WA_FROM } from './bots.harness.js';

const USER = 5005;
let n = 0;

describe('the Constancia in chat', () => {
  let h: BotHarness;
  beforeEach(async () => {
    h = await botHarness();
  });
  afterEach(() => h.close());

  async function tg(update: Parameters<BotHarness['telegram']>[0], user = USER): Promise<string> {
    const before = h.tg.textsTo(user).length;
    expect((await h.telegram(update)).status).toBe(200);
    await h.settle();
    return h.tg.textsTo(user).slice(before).join('\n');
  }

  const tgPdf = (pdf: Buffer, user = USER) => {
    const id = `pdf${++n}`;
    h.tg.addFile(id, pdf);
    const document = {
      file_id: id,
      file_unique_id: id,
      file_name: 'constancia.pdf',
      mime_type: 'application/pdf',
      file_size: pdf.length,
    };
    return tg(tgMessage(user, { document }), user);
  };

  const contact = (phone: string, user = USER) =>
    tg(tgMessage(user, { contact: { phone_number: phone, first_name: 'A', user_id: user } }), user);

  it('answers every sign-up question at once, after a yes', async () => {
    h.deps.config.WELCOME_CREDITS = 2;
    const phone = makePhone();
    expect(await contact(phone)).toMatch(/1\/5 ¿Cuál es tu RFC\?/);
    const rfc = makeRfc();
    const read = await tgPdf(await renderConstancia({ rfc, ...FISICA_DOS }));
    expect(read).toMatch(/Recibí tu PDF/);
    expect(read).toMatch(
      new RegExp(
        `RFC: ${rfc}[\\s\\S]*JUAN PÉREZ NUÑEZ[\\s\\S]*44100[\\s\\S]*626[\\s\\S]*605, 626[\\s\\S]*¿Guardo estos datos\\?`,
      ),
    );
    expect(await findProfileByRfc(h.deps.db, rfc)).toBeUndefined();
    expect(await tg(tgText(USER, 'sí'))).toMatch(/¡Bienvenido, JUAN PÉREZ NUÑEZ!.*2 créditos/s);
    const profile = await findProfileByRfc(h.deps.db, rfc);
    expect(profile).toMatchObject({
      phone_number: phone,
      phone_verified: 1,
      rfc_source: 'chat',
      constancia_issued_on: '2025-02-03',
    });
    expect(await getTaxInfo(h.deps.db, profile!.id)).toMatchObject({
      taxpayer: 'JUAN PÉREZ NUÑEZ',
      postal_code: '44100',
      fiscal_regimen: '626',
      cfdi_use: 'G03',
    });
    expect(await tg(tgText(USER, '/saldo'))).toBe('Tienes 2 créditos.');
  });

  it("updates a linked WhatsApp profile, and refuses another RFC's Constancia", async () => {
    const phone = '+525544443333';
    const from = 'whatsapp:+5215544443333';
    const { profile } = await seedProfile(h.deps, { phone_verified: true, phone_number: phone });
    const wa = async (extra: Record<string, string>) => {
      const before = h.tw.bodiesTo(from).length;
      const params = { MessageSid: `SM${++n}`, From: from, To: WA_FROM, NumMedia: '0', Body: '', ...extra };
      expect((await h.whatsapp(params)).status).toBe(200);
      await h.settle();
      return h.tw.bodiesTo(from).slice(before).join('\n');
    };
    const pdfMsg = async (pdf: Buffer) =>
      wa({ NumMedia: '1', MediaUrl0: h.tw.addMedia(`c${++n}`, pdf), MediaContentType0: 'application/pdf' });
    await wa({ Body: 'hola' });
    expect(await pdfMsg(await renderConstancia({ rfc: makeRfc(), ...FISICA_UNO }))).toMatch(/es de otro RFC/);
    expect(await pdfMsg(await renderConstancia({ rfc: profile.rfc, ...FISICA_UNO }))).toMatch(
      /¿Guardo estos datos\?/,
    );
    expect((await getTaxInfo(h.deps.db, profile.id))?.postal_code).toBe('06600');
    expect(await wa({ Body: 'si' })).toMatch(/Actualicé tus datos fiscales/);
    expect(await getTaxInfo(h.deps.db, profile.id)).toMatchObject({
      taxpayer: 'MARÍA JOSÉ GÓMEZ ÁLVAREZ',
      postal_code: '06700',
      fiscal_regimen: '605',
    });
    expect(await pdfMsg(await scannedPdf())).toMatch(/envía el PDF que descargaste del SAT/);
    expect(await pdfMsg(Buffer.from('not a pdf at all'))).toMatch(/no es un PDF/);
  });

  it('takes an RFC back from a chat profile that never showed a Constancia; the squatter keeps its credits', async () => {
    const rfc = makeRfc();
    // The squatter signs up first, typing someone else's RFC.
    const SQUATTER = 6006;
    await contact(makePhone(), SQUATTER);
    for (const answer of [rfc, 'Alguien Más', '06600', '612', 'G03'])
      await tg(tgText(SQUATTER, answer), SQUATTER);
    const squatter = (await findProfileByRfc(h.deps.db, rfc))!;
    expect(squatter.rfc_source).toBe('chat');
    await h.deps.db
      .updateTable('profiles')
      .set({ credits_remaining: 3 })
      .where('id', '=', squatter.id)
      .execute();

    await contact(makePhone());
    expect(await tg(tgText(USER, rfc))).toMatch(
      /Ese RFC ya tiene una cuenta\. Si es tuyo, envíame tu Constancia/,
    );
    expect(await tgPdf(await renderConstancia({ rfc, ...FISICA_UNO }))).toMatch(/¿Guardo estos datos\?/);
    expect(await tg(tgText(USER, 'sí'))).toMatch(/¡Bienvenido, MARÍA JOSÉ GÓMEZ ÁLVAREZ!/);

    const owner = await findProfileByRfc(h.deps.db, rfc);
    expect(owner?.id).not.toBe(squatter.id);
    const lost = await findProfileById(h.deps.db, squatter.id);
    expect(lost?.rfc).toBe(`RECLAMADO-${squatter.id}`);
    expect(lost?.credits_remaining).toBe(3);
    expect(h.tg.textsTo(SQUATTER).at(-1)).toMatch(/ya no está a tu nombre/);
  });

  it('does not take an RFC backed by a Constancia or registered through the API', async () => {
    const holder = await seedProfile(h.deps);
    await contact(makePhone());
    await tg(tgText(USER, holder.profile.rfc));
    const reply = await tgPdf(await renderConstancia({ rfc: holder.profile.rfc, ...FISICA_UNO }));
    expect(reply).toMatch(/pide a quien la administra/);
    expect((await findProfileByRfc(h.deps.db, holder.profile.rfc))?.id).toBe(holder.profile.id);
    expect(await balanceOf(h.deps.db, { type: 'profile', id: holder.profile.id })).toBe(5);
  });
});
