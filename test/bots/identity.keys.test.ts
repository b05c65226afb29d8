import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROFILE_COMMANDS } from '../../src/cli/profiles.cli.js';
import { createApiKey } from '../../src/profiles/apikeys.service.js';
import { makePhone, type SeededProfile, seedProfile } from '../helpers/seed.js';
import { type BotHarness, botHarness, tgMessage, tgText } from './bots.harness.js';

const USER = 4004;

describe('API keys from chat', () => {
  let h: BotHarness;
  let owner: SeededProfile;
  beforeEach(async () => {
    h = await botHarness();
    const phone = makePhone();
    owner = await seedProfile(h.deps, { phone_verified: true, phone_number: phone });
    await h.telegram(tgMessage(USER, { contact: { phone_number: phone, first_name: 'A', user_id: USER } }));
    await h.settle();
  });
  afterEach(() => h.close());

  async function tg(text: string): Promise<string> {
    const before = h.tg.textsTo(USER).length;
    expect((await h.telegram(tgText(USER, text))).status).toBe(200);
    await h.settle();
    return h.tg.textsTo(USER).slice(before).join('\n');
  }

  const works = async (key: string | undefined) =>
    (
      await h.app.request(`/api/profile/${owner.profile.rfc}`, {
        headers: { authorization: `Bearer ${key}` },
      })
    ).status === 200;
  const keyIn = (text: string) => /svc_[\w-]+/.exec(text)?.[0];
  const cli = (cmd: string) => PROFILE_COMMANDS[cmd]!.run(h.deps, { rfc: owner.profile.rfc }, []);

  it('a new /apikey revokes the previous chat key and keeps keys minted elsewhere', async () => {
    const first = keyIn(await tg('/apikey'));
    expect(await works(first)).toBe(true);
    const reply = await tg('/apikey');
    expect(reply).toMatch(/La clave anterior que te di por chat ya no funciona/);
    const second = keyIn(reply);
    expect(await works(first)).toBe(false);
    expect(await works(second)).toBe(true);
    expect(await works(owner.key)).toBe(true);
  });

  it('/revocar revokes every key of the profile', async () => {
    const chatKey = keyIn(await tg('/apikey'));
    const other = await createApiKey(h.deps.db, h.deps.clock, owner.profile.id);
    expect(await tg('/revocar')).toMatch(/revoqué tus 3 claves/);
    for (const k of [chatKey, other, owner.key]) expect(await works(k)).toBe(false);
    expect(await tg('/revocar')).toMatch(/No tenías claves activas/);
  });

  it("the operator's revoke-keys stops chat from minting keys until allow-chat-keys", async () => {
    expect((await cli('revoke-keys')).json).toEqual({ revoked: 1 });
    const refused = await tg('/apikey');
    expect(refused).toMatch(/se piden a soporte/);
    expect(keyIn(refused)).toBeUndefined();
    const active = await h.deps.db
      .selectFrom('api_keys')
      .select('id')
      .where('revoked_at', 'is', null)
      .execute();
    expect(active).toEqual([]);
    expect((await cli('allow-chat-keys')).json).toEqual({ chat_keys_allowed: true });
    expect(await works(keyIn(await tg('/apikey')))).toBe(true);
  });

  it('a key whose message failed for good is blanked from the outbox too', async () => {
    h.tg.failNext('sendMessage', { error_code: 403, description: 'Forbidden: bot was blocked by the user' });
    await tg('/apikey');
    const rows = await h.deps.db.selectFrom('outbox').select(['payload', 'status']).execute();
    expect(rows.some((r) => r.status === 'failed')).toBe(true);
    expect(rows.some((r) => r.payload.includes('svc_'))).toBe(false);
  });
});
