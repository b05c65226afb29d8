import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { balanceOf } from '../../src/credits/credits.service.js';
import { checkReceiptImage, declaredSize } from '../../src/invoices/intake.js';
import { invoiceJobHandler } from '../../src/invoices/invoice.job.js';
import { INVOICE_JOB } from '../../src/invoices/invoices.service.js';
import { runDueJobs } from '../../src/jobs/worker.js';
import { createReceiptReader } from '../../src/receipts/receipts.reader.js';
import { seedProfile } from '../helpers/seed.js';
import { jpegBomb, pngBomb } from './image.bombs.js';
import { fakePdf, invoiceHarness, json, snapshot } from './invoice.helpers.js';

const post = (auth: { authorization: string }, image: Buffer) =>
  json(auth, { receipt_image: image.toString('base64'), cfdi_usage: 'G03' });

describe('pixel cap (MAX_IMAGE_PIXELS) from the header, before decoding', () => {
  it('reads the declared size of PNG and JPEG headers', async () => {
    expect(declaredSize(pngBomb(60_000, 60_000))).toEqual({ width: 60_000, height: 60_000 });
    expect(declaredSize(await jpegBomb(6000, 5000))).toEqual({ width: 6000, height: 5000 });
    expect(declaredSize(Buffer.from('GIF89a'))).toBeUndefined();
    expect(declaredSize(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBeUndefined();
  });

  it.each([
    ['PNG, 30 MP', () => Promise.resolve(pngBomb(6000, 5000)), '6000×5000'],
    ['JPEG, 30 MP', () => jpegBomb(6000, 5000), '6000×5000'],
    ['PNG, 3.6 GP', () => Promise.resolve(pngBomb(60_000, 60_000)), '60000×60000'],
  ])('a %s bomb of a few bytes is 413 PayloadTooLarge; nothing stored or charged', async (_n, make, dims) => {
    const { deps, app } = await invoiceHarness();
    const me = await seedProfile(deps, { credits: 3 });
    const bomb = await make();
    expect(bomb.length).toBeLessThan(1000);
    const before = await snapshot(deps);
    const res = await app.request('/api/svc/facturar-ticket', post(me.auth, bomb));
    expect(res.status).toBe(413);
    const body = await res.json();
    expect(body.error).toBe('PayloadTooLarge');
    expect(body.message).toContain(dims);
    expect(body.message).toMatch(/at most 25 MP/);
    expect(await snapshot(deps)).toEqual(before);
  });

  it('the cap follows MAX_IMAGE_PIXELS, and an image at the cap is accepted', async () => {
    expect((await checkReceiptImage(pngBomb(1000, 1000), 1_000_000)).width).toBe(1000);
    await expect(checkReceiptImage(pngBomb(1001, 1000), 1_000_000)).rejects.toMatchObject({
      code: 'PayloadTooLarge',
    });
  });
});

describe('an image that cannot be decoded fails the invoice at once', () => {
  it('permanent unreadable_receipt with the refund on the first attempt, not five retries', async () => {
    const reader = createReceiptReader({
      engine: {
        recognize: () => Promise.reject(new Error('the engine must not be reached')),
        close: async () => {},
      },
    });
    const { deps, app } = await invoiceHarness({ readReceipt: reader.read });
    const me = await seedProfile(deps, { credits: 3 });
    const good = await sharp({ create: { width: 64, height: 96, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const res = await app.request('/api/svc/facturar-ticket', post(me.auth, good));
    expect(res.status).toBe(202);
    const { id } = await res.json();
    // The stored photo no longer decodes (damaged on disk, or a format trick intake could not see).
    const inv = await deps.db
      .selectFrom('invoices')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await deps.storage.put(inv.receipt_key, Buffer.from('definitely not an image'));
    expect(await balanceOf(deps.db, { type: 'profile', id: me.profile.id })).toBe(2);

    const handlers = { [INVOICE_JOB]: invoiceJobHandler({ ...deps, renderPdf: fakePdf }) };
    expect(await runDueJobs(deps, handlers, { backoffBaseMs: 1 })).toBe(1);
    const after = await deps.db
      .selectFrom('invoices')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: 'failed', failure_code: 'unreadable_receipt' });
    expect(await balanceOf(deps.db, { type: 'profile', id: me.profile.id })).toBe(3);
    const job = await deps.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'done', attempts: 1 });
    await reader.close();
  });
});
