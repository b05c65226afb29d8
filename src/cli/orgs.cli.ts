import { validationError } from '../errors.js';
import { createOrganization, setFlags } from '../organizations/organizations.service.js';
import {
  type Command,
  integer,
  optional,
  orgById,
  orgResult,
  parseFlagAssignments,
  required,
  str,
} from './args.cli.js';

/** Organization commands (docs/decisions.md §3). */
export const ORG_COMMANDS: Record<string, Command> = {
  'create-org': {
    usage: 'create-org --name N [--description D] [--flags a,b] [--credits N]',
    options: { name: str, description: str, flags: str, credits: str },
    async run(deps, v) {
      const names = (optional(v, 'flags') ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const org = await createOrganization(deps, {
        name: required(v, 'name'),
        description: optional(v, 'description') ?? '',
        feature_flags: Object.fromEntries(names.map((n) => [n, true])),
        credits: integer(v, 'credits') ?? 0,
      });
      return orgResult(org, 'Created organization');
    },
  },
  'set-flags': {
    usage: 'set-flags --org ORG_ID name=true other=false',
    options: { org: str },
    positionals: true,
    async run(deps, v, positionals) {
      if (positionals.length === 0) throw validationError('Give at least one flag: name=true|false');
      const org = await setFlags(deps, required(v, 'org'), parseFlagAssignments(positionals));
      return orgResult(org, 'Updated organization');
    },
  },
  'show-org': {
    usage: 'show-org --org ORG_ID',
    options: { org: str },
    run: async (deps, v) => orgResult(await orgById(deps, required(v, 'org')), 'Organization'),
  },
};
