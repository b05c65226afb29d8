import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { makeTestDeps } from '../helpers/deps.js';
import { call, keysOf, makeRfc, PROFILE_KEYS, seedOrgWithAdmin, seedProfile } from '../helpers/seed.js';

const SHORT_KEYS = ['credits_remaining', 'email', 'id', 'name', 'org_id', 'phone_number', 'tax_id'];
const TAX_KEYS = [
  'city',
  'country',
  'ext_num',
  'invoice_cfdi_use',
  'invoice_fiscal_regimen',
  'neighborhood',
  'postal_code',
  'state',
  'street',
  'tax_id',
  'taxpayer',
];

async function setup() {
  const deps = await makeTestDeps();
  const app = createApp(deps);
  const s = await seedOrgWithAdmin(deps);
  const loner = await seedProfile(deps);
  const other = await seedOrgWithAdmin(deps);
  return { deps, app, ...s, loner, other };
}

describe('GET /api/profile/{rfc}', () => {
  it('returns exactly the long Profile form to the profile itself', async () => {
    const { app, loner } = await setup();
    const res = await call(app, 'GET', `/api/profile/${loner.profile.rfc}`, loner.auth);
    expect(res.status).toBe(200);
    expect(keysOf(res.body)).toEqual(PROFILE_KEYS);
    expect(res.body).toMatchObject({
      org_id: null,
      is_admin: false,
      credits_remaining: 5,
      id: loner.profile.id,
    });
    expect(res.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('lets an admin read members; a member gets 403 for a colleague, 404 for strangers', async () => {
    const { app, admin, member, loner, other } = await setup();
    expect((await call(app, 'GET', `/api/profile/${member.profile.rfc}`, admin.auth)).status).toBe(200);
    expect((await call(app, 'GET', `/api/profile/${admin.profile.rfc}`, member.auth)).status).toBe(403);
    expect((await call(app, 'GET', `/api/profile/${loner.profile.rfc}`, member.auth)).status).toBe(404);
    expect((await call(app, 'GET', `/api/profile/${other.member.profile.rfc}`, admin.auth)).status).toBe(404);
    const unknown = await call(app, 'GET', `/api/profile/${makeRfc()}`, admin.auth);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'NotFound', message: 'Profile not found' });
  });

  it('rejects a malformed RFC with 400 and field details', async () => {
    const { app, admin } = await setup();
    const res = await call(app, 'GET', '/api/profile/NOT-AN-RFC', admin.auth);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ValidationError');
    expect(res.body.details).toEqual([expect.objectContaining({ path: 'param.rfc' })]);
  });
});

describe('PATCH /api/profile/{rfc}', () => {
  it('updates by RFC or UUID and normalizes the phone', async () => {
    const { app, loner } = await setup();
    const res = await call(app, 'PATCH', `/api/profile/${loner.profile.id}`, loner.auth, {
      name: 'Nombre Nuevo',
      phone_number: '+52 1 55 1111 2222',
    });
    expect(res.status).toBe(200);
    expect(keysOf(res.body)).toEqual(PROFILE_KEYS);
    expect(res.body).toMatchObject({ name: 'Nombre Nuevo', phone_number: '+525511112222' });
    const byRfc = await call(app, 'PATCH', `/api/profile/${loner.profile.rfc.toLowerCase()}`, loner.auth, {
      email: 'n@x.mx',
    });
    expect(byRfc.body.email).toBe('n@x.mx');
  });

  it.each([
    [{ email: 'not-an-email' }, 'email'],
    [{ phone_number: '12' }, 'phone_number'],
    [{ name: '' }, 'name'],
    [{ name: 42 }, 'name'],
  ])('rejects %j', async (body, path) => {
    const { app, loner } = await setup();
    const res = await call(app, 'PATCH', `/api/profile/${loner.profile.rfc}`, loner.auth, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ValidationError');
    expect((res.body.details as { path: string }[]).map((d) => d.path)).toContain(path);
  });

  it('answers 409 for an email or phone held by someone else, and changes nothing', async () => {
    const { app, loner, member } = await setup();
    const path = `/api/profile/${loner.profile.rfc}`;
    expect((await call(app, 'PATCH', path, loner.auth, { email: member.profile.email })).status).toBe(409);
    expect(
      (await call(app, 'PATCH', path, loner.auth, { phone_number: member.profile.phone_number })).status,
    ).toBe(409);
    expect((await call(app, 'GET', path, loner.auth)).body.email).toBe(loner.profile.email);
  });

  it('lets an admin patch a member but not a member patch the admin', async () => {
    const { app, admin, member } = await setup();
    expect(
      (await call(app, 'PATCH', `/api/profile/${member.profile.rfc}`, admin.auth, { name: 'M' })).status,
    ).toBe(200);
    expect(
      (await call(app, 'PATCH', `/api/profile/${admin.profile.rfc}`, member.auth, { name: 'M' })).status,
    ).toBe(403);
  });
});

describe('tax info', () => {
  it('GET and PATCH round-trip with the update names', async () => {
    const { app, loner } = await setup();
    const path = `/api/profile/${loner.profile.rfc}/tax-info`;
    const got = await call(app, 'GET', path, loner.auth);
    expect(got.status).toBe(200);
    expect(keysOf(got.body)).toEqual(TAX_KEYS);
    expect(got.body).toMatchObject({
      tax_id: loner.profile.rfc,
      invoice_fiscal_regimen: '612',
      invoice_cfdi_use: 'G03',
    });
    const patched = await call(app, 'PATCH', path, loner.auth, {
      postal_code: '44100',
      invoice_fiscal_regimen: '626',
      invoice_cfdi_use: 'I04',
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({
      ...got.body,
      postal_code: '44100',
      invoice_fiscal_regimen: '626',
      invoice_cfdi_use: 'I04',
    });
    expect((await call(app, 'GET', path, loner.auth)).body).toEqual(patched.body);
  });

  it.each([
    [{ invoice_fiscal_regimen: '999' }, 'invoice_fiscal_regimen'],
    [{ invoice_fiscal_regimen: '601' }, 'invoice_fiscal_regimen'], // moral regime on a física
    [{ invoice_cfdi_use: 'P01' }, 'invoice_cfdi_use'],
    [{ invoice_cfdi_use: 'CN01' }, 'invoice_cfdi_use'], // nómina needs regime 605
    [{ postal_code: '1234' }, 'postal_code'],
    [{ postal_code: '00000' }, 'postal_code'], // no state has 00
  ])('rejects %j', async (body, path) => {
    const { app, loner } = await setup();
    const res = await call(app, 'PATCH', `/api/profile/${loner.profile.rfc}/tax-info`, loner.auth, body);
    expect(res.status).toBe(400);
    expect((res.body.details as { path: string }[])[0]?.path).toBe(path);
    const after = await call(app, 'GET', `/api/profile/${loner.profile.rfc}/tax-info`, loner.auth);
    expect(after.body).toMatchObject({
      postal_code: '06600',
      invoice_fiscal_regimen: '612',
      invoice_cfdi_use: 'G03',
    });
  });

  it('hides a stranger’s tax info behind 404', async () => {
    const { app, loner, member } = await setup();
    expect((await call(app, 'GET', `/api/profile/${loner.profile.rfc}/tax-info`, member.auth)).status).toBe(
      404,
    );
    expect(
      (await call(app, 'PATCH', `/api/profile/${loner.profile.rfc}/tax-info`, member.auth, {})).status,
    ).toBe(404);
  });
});

describe('GET /api/svc/get-profile', () => {
  it('returns the short form', async () => {
    const { app, member, admin } = await setup();
    const res = await call(app, 'GET', `/api/svc/get-profile?rfc=${member.profile.rfc}`, admin.auth);
    expect(res.status).toBe(200);
    expect(keysOf(res.body)).toEqual(SHORT_KEYS);
    expect(res.body.tax_id).toBe(member.profile.rfc);
  });

  it('requires rfc', async () => {
    const { app, admin } = await setup();
    const res = await call(app, 'GET', '/api/svc/get-profile', admin.auth);
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([expect.objectContaining({ path: 'query.rfc' })]);
  });
});

describe('POST /api/svc/create-profile', () => {
  const body = (over: Record<string, unknown> = {}, tax: Record<string, unknown> = {}) => ({
    email: 'nueva@example.com',
    phone_number: '+52 33 1234 5678',
    tax_info: {
      tax_id: 'EKU9003173C9',
      taxpayer: 'ESCUELA KEMPER URGATE',
      postal_code: '42501',
      fiscal_regimen: '601',
      cfdi_use: 'G03',
      ...tax,
    },
    ...over,
  });

  it('creates a profile in the admin’s organization: 201, long form plus tax_id', async () => {
    const { app, admin, org } = await setup();
    const res = await call(app, 'POST', '/api/svc/create-profile', admin.auth, body());
    expect(res.status).toBe(201);
    expect(keysOf(res.body)).toEqual([...PROFILE_KEYS, 'tax_id'].sort());
    expect(res.body).toMatchObject({
      org_id: org.id,
      is_admin: false,
      tax_id: 'EKU9003173C9',
      name: 'ESCUELA KEMPER URGATE',
    });
    expect(res.body.phone_number).toBe('+523312345678');
    const tax = await call(app, 'GET', '/api/profile/EKU9003173C9/tax-info', admin.auth);
    expect(tax.body).toMatchObject({
      postal_code: '42501',
      invoice_fiscal_regimen: '601',
      invoice_cfdi_use: 'G03',
    });
  });

  it('is for organization admins only', async () => {
    const { app, member, loner } = await setup();
    expect((await call(app, 'POST', '/api/svc/create-profile', member.auth, body())).status).toBe(403);
    expect((await call(app, 'POST', '/api/svc/create-profile', loner.auth, body())).status).toBe(403);
  });

  it('answers 409 on a taken RFC, email or phone', async () => {
    const { app, admin, member } = await setup();
    expect(
      (
        await call(
          app,
          'POST',
          '/api/svc/create-profile',
          admin.auth,
          body({}, { tax_id: member.profile.rfc, fiscal_regimen: '612' }),
        )
      ).status,
    ).toBe(409);
    expect(
      (await call(app, 'POST', '/api/svc/create-profile', admin.auth, body({ email: member.profile.email })))
        .status,
    ).toBe(409);
    const phone = await call(
      app,
      'POST',
      '/api/svc/create-profile',
      admin.auth,
      body({ phone_number: member.profile.phone_number }),
    );
    expect(phone.status).toBe(409);
    expect(phone.body.error).toBe('Conflict');
  });

  it.each([
    [{}, { tax_id: 'EKU9003173C8' }, 'tax_info.tax_id'],
    [{}, { fiscal_regimen: '612' }, 'tax_info.fiscal_regimen'], // física regime on a moral RFC
    [{}, { cfdi_use: 'D01' }, 'tax_info.cfdi_use'],
    [{}, { cfdi_use: 'P01' }, 'tax_info.cfdi_use'],
    [{}, { postal_code: 'abcde' }, 'tax_info.postal_code'],
    [{ email: 'x' }, {}, 'email'],
    [{ phone_number: '000' }, {}, 'phone_number'],
    [{ tax_info: undefined }, {}, 'tax_info'],
  ])('rejects %j %j at %s', async (over, tax, path) => {
    const { app, admin } = await setup();
    const res = await call(app, 'POST', '/api/svc/create-profile', admin.auth, body(over, tax));
    expect(res.status).toBe(400);
    expect((res.body.details as { path: string }[]).map((d) => d.path)).toContain(path);
    expect((await call(app, 'GET', '/api/profile/EKU9003173C9', admin.auth)).status).toBe(404);
  });
});
