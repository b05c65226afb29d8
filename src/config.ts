import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/** The only module that reads process.env. Everything else receives a parsed Config. */
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const optionalUrl = optionalString.pipe(z.url().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString,
  PUBLIC_BASE_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LINK_SECRET: optionalString,
  LINK_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 3600),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 1024 * 1024),
  MAX_IMAGE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  OCR_WORKERS: z.coerce.number().int().positive().default(os.availableParallelism()),
  OCR_RECYCLE_AFTER: z.coerce.number().int().positive().default(200),
  JOB_CONCURRENCY: z.coerce.number().int().positive().default(os.availableParallelism()),
  JOB_MAX_ATTEMPTS: z.coerce.number().int().positive().default(5),
  JOB_LEASE_SECONDS: z.coerce.number().int().positive().default(20),
  ISSUER: z.enum(['sandbox']).default('sandbox'),
  CSD_CER_PATH: optionalString,
  CSD_KEY_PATH: optionalString,
  CSD_PASSWORD: optionalString,
  TELEGRAM_BOT_TOKEN: optionalString,
  TELEGRAM_WEBHOOK_SECRET: optionalString,
  TELEGRAM_API_ROOT: z.url().default('https://api.telegram.org'),
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_WHATSAPP_FROM: optionalString,
  TWILIO_API_BASE_URL: z.url().default('https://api.twilio.com'),
  WELCOME_CREDITS: z.coerce.number().int().min(0).default(0),
  /** A key field read with less confidence than this (or not read) waits for the person's confirmation. */
  REVIEW_THRESHOLD: z.coerce.number().min(0).max(1).default(0.9),
  REVIEW_TTL_HOURS: z.coerce.number().positive().default(72),
  /** Lets webhook endpoints use http:// to a loopback address (tests, local development); never in production. */
  WEBHOOK_ALLOW_INSECURE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Chat messages (text, commands) accepted per minute, per chat and per profile. */
  CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** Chat photos accepted per minute, per chat and per profile. */
  CHAT_PHOTOS_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** Invoices one payer (profile or organization) may have processing at once. */
  MAX_PROCESSING_PER_PAYER: z.coerce.number().int().positive().default(20),
  /** Largest receipt image in pixels (width × height), judged from the header before decoding. */
  MAX_IMAGE_PIXELS: z.coerce.number().int().positive().default(25_000_000),
  /** Receipt images are deleted this many days after their invoice finished; XML and PDF are kept. */
  RECEIPT_RETENTION_DAYS: z.coerce.number().int().positive().default(90),
  /** Webhook delivery marks, finished jobs and sent chat messages are deleted after this many days. */
  DEDUP_RETENTION_DAYS: z.coerce.number().int().positive().default(7),
  /** A secret links were signed with before LINK_SECRET changed: still accepted, never used to sign. */
  LINK_SECRET_PREVIOUS: optionalString,
  /** Where files live: postgres (in the database, every instance serves them) or local (DATA_DIR/files). */
  STORAGE: z.enum(['postgres', 'local']).optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  /** Absolute path of DATA_DIR. */
  dataDir: string;
  /** SQLite file under DATA_DIR unless DATABASE_URL names PostgreSQL. */
  databaseFile: string;
  /** Secret for signed file links; derived and persisted under DATA_DIR when LINK_SECRET is unset. */
  linkSecret?: string;
  /** LINK_SECRET_PREVIOUS: verifies links, never signs them. */
  linkSecretPrevious?: string;
}

/** HMAC-SHA256 keys shorter than its block of output are guessable offline from one signed link. */
export const MIN_LINK_SECRET_BYTES = 32;

function checkSecrets(e: Env): string[] {
  const problems: string[] = [];
  for (const name of ['LINK_SECRET', 'LINK_SECRET_PREVIOUS'] as const) {
    const bytes = e[name] === undefined ? undefined : Buffer.byteLength(e[name], 'utf8');
    if (bytes !== undefined && bytes < MIN_LINK_SECRET_BYTES)
      problems.push(
        `  ${name}: must be at least ${MIN_LINK_SECRET_BYTES} bytes (got ${bytes}); make one with: openssl rand -base64 48`,
      );
  }
  if (e.STORAGE === 'postgres' && !e.DATABASE_URL?.startsWith('postgres'))
    problems.push('  STORAGE: postgres keeps files in PostgreSQL and needs DATABASE_URL=postgres://...');
  return problems;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  // An empty value (`OCR_WORKERS=` copied from .env.example) means "use the default".
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems = checkSecrets(e);
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  return {
    ...e,
    dataDir,
    databaseFile: path.join(dataDir, 'service.sqlite'),
    linkSecret: e.LINK_SECRET,
    linkSecretPrevious: e.LINK_SECRET_PREVIOUS,
  };
}

/** Config for tests: in-memory friendly defaults, overridable. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: os.tmpdir() });
  return { ...base, PUBLIC_BASE_URL: 'http://localhost:3000', linkSecret: 'test-link-secret', ...overrides };
}
