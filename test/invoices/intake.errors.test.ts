import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { isUsoAllowedForRegimen, USOS_CFDI } from '../../src/catalogs/sat.catalogs.js';
import { seedProfile } from '../helpers/seed.js';
import { fixtureB64, invoiceHarness, json, snapshot } from './invoice.helpers.js';

const jpeg = `data:image/jpeg;base64,${fixtureB64()}`;
const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const notAllowedFor612 = USOS_CFDI.find(
  (u) => u.fisica && !isUsoAllowedForRegimen(u.code, '612', 'fisica'),
)!.code;

/** Each bad request, the status and error name it must get. */
const cases: [string, Record<string, unknown>, number, string][] = [
  [
    'bad base64',
    { receipt_image: 'data:image/jpeg;base64,@@not base64@@', cfdi_usage: 'G03' },
    400,
    'ValidationError',
  ],
  [
    'PDF bytes labeled image/png',
    { receipt_image: `data:image/png;base64,${b64('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n')}`, cfdi_usage: 'G03' },
    415,
    'UnsupportedMediaType',
  ],
  [
    'a GIF',
    { receipt_image: `data:image/gif;base64,${GIF.toString('base64')}`, cfdi_usage: 'G03' },
    415,
    'UnsupportedMediaType',
  ],
  [
    'a GIF labeled image/jpeg',
    { receipt_image: `data:image/jpeg;base64,${GIF.toString('base64')}`, cfdi_usage: 'G03' },
    415,
    'UnsupportedMediaType',
  ],
  [
    'JPEG magic with garbage after it',
    {
      receipt_image: b64(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)])),
      cfdi_usage: 'G03',
    },
    400,
    'ValidationError',
  ],
  ['empty image', { receipt_image: '', cfdi_usage: 'G03' }, 400, 'ValidationError'],
  [
    'only a data-URI prefix',
    { receipt_image: 'data:image/png;base64,', cfdi_usage: 'G03' },
    400,
    'ValidationError',
  ],
  ['missing receipt_image', { cfdi_usage: 'G03' }, 400, 'ValidationError'],
  ['missing cfdi_usage', { receipt_image: jpeg }, 400, 'ValidationError'],
  ['invalid cfdi_usage', { receipt_image: jpeg, cfdi_usage: 'Z99' }, 400, 'ValidationError'],
  ['retired cfdi_usage P01', { receipt_image: jpeg, cfdi_usage: 'P01' }, 400, 'ValidationError'],
  [
    `use ${notAllowedFor612} not allowed for regime 612`,
    { receipt_image: jpeg, cfdi_usage: notAllowedFor612 },
    400,
    'ValidationError',
  ],
];

describe('intake: every bad input gets its error and changes nothing', () => {
  it.each(cases)('%s', async (_name, body, status, error) => {
    const { deps, app } = await invoiceHarness();
    const me = await seedProfile(deps, { credits: 3 });
    const before = await snapshot(deps);
    const res = await app.request('/api/svc/facturar-ticket', json(me.auth, body));
    const got = await res.json();
    expect(res.status).toBe(status);
    expect(got.error).toBe(error);
    expect(got.message).toEqual(expect.any(String));
    expect(await snapshot(deps)).toEqual(before);
  });

  it('a decoded image over 10 MB is 413', async () => {
    const { deps, app } = await invoiceHarness();
    const me = await seedProfile(deps);
    const before = await snapshot(deps);
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await app.request(
      '/api/svc/facturar-ticket',
      json(me.auth, { receipt_image: b64(big), cfdi_usage: 'G03' }),
    );
    expect(res.status).toBe(413);
    expect((await res.json()).error).toBe('PayloadTooLarge');
    expect(await snapshot(deps)).toEqual(before);
  });

  it('a tiny (absurd dimensions) PNG is 400; a real PNG is accepted', async () => {
    const { deps, app } = await invoiceHarness();
    const me = await seedProfile(deps);
    const png = (w: number, h: number) =>
      sharp({ create: { width: w, height: h, channels: 3, background: '#fff' } })
        .png()
        .toBuffer();
    const before = await snapshot(deps);
    const tiny = await app.request(
      '/api/svc/facturar-ticket',
      json(me.auth, { receipt_image: b64(await png(4, 4)), cfdi_usage: 'G03' }),
    );
    expect(tiny.status).toBe(400);
    expect(await snapshot(deps)).toEqual(before);
    const ok = await app.request(
      '/api/svc/facturar-ticket',
      json(me.auth, {
        receipt_image: `data:image/jpeg;base64,${b64(await png(400, 800))}`,
        cfdi_usage: 'G03',
      }),
    );
    expect(ok.status).toBe(202);
    expect([...deps.storage.files.keys()]).toEqual([expect.stringMatching(/^receipts\/.+\.png$/)]);
  });

  it('incomplete tax information is refused with what is missing', async () => {
    const { deps, app } = await invoiceHarness();
    const me = await seedProfile(deps);
    await deps.db.updateTable('tax_info').set({ postal_code: null, fiscal_regimen: null }).execute();
    const before = await snapshot(deps);
    const res = await app.request(
      '/api/svc/facturar-ticket',
      json(me.auth, { receipt_image: jpeg, cfdi_usage: 'G03' }),
    );
    expect(res.status).toBe(400);
    const got = await res.json();
    expect(got.message).toMatch(/postal_code/);
    expect(got.message).toMatch(/fiscal_regimen/);
    expect(await snapshot(deps)).toEqual(before);
  });

  it('0 credits is 402 InsufficientCredits', async () => {
    const { deps, app } = await invoiceHarness();
    const me = await seedProfile(deps, { credits: 0 });
    const before = await snapshot(deps);
    const res = await app.request(
      '/api/svc/facturar-ticket',
      json(me.auth, { receipt_image: jpeg, cfdi_usage: 'G03' }),
    );
    expect(res.status).toBe(402);
    expect((await res.json()).error).toBe('InsufficientCredits');
    expect(await snapshot(deps)).toEqual(before);
  });
});
