import type { Issuer } from '../../src/cfdi/issuer.js';
import { fixedClock } from '../../src/clock.js';
import { testConfig } from '../../src/config.js';
import { createDb } from '../../src/db/db.js';
import { migrate } from '../../src/db/migrate.js';
import type { Deps } from '../../src/deps.js';
import { silentLogger } from '../../src/logger.js';
import type { ReceiptReader } from '../../src/receipts/receipt.types.js';
import { memoryStorage } from '../../src/storage/memory.storage.js';

const notWired = (what: string) => () => Promise.reject(new Error(`${what} not wired in this test`));

/** Fresh in-memory SQLite with the real migrations, a movable clock, in-memory storage. */
export async function makeTestDeps(overrides: Partial<Deps> = {}) {
  const db = createDb({ sqliteFile: ':memory:' });
  await migrate(db);
  const clock = fixedClock();
  const deps = {
    config: testConfig(),
    db,
    clock,
    logger: silentLogger,
    storage: memoryStorage(),
    readReceipt: notWired('readReceipt') as ReceiptReader,
    issuer: { mode: 'sandbox', sealAndStamp: notWired('issuer') } as Issuer,
    ...overrides,
  } satisfies Deps;
  return deps;
}
