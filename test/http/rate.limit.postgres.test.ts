import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/clock.js';
import type { Db } from '../../src/db/db.js';
import type { ProfilesTable } from '../../src/db/schema.js';
import type { AppEnv } from '../../src/http/env.js';
import { handleError } from '../../src/http/errors.js';
import { rateLimit } from '../../src/http/rate.limit.js';
import { silentLogger } from '../../src/logger.js';
import { pgTestSchema } from '../helpers/postgres.js';

const schema = await pgTestSchema();
const dbs: Db[] = [];
afterAll(async () => {
  for (const d of dbs.splice(0)) await d.destroy();
  await schema?.drop();
});

/** An instance: the limiter behind a stand-in for auth that acts as the profile named in a header. */
function instance(db: Db, clock: ReturnType<typeof fixedClock>) {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('profile', { id: c.req.header('x-profile') ?? 'p' } as ProfilesTable);
    await next();
  });
  app.onError((err, c) => handleError(err, c, silentLogger));
  app.use('*', rateLimit({ perMinute: 3, clock, db }));
  app.get('/x', (c) => c.text('ok'));
  return app;
}

describe.skipIf(!schema)('rate limit across instances on PostgreSQL', () => {
  it('counts one key over every instance, keeps keys apart, and opens again in the next minute', async () => {
    const clock = fixedClock('2026-01-01T10:00:10Z');
    const one = await schema!.migratedDb();
    const two = await schema!.db();
    dbs.push(one, two);
    const apps = [instance(one, clock), instance(two, clock)];
    const ask = (i: number, who = 'p1') => apps[i % 2]!.request('/x', { headers: { 'x-profile': who } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await ask(i)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await ask(5);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('50');
    expect((await ask(0, 'p2')).status).toBe(200);
    const burst = await Promise.all(Array.from({ length: 6 }, (_, i) => ask(i, 'p3')));
    expect(burst.filter((r) => r.status === 200)).toHaveLength(3);
    clock.advance(50_000);
    expect((await ask(1)).status).toBe(200);
  });
});
