import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/clock.js';
import type { AppError } from '../../src/errors.js';
import { createOrganization } from '../../src/organizations/organizations.service.js';
import { findProfileByPhone, findProfileByRfcOrId, getTaxInfo } from '../../src/profiles/profiles.repo.js';
import { createProfile, updateProfile, updateTaxInfo } from '../../src/profiles/profiles.service.js';
import { makeTestDeps } from '../helpers/deps.js';
import { makeRfc, seedProfile } from '../helpers/seed.js';

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: AppError) => `${e.code}:${e.details?.[0]?.path ?? ''}`,
  );

describe('creation with initial credits is one transaction', () => {
  it('leaves no profile and no organization behind when granting their credits fails', async () => {
    const deps = await makeTestDeps();
    await sql
      .raw(
        "CREATE TRIGGER no_ledger BEFORE INSERT ON credit_ledger BEGIN SELECT RAISE(ABORT, 'injected'); END",
      )
      .execute(deps.db);
    const rfc = makeRfc();
    const base = { rfc, name: 'Ana', email: 'ana@example.com', phone_number: '+525512340001', credits: 3 };
    await expect(createProfile(deps, base)).rejects.toThrow('injected');
    expect(await findProfileByRfcOrId(deps.db, rfc)).toBeUndefined();
    await expect(createOrganization(deps, { name: 'Despacho', credits: 3 })).rejects.toThrow('injected');
    expect(await deps.db.selectFrom('organizations').selectAll().execute()).toEqual([]);
    // Without credits nothing touches the ledger: both are created.
    await expect(createProfile(deps, { ...base, credits: 0 })).resolves.toMatchObject({ rfc });
  });
});

describe('createProfile', () => {
  it('normalizes RFC, email and phone, stores tax info and grants credits through the ledger', async () => {
    const deps = await makeTestDeps();
    const p = await createProfile(deps, {
      rfc: ' eku9003173c9 ',
      name: 'Kemper',
      email: 'Ana@Example.COM',
      phone_number: 'whatsapp:+5215512345678',
      credits: 3,
      tax_info: {
        taxpayer: 'ESCUELA KEMPER URGATE',
        postal_code: '42501',
        fiscal_regimen: '601',
        cfdi_use: 'g03',
      },
    });
    expect(p).toMatchObject({ rfc: 'EKU9003173C9', email: 'ana@example.com', phone_number: '+525512345678' });
    expect(p.credits_remaining).toBe(3);
    expect((await getTaxInfo(deps.db, p.id))?.cfdi_use).toBe('G03');
    expect((await findProfileByPhone(deps.db, '+525512345678'))?.id).toBe(p.id);
    expect((await findProfileByRfcOrId(deps.db, p.id))?.rfc).toBe('EKU9003173C9');
    const ledger = await deps.db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('account_id', '=', p.id)
      .execute();
    expect(ledger).toMatchObject([{ kind: 'grant', delta: 3, balance_after: 3 }]);
  });

  it('rejects bad input with the field path and creates nothing', async () => {
    const deps = await makeTestDeps();
    const base = { rfc: makeRfc(), name: 'X' };
    expect(await codeOf(createProfile(deps, { ...base, rfc: 'ABC123' }))).toBe('ValidationError:rfc');
    expect(await codeOf(createProfile(deps, { ...base, email: 'nope' }))).toBe('ValidationError:email');
    expect(await codeOf(createProfile(deps, { ...base, phone_number: '123' }))).toBe(
      'ValidationError:phone_number',
    );
    expect(await codeOf(createProfile(deps, { ...base, tax_info: { fiscal_regimen: '601' } }))).toBe(
      'ValidationError:tax_info.fiscal_regimen',
    );
    expect(
      await codeOf(createProfile(deps, { ...base, tax_info: { fiscal_regimen: '605', cfdi_use: 'G03' } })),
    ).toBe('ValidationError:tax_info.cfdi_use');
    expect(await codeOf(createProfile(deps, { ...base, tax_info: { postal_code: '123' } }))).toBe(
      'ValidationError:tax_info.postal_code',
    );
    expect(await codeOf(createProfile(deps, { ...base, org_id: 'nope' }))).toBe('NotFound:');
    expect(await deps.db.selectFrom('profiles').selectAll().execute()).toHaveLength(0);
  });

  it('refuses the generic RFCs for a profile, whatever its tax information', async () => {
    const deps = await makeTestDeps();
    for (const rfc of ['XAXX010101000', 'XEXX010101000']) {
      const tax_info = { fiscal_regimen: '616', cfdi_use: 'S01' };
      expect(await codeOf(createProfile(deps, { rfc, name: 'Público', tax_info }))).toBe(
        'ValidationError:rfc',
      );
    }
    expect(await deps.db.selectFrom('profiles').selectAll().execute()).toHaveLength(0);
  });

  it('answers Conflict for a taken RFC, email or phone', async () => {
    const deps = await makeTestDeps();
    const a = await seedProfile(deps);
    const other = { rfc: makeRfc(), name: 'B' };
    expect(await codeOf(createProfile(deps, { rfc: a.profile.rfc, name: 'B' }))).toBe('Conflict:');
    expect(await codeOf(createProfile(deps, { ...other, email: a.profile.email!.toUpperCase() }))).toBe(
      'Conflict:',
    );
    expect(await codeOf(createProfile(deps, { ...other, phone_number: a.profile.phone_number! }))).toBe(
      'Conflict:',
    );
  });
});

describe('updateProfile / updateTaxInfo', () => {
  it('updates fields, keeps uniqueness, bumps updated_at', async () => {
    const clock = fixedClock();
    const deps = await makeTestDeps({ clock });
    const a = await seedProfile(deps);
    const b = await seedProfile(deps);
    clock.advance(1000);
    const u = await updateProfile(deps, a.profile.id, { name: 'Nuevo', phone_number: '+52 55 9999 8888' });
    expect(u).toMatchObject({ name: 'Nuevo', phone_number: '+525599998888' });
    expect(u.updated_at).not.toBe(a.profile.updated_at);
    expect(await codeOf(updateProfile(deps, a.profile.id, { email: b.profile.email! }))).toBe('Conflict:');
    expect(await codeOf(updateProfile(deps, a.profile.id, { email: a.profile.email! }))).toBe('resolved');
  });

  it('checks regime and use against the resulting state', async () => {
    const deps = await makeTestDeps();
    const a = await seedProfile(deps); // 612 + G03
    expect((await updateTaxInfo(deps, a.profile.id, { invoice_cfdi_use: 'D01' })).cfdi_use).toBe('D01');
    // 626 (RESICO) does not allow D01, which is now stored: the regime change alone is refused.
    expect(await codeOf(updateTaxInfo(deps, a.profile.id, { invoice_fiscal_regimen: '626' }))).toBe(
      'ValidationError:invoice_cfdi_use',
    );
    const both = await updateTaxInfo(deps, a.profile.id, {
      invoice_fiscal_regimen: '626',
      invoice_cfdi_use: 'G03',
    });
    expect(both).toMatchObject({ fiscal_regimen: '626', cfdi_use: 'G03' });
    expect(await codeOf(updateTaxInfo(deps, a.profile.id, { invoice_fiscal_regimen: '601' }))).toBe(
      'ValidationError:invoice_fiscal_regimen',
    );
    expect(await codeOf(updateTaxInfo(deps, a.profile.id, { invoice_cfdi_use: 'P01' }))).toBe(
      'ValidationError:invoice_cfdi_use',
    );
    expect((await getTaxInfo(deps.db, a.profile.id))?.fiscal_regimen).toBe('626');
  });
});
