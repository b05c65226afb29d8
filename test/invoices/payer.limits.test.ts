import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { balanceOf } from '../../src/credits/credits.service.js';
import { seedOrgWithAdmin, seedProfile } from '../helpers/seed.js';
import { invoiceHarness, json } from './invoice.helpers.js';

const image = async (seed: number) =>
  (
    await sharp({ create: { width: 64, height: 96, channels: 3, background: { r: seed, g: 200, b: 200 } } })
      .jpeg()
      .toBuffer()
  ).toString('base64');

describe('REST: processing invoices per payer are capped', () => {
  it('answers 429 RateLimited with Retry-After once the payer has MAX_PROCESSING_PER_PAYER in the queue', async () => {
    const { deps, app } = await invoiceHarness();
    deps.config.MAX_PROCESSING_PER_PAYER = 2;
    const me = await seedProfile(deps, { credits: 10 });
    for (let i = 0; i < 2; i++) {
      const res = await app.request(
        '/api/svc/facturar-ticket',
        json(me.auth, { receipt_image: await image(i), cfdi_usage: 'G03' }),
      );
      expect(res.status).toBe(202);
    }
    const res = await app.request(
      '/api/svc/facturar-ticket',
      json(me.auth, { receipt_image: await image(3), cfdi_usage: 'G03' }),
    );
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = await res.json();
    expect(body.error).toBe('RateLimited');
    expect(body.message).toMatch(/2 invoices are already processing .*at most 2/);
    expect(await balanceOf(deps.db, { type: 'profile', id: me.profile.id })).toBe(8);
    expect(await deps.db.selectFrom('invoices').selectAll().execute()).toHaveLength(2);

    // Another payer is not held back by this one.
    const other = await seedProfile(deps, { credits: 1 });
    const ok = await app.request(
      '/api/svc/facturar-ticket',
      json(other.auth, { receipt_image: await image(4), cfdi_usage: 'G03' }),
    );
    expect(ok.status).toBe(202);
  });

  it('an organization is one payer: its members share the cap', async () => {
    const { deps, app } = await invoiceHarness();
    deps.config.MAX_PROCESSING_PER_PAYER = 1;
    const { admin, member } = await seedOrgWithAdmin(deps, { credits: 10 });
    const first = await app.request(
      '/api/svc/facturar-ticket-org',
      json(admin.auth, { receipt_image: await image(1), cfdi_usage: 'G03', rfc: admin.profile.rfc }),
    );
    expect(first.status).toBe(202);
    const second = await app.request(
      '/api/svc/facturar-ticket-org',
      json(member.auth, { receipt_image: await image(2), cfdi_usage: 'G03', rfc: member.profile.rfc }),
    );
    expect(second.status).toBe(429);
  });
});
