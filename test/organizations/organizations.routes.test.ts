import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { setFlags } from '../../src/organizations/organizations.service.js';
import { makeTestDeps } from '../helpers/deps.js';
import {
  call,
  keysOf,
  makeRfc,
  ORGANIZATION_KEYS,
  PROFILE_KEYS,
  seedOrgWithAdmin,
  seedProfile,
} from '../helpers/seed.js';

async function setup() {
  const deps = await makeTestDeps();
  const app = createApp(deps);
  const s = await seedOrgWithAdmin(deps, { credits: 7, flags: { chat_invoicing: true } });
  const other = await seedOrgWithAdmin(deps);
  const loner = await seedProfile(deps);
  return { deps, app, ...s, other, loner };
}

async function addInvoice(
  deps: Awaited<ReturnType<typeof makeTestDeps>>,
  profileId: string,
  orgId: string | null,
) {
  const now = deps.clock.now().toISOString();
  await deps.db
    .insertInto('invoices')
    .values({
      id: randomUUID(),
      profile_id: profileId,
      org_id: orgId,
      charged_account_type: orgId ? 'org' : 'profile',
      charged_account_id: orgId ?? profileId,
      created_by_profile_id: profileId,
      status: 'completed',
      currency: 'MXN',
      cfdi_usage: 'G03',
      receipt_key: 'r',
      created_at: now,
      updated_at: now,
    } as never)
    .execute();
}

describe('GET /api/organizations/{org_id}', () => {
  it('shows the Organization shape to its members, flags set false included', async () => {
    const { deps, app, org, member } = await setup();
    await setFlags(deps, org.id, { beta_reports: false });
    const res = await call(app, 'GET', `/api/organizations/${org.id}`, member.auth);
    expect(res.status).toBe(200);
    expect(keysOf(res.body)).toEqual(ORGANIZATION_KEYS);
    expect(res.body.feature_flags).toEqual({ chat_invoicing: true, beta_reports: false });
  });

  it('answers 404 for another organization and an unknown one alike', async () => {
    const { app, admin, other } = await setup();
    const foreign = await call(app, 'GET', `/api/organizations/${other.org.id}`, admin.auth);
    const unknown = await call(app, 'GET', `/api/organizations/${randomUUID()}`, admin.auth);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);
  });
});

describe('GET /api/organizations/{org_id}/credits', () => {
  it('shows the balance to admins only', async () => {
    const { app, org, admin, member, other } = await setup();
    const res = await call(app, 'GET', `/api/organizations/${org.id}/credits`, admin.auth);
    expect(res).toMatchObject({ status: 200, body: { credits_remaining: 7 } });
    expect(keysOf(res.body)).toEqual(['credits_remaining']);
    expect((await call(app, 'GET', `/api/organizations/${org.id}/credits`, member.auth)).status).toBe(403);
    expect((await call(app, 'GET', `/api/organizations/${other.org.id}/credits`, admin.auth)).status).toBe(
      404,
    );
  });
});

describe('member lists', () => {
  it('GET /api/organizations/{org_id}/members: second shape, admins only', async () => {
    const { app, org, admin, member, loner } = await setup();
    const res = await call(app, 'GET', `/api/organizations/${org.id}/members`, admin.auth);
    expect(res.status).toBe(200);
    const members = res.body.members as Record<string, unknown>[];
    expect(members.map((m) => m.tax_id).sort()).toEqual([admin.profile.rfc, member.profile.rfc].sort());
    for (const m of members) {
      expect(keysOf(m)).toEqual(['created_at', 'email', 'id', 'is_admin', 'name', 'phone_number', 'tax_id']);
    }
    expect(members.find((m) => m.id === admin.profile.id)?.is_admin).toBe(true);
    expect(members.some((m) => m.id === loner.profile.id)).toBe(false);
    expect((await call(app, 'GET', `/api/organizations/${org.id}/members`, member.auth)).status).toBe(403);
  });

  it('GET /api/svc/organization-members: first shape with invoice counts within the organization', async () => {
    const { deps, app, org, admin, member, other } = await setup();
    await addInvoice(deps, member.profile.id, org.id);
    await addInvoice(deps, member.profile.id, org.id);
    await addInvoice(deps, member.profile.id, null); // personal, not the organization's
    const res = await call(app, 'GET', `/api/svc/organization-members?org_id=${org.id}`, admin.auth);
    expect(res.status).toBe(200);
    const members = res.body.members as Record<string, unknown>[];
    for (const m of members)
      expect(keysOf(m)).toEqual(['email', 'id', 'invoice_count', 'is_admin', 'name', 'tax_id']);
    expect(members.find((m) => m.id === member.profile.id)?.invoice_count).toBe(2);
    expect(members.find((m) => m.id === admin.profile.id)?.invoice_count).toBe(0);
    expect(
      (await call(app, 'GET', `/api/svc/organization-members?org_id=${org.id}`, member.auth)).status,
    ).toBe(403);
    expect(
      (await call(app, 'GET', `/api/svc/organization-members?org_id=${other.org.id}`, admin.auth)).status,
    ).toBe(404);
    expect((await call(app, 'GET', '/api/svc/organization-members', admin.auth)).status).toBe(400);
  });
});

