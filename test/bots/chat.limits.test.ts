import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { balanceOf } from '../../src/credits/credits.service.js';
import { INVOICE_JOB } from '../../src/invoices/invoices.service.js';
import { runDueJobs } from '../../src/jobs/worker.js';
import {
  type BotHarness,
  botHarness,
  proveNumber,
  receiptJpeg,
  tgMessage,
  tgText,
} from '../bots/bots.harness.js';
import { makePhone, seedOrgWithAdmin, seedProfile } from '../helpers/seed.js';
import { pngBomb } from '../invoices/image.bombs.js';

const USER = 3003;
const photo = (fileId: string) =>
  tgMessage(USER, {
    photo: [{ file_id: fileId, file_unique_id: fileId, width: 64, height: 96 }],
  });

async function linked(h: BotHarness, user: number, over: Parameters<typeof seedProfile>[1] = {}) {
  const phone = makePhone();
  const seeded = await seedProfile(h.deps, { phone_number: phone, ...over });
  await proveNumber(h, seeded.profile.id);
  await h.telegram(tgMessage(user, { contact: { phone_number: phone, first_name: 'Ana', user_id: user } }));
  await h.bots.outbox.drain();
  return seeded.profile;
}

describe('chat fair use', () => {
  let h: BotHarness;
  beforeEach(async () => {
    h = await botHarness();
    h.deps.config.CHAT_PHOTOS_PER_MINUTE = 3;
    h.deps.config.CHAT_MESSAGES_PER_MINUTE = 4;
    await h.restart();
  });
  afterEach(() => h.close());

  it('with 0 credits a photo is neither downloaded nor queued, and the person is told in Spanish', async () => {
    const profile = await linked(h, USER, { credits: 0 });
    h.tg.addFile('p0', await receiptJpeg());
    await h.telegram(photo('p0'));
    expect(await h.deps.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
    await h.settle();
    expect(h.tg.sent('getFile')).toEqual([]);
    expect(h.tg.textsTo(USER).at(-1)).toMatch(/^No tienes créditos para facturar 😕\. No se cobró nada\./);
    expect(await balanceOf(h.deps.db, { type: 'profile', id: profile.id })).toBe(0);
  });

  it('an organization with 0 credits: its member is told before any download', async () => {
    const { org, member } = await seedOrgWithAdmin(h.deps, { credits: 0, flags: { chat_invoicing: true } });
    const phone = member.profile.phone_number!;
    await proveNumber(h, member.profile.id);
    await h.telegram(tgMessage(USER, { contact: { phone_number: phone, first_name: 'Ana', user_id: USER } }));
    h.tg.addFile('po', await receiptJpeg());
    await h.telegram(photo('po'));
    await h.settle();
    expect(h.tg.sent('getFile')).toEqual([]);
    expect(h.tg.textsTo(USER).at(-1)).toMatch(new RegExp(`^${org.name} no tiene créditos para facturar`));
  });

  it('credits spent after the photo was queued: the job checks again before downloading', async () => {
    const profile = await linked(h, USER, { credits: 1 });
    h.tg.addFile('late', await receiptJpeg());
    await h.telegram(photo('late'));
    await h.deps.db
      .updateTable('profiles')
      .set({ credits_remaining: 0 })
      .where('id', '=', profile.id)
      .execute();
    await h.settle();
    expect(h.tg.sent('getFile')).toEqual([]);
    expect(h.tg.textsTo(USER).at(-1)).toMatch(/^No tienes créditos para facturar/);
  });

  it('photos beyond the per-minute limit are dropped with one warning; the next minute works again', async () => {
    await linked(h, USER, { credits: 20 });
    for (let i = 0; i < 6; i++) {
      h.tg.addFile(`r${i}`, await receiptJpeg(i));
      await h.telegram(photo(`r${i}`));
    }
    await h.settle();
    expect(h.tg.sent('getFile')).toHaveLength(3);
    expect(h.tg.textsTo(USER).filter((t) => t.startsWith('Vas muy rápido'))).toHaveLength(1);
    expect(await h.deps.db.selectFrom('invoices').selectAll().execute()).toHaveLength(3);
    h.clock.advance(61_000);
    h.tg.addFile('again', await receiptJpeg(9));
    await h.telegram(photo('again'));
    await h.settle();
    expect(h.tg.sent('getFile')).toHaveLength(4);
  });

  it('messages beyond the per-minute limit get one warning and no answers', async () => {
    await linked(h, USER); // the contact is the first message of this minute
    for (let i = 0; i < 6; i++) await h.telegram(tgText(USER, '/saldo'));
    await h.bots.outbox.drain();
    const texts = h.tg.textsTo(USER);
    expect(texts.filter((t) => t.startsWith('Tienes'))).toHaveLength(3);
    expect(texts.filter((t) => t.startsWith('Vas muy rápido'))).toHaveLength(1);
  });

  it('the per-profile limit spans chats: a second chat of the same person shares it', async () => {
    const profile = await linked(h, USER, { credits: 20 });
    await h.deps.db
      .insertInto('chat_identities')
      .values({
        channel: 'telegram',
        external_id: '4004',
        profile_id: profile.id,
        phone_number: profile.phone_number,
        created_at: h.clock.now().toISOString(),
        updated_at: h.clock.now().toISOString(),
      } as never)
      .execute();
    for (let i = 0; i < 3; i++) {
      h.tg.addFile(`a${i}`, await receiptJpeg(i));
      await h.telegram(photo(`a${i}`));
    }
    h.tg.addFile('b0', await receiptJpeg(7));
    await h.telegram(
      tgMessage(4004, { photo: [{ file_id: 'b0', file_unique_id: 'b0', width: 64, height: 96 }] }),
    );
    await h.settle();
    expect(h.tg.sent('getFile')).toHaveLength(3);
    expect(h.tg.textsTo(4004).at(-1)).toMatch(/^Vas muy rápido/);
  });

  it('a payer at MAX_PROCESSING_PER_PAYER is asked to wait, nothing downloaded or charged', async () => {
    h.deps.config.MAX_PROCESSING_PER_PAYER = 2;
    const profile = await linked(h, USER, { credits: 20 });
    for (let i = 0; i < 2; i++) {
      h.tg.addFile(`q${i}`, await receiptJpeg(i));
      await h.telegram(photo(`q${i}`));
    }
    // The chat jobs create the invoices; their invoice jobs are held, so both stay processing.
    await runDueJobs(h.deps, {
      ...h.bots.jobHandlers,
      [INVOICE_JOB]: { run: () => Promise.reject(new Error('held')) },
    });
    h.tg.addFile('q2', await receiptJpeg(5));
    await h.telegram(photo('q2'));
    await h.bots.outbox.drain();
    expect(h.tg.textsTo(USER).at(-1)).toMatch(/^Ya tienes muchos tickets en proceso\./);
    expect(h.tg.sent('getFile')).toHaveLength(2);
    expect(await balanceOf(h.deps.db, { type: 'profile', id: profile.id })).toBe(18);
  });
});

describe('chat: a pixel bomb', () => {
  it('is refused with its own Spanish message, nothing charged', async () => {
    const h = await botHarness();
    try {
      const profile = await linked(h, USER, { credits: 2 });
      h.tg.addFile('bomb', pngBomb(8000, 8000));
      await h.telegram(photo('bomb'));
      await h.settle();
      expect(h.tg.textsTo(USER).at(-1)).toMatch(/^Esa imagen tiene demasiada resolución/);
      expect(await balanceOf(h.deps.db, { type: 'profile', id: profile.id })).toBe(2);
    } finally {
      await h.close();
    }
  });
});
