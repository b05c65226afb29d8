import { createHash, randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/db.js';

/** Runs `register` unless another instance did (or is doing) it for the same target; true when it ran. */
export type WebhookOnce = (target: string, register: () => Promise<unknown>) => Promise<boolean>;

const SETTING = 'telegram_webhook';
/** A registration this recent is trusted; an older one is asserted again, in case the webhook was changed. */
const FRESH_MS = 10 * 60_000;
/** A claim left by an instance that died mid-registration is taken over after this. */
const STALE_CLAIM_MS = 60_000;

/**
 * When several instances start at once, one calls setWebhook and the others skip it (Telegram rate-limits
 * setWebhook, and concurrent calls gain nothing). The app_settings row holds the registered target's hash, or a
 * claim while an instance registers; the claim is a compare-and-set on the row, so only one instance wins.
 */
export function webhookOnce(db: Db, clock: Clock): WebhookOnce {
  return async (target, register) => {
    const done = createHash('sha256').update(target).digest('hex');
    const now = clock.now();
    const row = await db
      .selectFrom('app_settings')
      .selectAll()
      .where('name', '=', SETTING)
      .executeTakeFirst();
    const age = row ? now.getTime() - Date.parse(row.updated_at) : Number.POSITIVE_INFINITY;
    if (row?.value === done && age < FRESH_MS) return false;
    if (row?.value.startsWith('claim:') && age < STALE_CLAIM_MS) return false;
    const claim = `claim:${randomUUID()}`;
    const values = { name: SETTING, value: claim, updated_at: now.toISOString() };
    const won = row
      ? Number(
          (
            await db
              .updateTable('app_settings')
              .set(values)
              .where('name', '=', SETTING)
              .where('value', '=', row.value)
              .where('updated_at', '=', row.updated_at)
              .executeTakeFirst()
          ).numUpdatedRows,
        ) === 1
      : (await db
          .insertInto('app_settings')
          .values(values)
          .onConflict((oc) => oc.column('name').doNothing())
          .returning('name')
          .executeTakeFirst()) !== undefined;
    if (!won) return false;
    try {
      await register();
    } catch (err) {
      await db.deleteFrom('app_settings').where('name', '=', SETTING).where('value', '=', claim).execute();
      throw err;
    }
    await db
      .updateTable('app_settings')
      .set({ value: done, updated_at: clock.now().toISOString() })
      .where('name', '=', SETTING)
      .where('value', '=', claim)
      .execute();
    return true;
  };
}
