import { grantCredits } from '../credits/credits.service.js';
import { validationError } from '../errors.js';
import { createApiKey, revokeApiKeys, setChatKeysBlocked } from '../profiles/apikeys.service.js';
import { createProfile } from '../profiles/profiles.service.js';
import {
  type Command,
  flag,
  integer,
  optional,
  orgById,
  profileByRfc,
  profileResult,
  required,
  str,
} from './args.cli.js';

/** Profile, key and credit commands (docs/decisions.md §3); same services as the REST routes. */
export const PROFILE_COMMANDS: Record<string, Command> = {
  'create-profile': {
    usage:
      'create-profile --rfc R --name N --email E --phone P [--org ORG_ID] [--admin] [--credits N] [--taxpayer NAME] [--postal-code CP] [--regimen 612] [--cfdi-use G03]',
    options: {
      rfc: str,
      name: str,
      email: str,
      phone: str,
      org: str,
      admin: flag,
      credits: str,
      taxpayer: str,
      'postal-code': str,
      regimen: str,
      'cfdi-use': str,
    },
    async run(deps, v) {
      const name = required(v, 'name');
      if (v.admin === true && optional(v, 'org') === undefined) {
        throw validationError('--admin needs --org', [{ path: 'admin', message: 'needs --org' }]);
      }
      const profile = await createProfile(deps, {
        rfc: required(v, 'rfc'),
        name,
        email: required(v, 'email'),
        phone_number: required(v, 'phone'),
        // The operator vouches for the number: a chat from it links without a question.
        phone_verified: true,
        rfc_source: 'cli',
        org_id: optional(v, 'org') ?? null,
        is_admin: v.admin === true,
        credits: integer(v, 'credits') ?? 0,
        tax_info: {
          taxpayer: optional(v, 'taxpayer') ?? name,
          postal_code: optional(v, 'postal-code'),
          fiscal_regimen: optional(v, 'regimen'),
          cfdi_use: optional(v, 'cfdi-use'),
        },
      });
      return profileResult(profile, 'Created profile');
    },
  },
  'create-key': {
    usage: 'create-key --rfc R',
    options: { rfc: str },
    async run(deps, v) {
      const profile = await profileByRfc(deps, v);
      const key = await createApiKey(deps.db, deps.clock, profile.id);
      return {
        json: { api_key: key },
        text: `API key for ${profile.rfc} (shown once, store it now):\n${key}`,
      };
    },
  },
  'revoke-keys': {
    usage: 'revoke-keys --rfc R',
    options: { rfc: str },
    async run(deps, v) {
      const profile = await profileByRfc(deps, v);
      const revoked = await deps.db.transaction().execute(async (trx) => {
        await setChatKeysBlocked(trx, deps.clock, profile.id, true);
        return revokeApiKeys(trx, deps.clock, profile.id);
      });
      return {
        json: { revoked },
        text: `Revoked ${revoked} API key(s) of ${profile.rfc}; /apikey in chat is off until allow-chat-keys`,
      };
    },
  },
  'allow-chat-keys': {
    usage: 'allow-chat-keys --rfc R',
    options: { rfc: str },
    async run(deps, v) {
      const profile = await profileByRfc(deps, v);
      await setChatKeysBlocked(deps.db, deps.clock, profile.id, false);
      return {
        json: { chat_keys_allowed: true },
        text: `${profile.rfc} may get API keys from chat again (/apikey)`,
      };
    },
  },
  'grant-credits': {
    usage: 'grant-credits (--rfc R | --org ORG_ID) --amount N [--reason TEXT]',
    options: { rfc: str, org: str, amount: str, reason: str },
    async run(deps, v) {
      if ((v.rfc === undefined) === (v.org === undefined)) {
        throw validationError('Give exactly one of --rfc or --org', [{ path: 'rfc', message: 'rfc or org' }]);
      }
      const amount = integer(v, 'amount');
      if (amount === undefined)
        throw validationError('--amount is required', [{ path: 'amount', message: 'required' }]);
      const account =
        v.org !== undefined
          ? { type: 'org' as const, id: (await orgById(deps, required(v, 'org'))).id }
          : { type: 'profile' as const, id: (await profileByRfc(deps, v)).id };
      const reason = optional(v, 'reason') ?? 'operator grant';
      const credits = await grantCredits(deps.db, deps.clock, account, amount, reason);
      return { json: { credits_remaining: credits }, text: `Credits remaining: ${credits}` };
    },
  },
  'show-profile': {
    usage: 'show-profile --rfc R',
    options: { rfc: str },
    run: async (deps, v) => profileResult(await profileByRfc(deps, v), 'Profile'),
  },
};
