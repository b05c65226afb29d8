import { describe, expect, it } from 'vitest';
import { balanceOf } from '../../src/credits/credits.service.js';
import {
  createOrganization,
  getOrganization,
  orgHasFlag,
  removeMember,
  setFlags,
} from '../../src/organizations/organizations.service.js';
import { makeTestDeps } from '../helpers/deps.js';
import { seedOrgWithAdmin } from '../helpers/seed.js';

describe('organizations service', () => {
  it('creates an organization with flags and ledger-backed credits', async () => {
    const deps = await makeTestDeps();
    const org = await createOrganization(deps, {
      name: ' Acme ',
      feature_flags: { chat_invoicing: true },
      credits: 4,
    });
    expect(org).toMatchObject({ name: 'Acme', description: '', credits_remaining: 4 });
    expect(await balanceOf(deps.db, { type: 'org', id: org.id })).toBe(4);
    expect(await orgHasFlag(deps.db, org.id, 'chat_invoicing')).toBe(true);
    expect(await orgHasFlag(deps.db, org.id, 'other')).toBe(false);
    expect(await orgHasFlag(deps.db, 'unknown', 'chat_invoicing')).toBe(false);
  });

  it('merges flags, keeps false ones, rejects names that are not snake_case', async () => {
    const deps = await makeTestDeps();
    const { org } = await seedOrgWithAdmin(deps, { flags: { chat_invoicing: true } });
    const updated = await setFlags(deps, org.id, { chat_invoicing: false, reports: true });
    expect(JSON.parse(updated.feature_flags)).toEqual({ chat_invoicing: false, reports: true });
    expect(await orgHasFlag(deps.db, org.id, 'chat_invoicing')).toBe(false);
    await expect(setFlags(deps, org.id, { 'Bad-Name': true })).rejects.toMatchObject({
      code: 'ValidationError',
    });
    await expect(setFlags(deps, 'missing', { a: true })).rejects.toMatchObject({ code: 'NotFound' });
    await expect(createOrganization(deps, { name: '  ' })).rejects.toMatchObject({ code: 'ValidationError' });
    expect((await getOrganization(deps.db, org.id))?.feature_flags).toBe(updated.feature_flags);
  });

  it('removes a member but never the last admin', async () => {
    const deps = await makeTestDeps();
    const { org, admin, member } = await seedOrgWithAdmin(deps);
    await expect(removeMember(deps, org.id, admin.profile.id)).rejects.toMatchObject({ code: 'Conflict' });
    const gone = await removeMember(deps, org.id, member.profile.id);
    expect(gone).toMatchObject({ org_id: null, is_admin: 0 });
    await expect(removeMember(deps, org.id, member.profile.id)).rejects.toMatchObject({ code: 'NotFound' });
  });
});