describe('PATCH /api/organizations/{org_id}/members/{rfc}', () => {
  it('updates a member and answers the third shape', async () => {
    const { app, org, admin, member } = await setup();
    const res = await call(
      app,
      'PATCH',
      `/api/organizations/${org.id}/members/${member.profile.rfc}`,
      admin.auth,
      {
        name: 'Renombrado',
        email: 'renombrado@example.com',
      },
    );
    expect(res.status).toBe(200);
    expect(keysOf(res.body)).toEqual([...PROFILE_KEYS, 'tax_id'].sort());
    expect(res.body).toMatchObject({
      name: 'Renombrado',
      email: 'renombrado@example.com',
      org_id: org.id,
      is_admin: false,
    });
  });

  it('refuses members (403), foreigners and non-members (404), bad input (400), duplicates (409)', async () => {
    const { app, org, admin, member, other, loner } = await setup();
    const path = (rfc: string) => `/api/organizations/${org.id}/members/${rfc}`;
    expect((await call(app, 'PATCH', path(admin.profile.rfc), member.auth, { name: 'x' })).status).toBe(403);
    expect((await call(app, 'PATCH', path(loner.profile.rfc), admin.auth, { name: 'x' })).status).toBe(404);
    expect((await call(app, 'PATCH', path(makeRfc()), admin.auth, { name: 'x' })).status).toBe(404);
    const foreign = `/api/organizations/${other.org.id}/members/${other.member.profile.rfc}`;
    expect((await call(app, 'PATCH', foreign, admin.auth, { name: 'x' })).status).toBe(404);
    expect((await call(app, 'PATCH', path(member.profile.rfc), admin.auth, { email: 'bad' })).status).toBe(
      400,
    );
    expect(
      (await call(app, 'PATCH', path(member.profile.rfc), admin.auth, { email: loner.profile.email })).status,
    ).toBe(409);
  });
});

describe('DELETE /api/organizations/{org_id}/members/{rfc}', () => {
  it('removes only the membership: the profile and its invoices stay, access to the organization goes', async () => {
    const { deps, app, org, admin, member } = await setup();
    await addInvoice(deps, member.profile.id, org.id);
    const res = await call(
      app,
      'DELETE',
      `/api/organizations/${org.id}/members/${member.profile.id}`,
      admin.auth,
    );
    expect(res.status).toBe(200);
    expect(keysOf(res.body)).toEqual(['message', 'success']);
    expect(res.body.success).toBe(true);
    const self = await call(app, 'GET', `/api/profile/${member.profile.rfc}`, member.auth);
    expect(self).toMatchObject({
      status: 200,
      body: { org_id: null, is_admin: false, credits_remaining: 5 },
    });
    const invoices = await deps.db
      .selectFrom('invoices')
      .select('id')
      .where('profile_id', '=', member.profile.id)
      .execute();
    expect(invoices).toHaveLength(1);
    expect((await call(app, 'GET', `/api/organizations/${org.id}`, member.auth)).status).toBe(404);
    expect((await call(app, 'GET', `/api/profile/${member.profile.rfc}`, admin.auth)).status).toBe(404);
    const again = await call(
      app,
      'DELETE',
      `/api/organizations/${org.id}/members/${member.profile.rfc}`,
      admin.auth,
    );
    expect(again.status).toBe(404);
  });

  it('refuses to remove the last admin (409) but allows it when another admin remains', async () => {
    const { deps, app, org, admin } = await setup();
    const path = (id: string) => `/api/organizations/${org.id}/members/${id}`;
    const last = await call(app, 'DELETE', path(admin.profile.rfc), admin.auth);
    expect(last).toMatchObject({ status: 409, body: { error: 'Conflict' } });
    const second = await seedProfile(deps, { org_id: org.id, is_admin: true });
    expect((await call(app, 'DELETE', path(admin.profile.rfc), second.auth)).status).toBe(200);
    expect((await call(app, 'DELETE', path(second.profile.rfc), second.auth)).status).toBe(409);
  });

  it('is for admins: 403 for a member, 404 across organizations, 400 for a malformed id', async () => {
    const { app, org, admin, member, other } = await setup();
    expect(
      (await call(app, 'DELETE', `/api/organizations/${org.id}/members/${admin.profile.rfc}`, member.auth))
        .status,
    ).toBe(403);
    const foreign = `/api/organizations/${other.org.id}/members/${other.member.profile.rfc}`;
    expect((await call(app, 'DELETE', foreign, admin.auth)).status).toBe(404);
    expect((await call(app, 'DELETE', `/api/organizations/${org.id}/members/nope`, admin.auth)).status).toBe(
      400,
    );
  });
});
