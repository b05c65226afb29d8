import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROFILE_COMMANDS } from '../../src/cli/profiles.cli.js';
import { call, seedOrgWithAdmin, seedProfile } from '../helpers/seed.js';
import { type BotHarness, botHarness, tgMessage, tgText } from './bots.harness.js';

const USER = 3003;
const GENERIC = ['XAXX010101000', 'XEXX010101000'];

describe('RFC squatting', () => {
  let h: BotHarness;
  beforeEach(async () => {
    h = await botHarness();
  });
  afterEach(() => h.close());

  async function tg(update: Parameters<BotHarness['telegram']>[0]): Promise<string> {
    const before = h.tg.textsTo(USER).length;
    expect((await h.telegram(update)).status).toBe(200);
    await h.settle();
    return h.tg.textsTo(USER).slice(before).join('\n');
  }

  const profileCount = async () => (await h.deps.db.selectFrom('profiles').select('id').execute()).length;

  it('refuses a generic RFC for a profile over REST', async () => {
    const { admin } = await seedOrgWithAdmin(h.deps);
    const before = await profileCount();
    for (const rfc of GENERIC) {
      const res = await call(h.app, 'POST', '/api/svc/create-profile', admin.auth, {
        email: `${rfc}@example.com`,
        phone_number: '+525512340000',
        tax_info: {
          tax_id: rfc,
          taxpayer: 'PUBLICO EN GENERAL',
          postal_code: '06600',
          fiscal_regimen: '616',
          cfdi_use: 'S01',
        },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/generic RFC/);
    }
    expect(await profileCount()).toBe(before);
  });

  it('refuses a generic RFC from the operator CLI', async () => {
    const run = PROFILE_COMMANDS['create-profile']!.run;
    for (const rfc of GENERIC) {
      const v = {
        rfc,
        name: 'Público',
        email: 'p@example.com',
        phone: '+525512340001',
        regimen: '616',
        'cfdi-use': 'S01',
      };
      await expect(run(h.deps, v, [])).rejects.toMatchObject({ code: 'ValidationError' });
    }
    expect(await profileCount()).toBe(0);
  });

  it('refuses a generic RFC in chat sign-up and asks again', async () => {
    await tg(tgMessage(USER, { contact: { phone_number: '+525598765432', first_name: 'A', user_id: USER } }));
    for (const rfc of GENERIC) expect(await tg(tgText(USER, rfc))).toMatch(/RFC genérico/);
    expect(await profileCount()).toBe(0);
  });

  it('a taken RFC in chat says no more than the API does: that it has an account', async () => {
    const owner = await seedProfile(h.deps);
    await tg(tgMessage(USER, { contact: { phone_number: '+525598765433', first_name: 'A', user_id: USER } }));
    const reply = await tg(tgText(USER, owner.profile.rfc));
    expect(reply).toMatch(/Ese RFC ya tiene una cuenta/);
    for (const secret of [owner.profile.name, owner.profile.phone_number!, owner.profile.email!, 'número']) {
      expect(reply).not.toContain(secret);
    }
  });
});
