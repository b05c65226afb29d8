import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/clock.js';
import { call, seedOrgWithAdmin, seedProfile } from '../helpers/seed.js';
import { fakeResolver, startReceiver, verifies, webhookHarness } from './webhooks.helpers.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

async function receiver(opts: Parameters<typeof startReceiver>[0] = {}) {
  const r = await startReceiver(opts);
  closers.push(r.close);
  return r;
}

const PATH = '/api/svc/webhook-endpoints';

describe('webhook endpoint management', () => {
  it('creates (secret once), lists without secrets, deletes', async () => {
    const h = await webhookHarness();
    const me = await seedProfile(h.deps);
    const created = await h.register(me.auth, {
      url: 'http://127.0.0.1:9/hooks',
      events: ['invoice.completed'],
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual([
      'created_at',
      'events',
      'id',
      'org_id',
      'secret',
      'url',
    ]);
    expect(created.body.org_id).toBeNull();

    const list = await call(h.app, 'GET', PATH, me.auth);
    expect(list.body).toEqual({
      endpoints: [
        {
          id: created.body.id,
          url: 'http://127.0.0.1:9/hooks',
          events: ['invoice.completed'],
          org_id: null,
          created_at: created.body.created_at,
          status: 'enabled',
          disabled_reason: null,
        },
      ],
    });
    expect(JSON.stringify(list.body)).not.toContain('whsec_');

    const del = await call(h.app, 'DELETE', `${PATH}/${created.body.id}`, me.auth);
    expect(del).toMatchObject({ status: 200, body: { success: true } });
    expect((await call(h.app, 'GET', PATH, me.auth)).body).toEqual({ endpoints: [] });
    expect((await call(h.app, 'DELETE', `${PATH}/${created.body.id}`, me.auth)).status).toBe(404);
  });

  it('another profile cannot list, delete, rotate, test or read deliveries of an endpoint not theirs', async () => {
    const h = await webhookHarness();
    const owner = await seedProfile(h.deps);
    const other = await seedProfile(h.deps);
    const ep = await h.register(owner.auth, { url: 'http://127.0.0.1:9/hooks' });
    const id = String(ep.body.id);
    expect((await call(h.app, 'GET', PATH, other.auth)).body).toEqual({ endpoints: [] });
    for (const [method, suffix] of [
      ['DELETE', ''],
      ['POST', '/rotate-secret'],
      ['POST', '/test'],
      ['GET', '/deliveries'],
    ] as const) {
      const res = await call(h.app, method, `${PATH}/${id}${suffix}`, other.auth);
      expect(res.status, `${method} ${suffix}`).toBe(404);
      expect(res.body.error).toBe('NotFound');
    }
    expect((await call(h.app, 'GET', PATH, owner.auth)).body.endpoints).toHaveLength(1);
    expect(await h.deps.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
  });

  it("an organization's endpoints are managed by its admins only", async () => {
    const h = await webhookHarness();
    const { org, admin, member } = await seedOrgWithAdmin(h.deps);
    const other = await seedOrgWithAdmin(h.deps);
    const url = 'http://127.0.0.1:9/hooks';
    expect((await h.register(member.auth, { url, org_id: org.id })).status).toBe(403);
    expect((await h.register(other.admin.auth, { url, org_id: org.id })).status).toBe(404);
    const ep = await h.register(admin.auth, { url, org_id: org.id });
    expect(ep).toMatchObject({ status: 201, body: { org_id: org.id } });
    expect((await call(h.app, 'GET', PATH, member.auth)).body).toEqual({ endpoints: [] });
    expect((await call(h.app, 'DELETE', `${PATH}/${ep.body.id}`, member.auth)).status).toBe(404);
    expect((await call(h.app, 'DELETE', `${PATH}/${ep.body.id}`, other.admin.auth)).status).toBe(404);
    expect((await call(h.app, 'GET', PATH, admin.auth)).body.endpoints).toHaveLength(1);
  });

  it('at most 10 endpoints per owner', async () => {
    const h = await webhookHarness();
    const me = await seedProfile(h.deps);
    for (let i = 0; i < 10; i++)
      expect((await h.register(me.auth, { url: `http://127.0.0.1:9/h${i}` })).status).toBe(201);
    const res = await h.register(me.auth, { url: 'http://127.0.0.1:9/h10' });
    expect(res).toMatchObject({ status: 409, body: { error: 'Conflict' } });
  });

  it('/test sends a signed ping and /deliveries shows it', async () => {
    const h = await webhookHarness();
    const rx = await receiver();
    const me = await seedProfile(h.deps);
    const ep = await h.register(me.auth, { url: rx.url, events: ['invoice.failed'] });
    const sent = await call(h.app, 'POST', `${PATH}/${ep.body.id}/test`, me.auth);
    expect(sent).toMatchObject({ status: 202, body: { event: 'ping', status: 'pending', attempts: 0 } });
    await h.runJobs();
    expect(rx.received).toHaveLength(1);
    expect(JSON.parse(rx.received[0]!.body)).toMatchObject({
      type: 'ping',
      data: { endpoint_id: ep.body.id },
    });
    expect(verifies(String(ep.body.secret), rx.received[0]!)).toBe(true);
    const d = await call(h.app, 'GET', `${PATH}/${ep.body.id}/deliveries`, me.auth);
    expect(d.body.deliveries).toEqual([
      expect.objectContaining({
        id: sent.body.id,
        event: 'ping',
        status: 'delivered',
        status_code: 200,
        attempts: 1,
      }),
    ]);
  });

  it('rotation: both secrets verify during the 24 h overlap, only the new one after', async () => {
    const h = await webhookHarness();
    const rx = await receiver();
    const me = await seedProfile(h.deps);
    const ep = await h.register(me.auth, { url: rx.url });
    const rotated = await call(h.app, 'POST', `${PATH}/${ep.body.id}/rotate-secret`, me.auth);
    expect(rotated.status).toBe(200);
    const [oldSecret, newSecret] = [String(ep.body.secret), String(rotated.body.secret)];
    expect(newSecret).not.toBe(oldSecret);
    expect(rotated.body.previous_secret_expires_at).toBe(
      new Date(h.deps.clock.now().getTime() + 24 * 3_600_000).toISOString(),
    );

    await call(h.app, 'POST', `${PATH}/${ep.body.id}/test`, me.auth);
    await h.runJobs();
    const during = rx.received[0]!;
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifies(oldSecret, during)).toBe(true);
    expect(verifies(newSecret, during)).toBe(true);

    h.deps.clock.advance(24 * 3_600_000 + 1000);
    await call(h.app, 'POST', `${PATH}/${ep.body.id}/test`, me.auth);
    await h.runJobs();
    const after = rx.received[1]!;
    expect(verifies(newSecret, after)).toBe(true);
    expect(verifies(oldSecret, after)).toBe(false);
  });
  it('the reference Standard Webhooks library verifies deliveries, with either secret during a rotation', async () => {
    // The library checks the timestamp against the real time, so this clock starts now.
    const h = await webhookHarness({ clock: fixedClock(new Date().toISOString()) });
    const rx = await receiver();
    const me = await seedProfile(h.deps);
    const ep = await h.register(me.auth, { url: rx.url });
    await call(h.app, 'POST', `${PATH}/${ep.body.id}/test`, me.auth);
    const rotated = await call(h.app, 'POST', `${PATH}/${ep.body.id}/rotate-secret`, me.auth);
    await call(h.app, 'POST', `${PATH}/${ep.body.id}/test`, me.auth);
    await h.runJobs();
    const headers = (i: number) => rx.received[i]!.headers as Record<string, string>;
    const payload = new Webhook(String(ep.body.secret)).verify(rx.received[0]!.body, headers(0));
    expect(payload).toMatchObject({ type: 'ping' });
    for (const secret of [ep.body.secret, rotated.body.secret])
      expect(new Webhook(String(secret)).verify(rx.received[1]!.body, headers(1))).toMatchObject({
        type: 'ping',
      });
    const stranger = new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`);
    expect(() => stranger.verify(rx.received[1]!.body, headers(1))).toThrow();
  });
});

describe('refused URLs', () => {
  const bad = [
    ['https://10.0.0.8/hook', 'private 10.x'],
    ['https://192.168.1.10/hook', 'private 192.168.x'],
    ['https://172.20.0.1/hook', 'private 172.16/12'],
    ['https://169.254.169.254/latest/meta-data', 'cloud metadata'],
    ['https://[::ffff:10.0.0.1]/hook', 'IPv4-mapped private'],
    ['https://[fd00::1]/hook', 'IPv6 unique local'],
    ['https://[fe80::1]/hook', 'IPv6 link-local'],
    ['https://0.0.0.0/hook', 'unspecified'],
    ['ftp://example.com/hook', 'not http(s)'],
    ['not a url', 'not a URL'],
    ['https://user:pw@example.com/hook', 'credentials in the URL'],
    ['https://internal.example.test/hook', 'a host name resolving to a private address'],
    ['https://mixed.example.test/hook', 'one of the addresses private'],
    ['https://metadata.example.test/hook', 'a host name resolving to the metadata address'],
    ['https://nowhere.example.test/hook', 'a host name that does not resolve'],
    ['http://93.184.216.34/hook', 'http:// to a public address'],
  ] as const;

  it.each(bad)('%s (%s) → 400 ValidationError, nothing stored', async (url) => {
    const h = await webhookHarness();
    const me = await seedProfile(h.deps);
    const res = await h.register(me.auth, { url });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ValidationError');
    expect((res.body.details as { path: string }[])[0]!.path).toBe('url');
    expect(await h.deps.db.selectFrom('webhook_endpoints').selectAll().execute()).toEqual([]);
  });

  it('loopback over http:// needs WEBHOOK_ALLOW_INSECURE=true', async () => {
    const h = await webhookHarness();
    const me = await seedProfile(h.deps);
    expect((await h.register(me.auth, { url: 'http://localhost:8080/hook' })).status).toBe(201);
    h.deps.config.WEBHOOK_ALLOW_INSECURE = false;
    for (const url of ['http://localhost:8080/hook', 'http://127.0.0.1:8080/hook', 'https://127.0.0.1/hook'])
      expect((await h.register(me.auth, { url })).status, url).toBe(400);
  });

  it('a bad event name or org_id type is a ValidationError', async () => {
    const h = await webhookHarness();
    const me = await seedProfile(h.deps);
    const res = await h.register(me.auth, { url: 'http://127.0.0.1:9/h', events: ['invoice.deleted'] });
    expect(res).toMatchObject({ status: 400, body: { error: 'ValidationError' } });
  });

  it('a host that turns private after registration is refused at send time, and nothing is sent', async () => {
    const rx = await receiver();
    const h = await webhookHarness();
    const me = await seedProfile(h.deps);
    const ep = await h.register(me.auth, { url: rx.url.replace('127.0.0.1', 'localhost') });
    expect(ep.status).toBe(201);
    // DNS now answers with a private address (rebinding after the registration check).
    h.deps.resolveHost = fakeResolver({ localhost: ['10.1.2.3'] });
    await call(h.app, 'POST', `${PATH}/${ep.body.id}/test`, me.auth);
    await h.runJobs();
    expect(rx.received).toEqual([]);
    const d = await call(h.app, 'GET', `${PATH}/${ep.body.id}/deliveries`, me.auth);
    expect(d.body.deliveries).toEqual([
      expect.objectContaining({
        status: 'failed',
        status_code: null,
        last_error: expect.stringMatching(/10\.1\.2\.3/),
      }),
    ]);
  });
});

describe('OpenAPI', () => {
  it('documents every webhook route with its schemas', async () => {
    const h = await webhookHarness();
    const doc = (await (await h.app.request('/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(Object.keys(doc.paths[PATH]!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths[`${PATH}/{id}`]!)).toEqual(['delete']);
    for (const p of ['/rotate-secret', '/test', '/deliveries'])
      expect(doc.paths[`${PATH}/{id}${p}`]).toBeDefined();
    expect(doc.paths[PATH]!.post!.responses['201']).toBeDefined();
    for (const s of [
      'CreatedWebhookEndpoint',
      'WebhookEndpoint',
      'WebhookDelivery',
      'RotatedWebhookEndpoint',
    ])
      expect(doc.components.schemas[s], s).toBeDefined();
  });
});
