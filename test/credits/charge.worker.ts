/**
 * Child process for the cross-connection test: opens the SQLite file given in argv, tries `count` charges
 * against one profile and prints how many succeeded and were refused as JSON.
 */
import { randomUUID } from 'node:crypto';
import { systemClock } from '../../src/clock.js';
import { chargeForInvoice } from '../../src/credits/credits.service.js';
import { createDb } from '../../src/db/db.js';

const [file, profileId, count] = process.argv.slice(2);
const db = createDb({ sqliteFile: file });
let ok = 0;
let refused = 0;
for (let i = 0; i < Number(count); i++) {
  try {
    await db
      .transaction()
      .execute((trx) =>
        chargeForInvoice(trx, systemClock, { type: 'profile', id: profileId! }, randomUUID()),
      );
    ok += 1;
  } catch (err) {
    if ((err as { code?: string }).code !== 'InsufficientCredits') throw err;
    refused += 1;
  }
}
await db.destroy();
console.log(JSON.stringify({ ok, refused }));
