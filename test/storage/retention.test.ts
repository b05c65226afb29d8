import { describe, expect, it } from 'vitest';
import { runDueJobs } from '../../src/jobs/worker.js';
import {
  RETENTION_EVERY_MS,
  RETENTION_JOB,
  retentionJobHandler,
  scheduleRetention,
} from '../../src/storage/retention.job.js';
import { botHarness, tgText } from '../bots/bots.harness.js';

describe('delivery records are pruned by a durable job', () => {
  it('drops marks, finished jobs and sent messages older than DEDUP_RETENTION_DAYS and queues its next run', async () => {
    const h = await botHarness();
    try {
      const { deps, clock } = h;
      await h.telegram(tgText(7, '/start'));
      await h.bots.outbox.drain();
      expect(await deps.db.selectFrom('processed_updates').selectAll().execute()).toHaveLength(1);
      clock.advance(8 * 24 * 3600_000);
      await h.telegram(tgText(7, '/start')); // a fresh one, kept
      await scheduleRetention(deps);
      await scheduleRetention(deps); // a second start does not queue a second chain
      const handlers = { [RETENTION_JOB]: retentionJobHandler(deps) };
      expect(await runDueJobs(deps, handlers)).toBe(1);
      expect(await deps.db.selectFrom('processed_updates').selectAll().execute()).toHaveLength(1);
      const outbox = await deps.db.selectFrom('outbox').select('created_at').execute();
      expect(outbox.every((r) => r.created_at === clock.now().toISOString())).toBe(true);
      const queued = await deps.db
        .selectFrom('jobs')
        .selectAll()
        .where('kind', '=', RETENTION_JOB)
        .where('status', '=', 'queued')
        .execute();
      expect(queued.map((j) => j.run_at)).toEqual([
        new Date(clock.now().getTime() + RETENTION_EVERY_MS).toISOString(),
      ]);
      clock.advance(8 * 24 * 3600_000 + RETENTION_EVERY_MS);
      expect(await runDueJobs(deps, handlers)).toBe(1);
      // The first pass's own row, finished over a week ago, went with the others.
      expect(
        await deps.db.selectFrom('jobs').select('status').where('kind', '=', RETENTION_JOB).execute(),
      ).toEqual([{ status: 'done' }, { status: 'queued' }]);
      expect(await deps.db.selectFrom('processed_updates').selectAll().execute()).toEqual([]);
    } finally {
      await h.close();
    }
  });
});
