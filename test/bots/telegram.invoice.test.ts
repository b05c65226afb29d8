import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { balanceOf } from '../../src/credits/credits.service.js';
import { makePhone, seedOrgWithAdmin, seedProfile } from '../helpers/seed.js';
import {
  type BotHarness,
  botHarness,
  goodReceipt,
  proveNumber,
  receiptJpeg,
  tgMessage,
  tgText,
} from './bots.harness.js';

const USER = 2002;
const photo = (fileId: string, size?: number, extra: Record<string, unknown> = {}) =>
  tgMessage(USER, {
    photo: [
      { file_id: `${fileId}-small`, file_unique_id: 's', width: 10, height: 10 },
      { file_id: fileId, file_unique_id: fileId, width: 64, height: 96, file_size: size },
    ],
    ...extra,
  });

describe('Telegram: a photo becomes an invoice', () => {
  let h: BotHarness;
  let profileId: string;
  beforeEach(async () => {
    h = await botHarness();
    const phone = makePhone();
    profileId = (await seedProfile(h.deps, { phone_verified: true, phone_number: phone })).profile.id;
    await h.telegram(tgMessage(USER, { contact: { phone_number: phone, first_name: 'Ana', user_id: USER } }));
    await h.bots.outbox.drain();
  });
  afterEach(() => h.close());

  const texts = () => h.tg.textsTo(USER);

  it('says it is processing with the credits left, then sends the PDF and the XML', async () => {
    h.tg.addFile('ph1', await receiptJpeg());
    expect((await h.telegram(photo('ph1'))).status).toBe(200);
    // The webhook only queued work: nothing charged yet.
    expect(await balanceOf(h.deps.db, { type: 'profile', id: profileId })).toBe(5);
    await h.settle();

    const getFile = h.tg.sent('getFile');
    expect(getFile.map((c) => c.params.file_id)).toEqual(['ph1']); // the largest size, not the thumbnail
    expect(texts().some((t) => /Recibí tu ticket.*\nTe quedan 4 créditos/s.test(t))).toBe(true);
    const docs = h.tg.sent('sendDocument');
    expect(docs).toHaveLength(2);
    const inv = await h.deps.db.selectFrom('invoices').selectAll().executeTakeFirstOrThrow();
    expect(inv).toMatchObject({
      status: 'completed',
      source: 'telegram',
      chat_channel: 'telegram',
      chat_id: String(USER),
    });
    expect(docs[0]!.params.caption).toMatch(/Tu factura está lista/);
    expect(docs[0]!.params.caption).toContain('CADENA COMERCIAL OXXO');
    expect(docs[0]!.params.caption).toContain('$116.00 MXN');
    expect(docs[0]!.params.caption).toContain(`UUID: ${inv.uuid}`);
    expect(docs[0]!.files.document?.filename).toBe(`factura-${inv.uuid}.pdf`);
    expect(docs[0]!.files.document?.bytes.toString()).toContain('%PDF');
    expect(docs[1]!.files.document?.filename).toBe(`factura-${inv.uuid}.xml`);
    expect(docs[1]!.files.document?.bytes.toString()).toContain('tfd:TimbreFiscalDigital');
    const outbox = await h.deps.db.selectFrom('outbox').select('status').execute();
    expect(outbox.every((r) => r.status === 'sent')).toBe(true);
  });

  it('turns an album (several photos) and an image sent as a file into one invoice each', async () => {
    for (const id of ['a1', 'a2']) h.tg.addFile(id, await receiptJpeg(id === 'a1' ? 1 : 2));
    h.tg.addFile('doc1', await receiptJpeg(3));
    await h.telegram(photo('a1', undefined, { media_group_id: 'album' }));
    await h.telegram(photo('a2', undefined, { media_group_id: 'album' }));
    await h.telegram(
      tgMessage(USER, {
        document: { file_id: 'doc1', file_unique_id: 'd', mime_type: 'image/png', file_name: 't.png' },
      }),
    );
    await h.settle();
    const invoices = await h.deps.db.selectFrom('invoices').select(['status']).execute();
    expect(invoices.map((i) => i.status)).toEqual(['completed', 'completed', 'completed']);
    expect(h.tg.sent('sendDocument')).toHaveLength(6);
    expect(await balanceOf(h.deps.db, { type: 'profile', id: profileId })).toBe(2);
  });

  it('handles a redelivered update once: one invoice, one charge', async () => {
    h.tg.addFile('dup', await receiptJpeg());
    const update = { update_id: 777, ...photo('dup') };
    expect((await h.telegram(update)).status).toBe(200);
    expect((await h.telegram(update)).status).toBe(200);
    await h.settle();
    expect(await h.deps.db.selectFrom('invoices').selectAll().execute()).toHaveLength(1);
    expect(await balanceOf(h.deps.db, { type: 'profile', id: profileId })).toBe(4);
    expect(texts().filter((t) => t.includes('Recibí tu ticket'))).toHaveLength(1);
    expect(h.tg.sent('getFile')).toHaveLength(1);
    const saldo = { update_id: 778, ...tgText(USER, '/saldo') };
    await h.telegram(saldo);
    await h.telegram(saldo);
    await h.bots.outbox.drain();
    expect(texts().filter((t) => t.startsWith('Tienes'))).toHaveLength(1);
  });

  it('with no credits says so and how to get more, charging nothing', async () => {
    await h.deps.db
      .updateTable('profiles')
      .set({ credits_remaining: 0 })
      .where('id', '=', profileId)
      .execute();
    h.tg.addFile('nc', await receiptJpeg());
    await h.telegram(photo('nc'));
    await h.settle();
    expect(texts().at(-1)).toMatch(/No tienes créditos para facturar.*No se cobró nada.*recargar/s);
    expect(await h.deps.db.selectFrom('invoices').selectAll().execute()).toEqual([]);
    expect(h.tg.sent('sendDocument')).toEqual([]);
  });

  it('on failure says why in plain Spanish and that the credit came back', async () => {
    // Read with confidence, but no store ticket totals ten million pesos: a failure, not a question.
    h.receipts.push(goodReceipt({ total: 2_000_000_000, subtotal: null, iva: null }));
    h.tg.addFile('bad', await receiptJpeg());
    await h.telegram(photo('bad'));
    await h.settle();
    const inv = await h.deps.db.selectFrom('invoices').selectAll().executeTakeFirstOrThrow();
    expect(inv.status).toBe('failed');
    expect(texts().at(-1)).toMatch(
      /No pude facturar tu ticket: .+\.\nTu crédito fue devuelto; quedan 5 créditos/,
    );
    expect(await balanceOf(h.deps.db, { type: 'profile', id: profileId })).toBe(5);
  });

  it('refuses an oversized photo before downloading it, and a non-image file', async () => {
    await h.telegram(photo('huge', 5_000_000));
    await h.telegram(
      tgMessage(USER, { document: { file_id: 'zip', file_unique_id: 'z', mime_type: 'application/zip' } }),
    );
    await h.settle();
    expect(h.tg.sent('getFile')).toEqual([]);
    expect(texts().slice(-2)).toEqual([
      expect.stringMatching(/^Esa imagen pesa más de 195 KB\./),
      expect.stringMatching(/Solo puedo facturar fotos/),
    ]);
  });

  it('says the photo is too big when Telegram refuses to serve it (getFile "file is too big")', async () => {
    h.tg.failNext('getFile', { error_code: 400, description: 'Bad Request: file is too big' });
    await h.telegram(photo('big-unknown-size'));
    await h.settle();
    expect(texts().at(-1)).toMatch(/^Esa imagen pesa más de 195 KB/);
    expect(await h.deps.db.selectFrom('invoices').selectAll().execute()).toEqual([]);
  });

  it('refuses bytes that are not JPEG or PNG after download', async () => {
    h.tg.addFile('gif', Buffer.from('GIF89a not really'));
    await h.telegram(photo('gif'));
    await h.settle();
    expect(texts().at(-1)).toMatch(/No pude abrir esa imagen/);
    expect(await balanceOf(h.deps.db, { type: 'profile', id: profileId })).toBe(5);
  });

  it('/facturas lists the last five with fresh links', async () => {
    h.tg.addFile('f1', await receiptJpeg());
    await h.telegram(photo('f1'));
    await h.settle();
    await h.telegram(tgText(USER, '/facturas'));
    await h.bots.outbox.drain();
    const list = texts().at(-1)!;
    expect(list).toMatch(
      /^Tus últimas facturas:\n\n1\. \d\d\/\d\d\/2026 · CADENA COMERCIAL OXXO · \$116\.00 MXN · ✅ lista/,
    );
    expect(list).toMatch(/PDF: http:\/\/localhost:3000\/files\/invoices\/[\w-]+\/pdf\?exp=\d+&sig=/);
    expect(list).toMatch(/XML: http:\/\/localhost:3000\/files\/invoices\/[\w-]+\/xml\?exp=/);
  });

  it("a member of an organization with chat_invoicing spends the organization's credits", async () => {
    const { org, member } = await seedOrgWithAdmin(h.deps, { credits: 7, flags: { chat_invoicing: true } });
    const phone = member.profile.phone_number!;
    await proveNumber(h, member.profile.id);
    const OTHER = 3003;
    await h.telegram(tgMessage(OTHER, { contact: { phone_number: phone, first_name: 'M', user_id: OTHER } }));
    await h.bots.outbox.drain();
    // On linking, the balance that will pay (the organization's, like /saldo), not the member's own 5.
    expect(h.tg.textsTo(OTHER)[0]).toMatch(
      new RegExp(
        `^¡Listo, ${member.profile.name}![\\s\\S]*Tus facturas del chat las paga ${org.name}: le quedan 7 créditos\\.$`,
      ),
    );
    h.tg.addFile('org1', await receiptJpeg());
    await h.telegram(
      tgMessage(OTHER, { photo: [{ file_id: 'org1', file_unique_id: 'o', width: 64, height: 96 }] }),
    );
    await h.settle();
    const inv = await h.deps.db.selectFrom('invoices').selectAll().executeTakeFirstOrThrow();
    expect(inv).toMatchObject({ org_id: org.id, charged_account_type: 'org', profile_id: member.profile.id });
    expect(await balanceOf(h.deps.db, { type: 'org', id: org.id })).toBe(6);
    expect(await balanceOf(h.deps.db, { type: 'profile', id: member.profile.id })).toBe(5);
    expect(h.tg.textsTo(OTHER).some((t) => t.includes(`A ${org.name} le quedan 6 créditos`))).toBe(true);
    const res = await h.app.request(`/api/svc/member-invoices?org_id=${org.id}&rfc=${member.profile.rfc}`, {
      headers: (await seedOrgAdminAuth(h, org.id)) ?? {},
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { total: number }).total).toBe(1);
  });
});

