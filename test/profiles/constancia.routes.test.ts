import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { getTaxInfo } from '../../src/profiles/profiles.repo.js';
import { makeTestDeps } from '../helpers/deps.js';
import { call, makeRfc, seedOrgWithAdmin, seedProfile } from '../helpers/seed.js';
import {
  corruptPdf,
  encryptedConstancia,
  FISICA_DOS,
  FISICA_UNO,
  MORAL,
  otherDocumentPdf,
  renderConstancia,
  scannedPdf,
} from './constancia.fixtures.js';

const b64 = (b: Buffer) => b.toString('base64');
const path = (rfc: string) => `/api/profile/${rfc}/tax-info/constancia`;

async function setup() {
  const deps = await makeTestDeps();
  const app = createApp(deps);
  const loner = await seedProfile(deps);
  return { deps, app, loner };
}

describe('POST /api/profile/{rfc}/tax-info/constancia', () => {
  it('fills name, postal code and régimen of a persona física with one régimen', async () => {
    const { app, loner } = await setup();
    const pdf = await renderConstancia({ rfc: loner.profile.rfc, ...FISICA_UNO });
    const res = await call(app, 'POST', path(loner.profile.rfc), loner.auth, { document: b64(pdf) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      tax_id: loner.profile.rfc,
      taxpayer: 'MARÍA JOSÉ GÓMEZ ÁLVAREZ',
      postal_code: '06700',
      invoice_fiscal_regimen: '605',
      // 605 does not allow the profile's G03: S01 claims no deduction the person did not choose.
      invoice_cfdi_use: 'S01',
    });
    expect(res.headers.get('constancia-issued-on')).toBe('2025-01-15');
    const get = await call(app, 'GET', `/api/profile/${loner.profile.rfc}/tax-info`, loner.auth);
    expect(get.body).toEqual(res.body);
  });

  it('picks, of two regímenes in force, the one that allows the default CFDI use, and names both', async () => {
    const { app, deps } = await setup();
    // D01 (gastos médicos) is allowed for 605 and 626; the profile's current 612 is not in the Constancia.
    const p = await seedProfile(deps, { tax_info: { fiscal_regimen: '612', cfdi_use: 'D01' } });
    const pdf = await renderConstancia({ rfc: p.profile.rfc, ...FISICA_DOS });
    const res = await call(app, 'POST', path(p.profile.rfc), p.auth, { document: b64(pdf) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      invoice_fiscal_regimen: '605',
      invoice_cfdi_use: 'D01',
      postal_code: '44100',
    });
    // The ended Incorporación Fiscal (621) is not in force.
    expect(res.headers.get('constancia-regimenes')).toBe('605,626');
  });

  it('keeps the razón social of a persona moral without its régimen capital', async () => {
    const { app, deps } = await setup();
    const p = await seedProfile(deps, { rfc: makeRfc('moral') });
    const pdf = await renderConstancia({ rfc: p.profile.rfc, ...MORAL });
    const res = await call(app, 'POST', path(p.profile.rfc), p.auth, { document: b64(pdf) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ taxpayer: 'COMERCIALIZADORA DEL VALLE', invoice_fiscal_regimen: '601' });
  });

  it('answers 409 for a Constancia of another RFC and changes nothing', async () => {
    const { app, deps, loner } = await setup();
    const before = await getTaxInfo(deps.db, loner.profile.id);
    const pdf = await renderConstancia({ rfc: makeRfc(), ...FISICA_UNO });
    const res = await call(app, 'POST', path(loner.profile.rfc), loner.auth, { document: b64(pdf) });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Conflict');
    expect(await getTaxInfo(deps.db, loner.profile.id)).toEqual(before);
  });

  it('follows the tax-info authorization: an admin for a member, 403 for a colleague, 404 for a stranger', async () => {
    const { app, deps, loner } = await setup();
    const { admin, member } = await seedOrgWithAdmin(deps);
    const pdf = b64(await renderConstancia({ rfc: member.profile.rfc, ...FISICA_UNO }));
    expect((await call(app, 'POST', path(member.profile.rfc), admin.auth, { document: pdf })).status).toBe(
      200,
    );
    expect((await call(app, 'POST', path(admin.profile.rfc), member.auth, { document: pdf })).status).toBe(
      403,
    );
    expect((await call(app, 'POST', path(loner.profile.rfc), member.auth, { document: pdf })).status).toBe(
      404,
    );
    expect((await call(app, 'POST', path(loner.profile.rfc), undefined, { document: pdf })).status).toBe(401);
  });

  describe('bad documents: a clear error, nothing changed', () => {
    let cases: { name: string; doc: string; status: number; error: string; says?: RegExp }[];
    beforeAll(async () => {
      const rfc = makeRfc();
      cases = [
        {
          name: 'not a PDF',
          doc: b64(Buffer.from('\xff\xd8\xff\xe0 a jpeg, really')),
          status: 415,
          error: 'UnsupportedMediaType',
        },
        {
          name: 'a scan',
          doc: b64(await scannedPdf()),
          status: 422,
          error: 'UnprocessableDocument',
          says: /envía el PDF que descargaste del SAT/,
        },
        {
          name: 'encrypted',
          doc: b64(await encryptedConstancia({ rfc, ...FISICA_UNO })),
          status: 422,
          error: 'UnprocessableDocument',
          says: /password/,
        },
        {
          name: 'corrupt',
          doc: b64(corruptPdf()),
          status: 422,
          error: 'UnprocessableDocument',
          says: /corrupt/,
        },
        {
          name: 'another document',
          doc: b64(await otherDocumentPdf()),
          status: 422,
          error: 'UnprocessableDocument',
          says: /not a Constancia/,
        },
        { name: 'not base64', doc: '%%%not-base64%%%', status: 400, error: 'ValidationError' },
        {
          name: 'over MAX_IMAGE_BYTES',
          doc: b64(Buffer.alloc(3 * 1024 * 1024, 0x25)),
          status: 413,
          error: 'PayloadTooLarge',
        },
      ];
    });

    it('refuses each with its status and leaves the tax information as it was', async () => {
      const { app, deps, loner } = await setup();
      deps.config.MAX_IMAGE_BYTES = 2 * 1024 * 1024;
      const before = await getTaxInfo(deps.db, loner.profile.id);
      for (const c of cases) {
        const res = await call(app, 'POST', path(loner.profile.rfc), loner.auth, { document: c.doc });
        expect({ name: c.name, status: res.status, error: res.body.error }).toEqual({
          name: c.name,
          status: c.status,
          error: c.error,
        });
        if (c.says) expect(res.body.message).toMatch(c.says);
      }
      expect(await getTaxInfo(deps.db, loner.profile.id)).toEqual(before);
    });
  });
});
