import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { systemClock } from '../clock.js';
import { ConfigError, loadConfig } from '../config.js';
import { createDb } from '../db/db.js';
import { migrate } from '../db/migrate.js';
import { AppError } from '../errors.js';
import type { Command, Values } from './args.cli.js';
import { ORG_COMMANDS } from './orgs.cli.js';
import { PROFILE_COMMANDS } from './profiles.cli.js';

const COMMANDS: Record<string, Command> = { ...ORG_COMMANDS, ...PROFILE_COMMANDS };

/**
 * Operator CLI: `npm run --silent admin -- <command> [options] [--json]`. With --json stdout carries exactly
 * one JSON object; errors go to stderr with a non-zero exit code (1 refused/failed, 2 bad usage).
 */
function usage(): string {
  const lines = Object.values(COMMANDS).map((c) => `  ${c.usage}`);
  return `Usage: npm run --silent admin -- <command> [options] [--json]\n\nCommands:\n${lines.join('\n')}\n`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    process.stdout.write(usage());
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`Unknown command "${name}"\n\n${usage()}`);
    return 2;
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: rest,
      options: { ...command.options, json: { type: 'boolean' } },
      allowPositionals: command.positionals ?? false,
      strict: true,
    });
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\nUsage: ${command.usage} [--json]\n`);
    return 2;
  }

  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const db = createDb({ sqliteFile: config.databaseFile, databaseUrl: config.DATABASE_URL });
  try {
    await migrate(db);
    const result = await command.run({ db, clock: systemClock }, parsed.values as Values, parsed.positionals);
    process.stdout.write(parsed.values.json ? `${JSON.stringify(result.json)}\n` : `${result.text}\n`);
    return 0;
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    if (err instanceof AppError) {
      const details = err.details?.map((d) => `\n  ${d.path}: ${d.message}`).join('') ?? '';
      process.stderr.write(`${err.code}: ${err.message}${details}\n`);
    } else if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
    } else {
      process.stderr.write(`Unexpected error: ${err instanceof Error ? err.message : String(err)}\n`);
    }
    process.exitCode = 1;
  },
);