describe('Telegram: an organization with chat_invoicing and no credits left', () => {
  let h: BotHarness;
  beforeEach(async () => {
    h = await botHarness();
  });
  afterEach(() => h.close());

  it("says so on linking and on a photo, charges nothing, and never falls back to the member's credits", async () => {
    const { org, member } = await seedOrgWithAdmin(h.deps, { credits: 0, flags: { chat_invoicing: true } });
    const phone = member.profile.phone_number!;
    await proveNumber(h, member.profile.id);
    await h.telegram(tgMessage(USER, { contact: { phone_number: phone, first_name: 'M', user_id: USER } }));
    h.tg.addFile('org0', await receiptJpeg());
    await h.telegram(photo('org0'));
    await h.settle();
    const texts = h.tg.textsTo(USER);
    expect(texts[0]).toMatch(
      new RegExp(`las paga ${org.name}: le quedan 0 créditos\\.\\nPide a un administrador`),
    );
    expect(texts.at(-1)).toMatch(
      new RegExp(
        `^${org.name} no tiene créditos para facturar 😕\\. No se cobró nada\\.\\nPide a un administrador`,
      ),
    );
    expect(await h.deps.db.selectFrom('invoices').selectAll().execute()).toEqual([]);
    expect(await balanceOf(h.deps.db, { type: 'profile', id: member.profile.id })).toBe(5);
    expect(await balanceOf(h.deps.db, { type: 'org', id: org.id })).toBe(0);
  });
});

/** An API key of an admin of the organization (member-invoices is for admins). */
async function seedOrgAdminAuth(h: BotHarness, orgId: string) {
  const admin = await seedProfile(h.deps, { org_id: orgId, is_admin: true });
  return admin.auth;
}
