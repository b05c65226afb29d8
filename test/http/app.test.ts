import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/clock.js';
import { testConfig } from '../../src/config.js';
import { createApp } from '../../src/http/app.js';
import { makeTestDeps } from '../helpers/deps.js';
import { call, seedOrgWithAdmin, seedProfile } from '../helpers/seed.js';

type Doc = {
  paths: Record<string, Record<string, { security?: unknown }>>;
  components: Record<string, Record<string, unknown>>;
};

describe('authentication', () => {
  it('answers 401 with the documented body on every protected route of the OpenAPI document', async () => {
    const deps = await makeTestDeps();
    const app = createApp(deps);
    const doc = (await (await app.request('/openapi.json')).json()) as Doc;
    const protectedOps = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.security)
        .map(([method]) => [method.toUpperCase(), path.replace(/\{[^}]+\}/g, 'EKU9003173C9')] as const),
    );
    expect(protectedOps.length).toBeGreaterThanOrEqual(12);
    for (const [method, path] of protectedOps) {
      for (const auth of [undefined, { authorization: 'Bearer svc_wrong' }, { authorization: 'Basic abc' }]) {
        const res = await call(
          app,
          method,
          path,
          auth,
          method === 'GET' || method === 'DELETE' ? undefined : {},
        );
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(Object.keys(res.body).sort()).toEqual(['error', 'message']);
        expect(res.body.error).toBe('Unauthorized');
      }
    }
  });

  it('stops accepting a revoked key', async () => {
    const deps = await makeTestDeps();
    const app = createApp(deps);
    const p = await seedProfile(deps);
    expect((await call(app, 'GET', `/api/profile/${p.profile.rfc}`, p.auth)).status).toBe(200);
    const { revokeApiKeys } = await import('../../src/profiles/apikeys.service.js');
    await revokeApiKeys(deps.db, deps.clock, p.profile.id);
    expect((await call(app, 'GET', `/api/profile/${p.profile.rfc}`, p.auth)).status).toBe(401);
  });
});

describe('request errors', () => {
  it('maps malformed JSON to 400 ValidationError', async () => {
    const deps = await makeTestDeps();
    const app = createApp(deps);
    const p = await seedProfile(deps);
    const res = await call(app, 'PATCH', `/api/profile/${p.profile.rfc}`, p.auth, '{"name": ');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'ValidationError', details: [{ path: '(body)' }] });
  });

  it('answers 415 (not 500) for a body that is not sent as JSON, and changes nothing', async () => {
    const deps = await makeTestDeps();
    const app = createApp(deps);
    const p = await seedProfile(deps);
    const routes: Array<[string, string]> = [
      ['PATCH', `/api/profile/${p.profile.rfc}`],
      ['POST', '/api/svc/create-profile'],
      ['POST', '/api/svc/facturar-ticket'],
    ];
    for (const [method, path] of routes) {
      for (const type of ['application/x-www-form-urlencoded', 'text/plain', undefined]) {
        const headers: Record<string, string> = { ...p.auth, ...(type ? { 'content-type': type } : {}) };
        const res = await app.request(path, { method, headers, body: '{"name":"Otro Nombre"}' });
        expect(res.status, `${method} ${path} ${type}`).toBe(415);
        const body = (await res.json()) as Record<string, unknown>;
        expect(body).toEqual({
          error: 'UnsupportedMediaType',
          message: expect.stringContaining('application/json'),
        });
      }
    }
    const after = await call(app, 'GET', `/api/profile/${p.profile.rfc}`, p.auth);
    expect(after.body.name).toBe(p.profile.name);
  });

  it('answers 413 PayloadTooLarge for a body over the limit', async () => {
    const deps = await makeTestDeps({ config: testConfig({ MAX_BODY_BYTES: 1024 }) });
    const app = createApp(deps);
    const p = await seedProfile(deps);
    const res = await call(app, 'PATCH', `/api/profile/${p.profile.rfc}`, p.auth, { name: 'x'.repeat(2000) });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('PayloadTooLarge');
  });

  it('answers 404 NotFound in the error shape for unknown routes', async () => {
    const deps = await makeTestDeps();
    const p = await seedProfile(deps);
    const res = await call(createApp(deps), 'GET', '/api/nothing-here', p.auth);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('NotFound');
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After per key, and lets the key in again after the window', async () => {
    const clock = fixedClock();
    const deps = await makeTestDeps({ clock, config: testConfig({ RATE_LIMIT_PER_MINUTE: 3 }) });
    const app = createApp(deps);
    const { admin, member } = await seedOrgWithAdmin(deps);
    const path = `/api/profile/${admin.profile.rfc}`;
    for (let i = 0; i < 3; i++) expect((await call(app, 'GET', path, admin.auth)).status).toBe(200);
    const limited = await call(app, 'GET', path, admin.auth);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('RateLimited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // Another key is counted separately.
    expect((await call(app, 'GET', `/api/profile/${member.profile.rfc}`, member.auth)).status).toBe(200);
    clock.advance(61_000);
    expect((await call(app, 'GET', path, admin.auth)).status).toBe(200);
  });
});

describe('request id and logs', () => {
  it('echoes X-Request-Id and logs one line per request without the key', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const deps = await makeTestDeps({ logger: pino({ level: 'info' }, sink) });
    const app = createApp(deps);
    const p = await seedProfile(deps);
    const res = await app.request(`/api/profile/${p.profile.rfc}`, {
      headers: { ...p.auth, 'x-request-id': 'req-123' },
    });
    expect(res.headers.get('x-request-id')).toBe('req-123');
    const fresh = await app.request('/health');
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const log = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(log.find((l) => l.reqId === 'req-123')).toMatchObject({ status: 200, method: 'GET' });
    expect(lines.join('')).not.toContain(p.key);
  });
});

describe('OpenAPI and docs', () => {
  it('serves an OpenAPI 3.1 document generated from the routes', async () => {
    const app = createApp(await makeTestDeps());
    const res = await app.request('/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Doc & { openapi: string };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes?.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.schemas?.Error).toBeDefined();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/health',
        '/api/profile/{rfc}',
        '/api/profile/{rfc}/tax-info',
        '/api/svc/get-profile',
        '/api/svc/create-profile',
        '/api/organizations/{org_id}',
        '/api/organizations/{org_id}/credits',
        '/api/organizations/{org_id}/members',
        '/api/organizations/{org_id}/members/{rfc}',
        '/api/svc/organization-members',
      ]),
    );
    expect(doc.paths['/health']?.get?.security).toBeUndefined();
  });

  it('renders /docs as self-contained HTML (no external scripts)', async () => {
    const app = createApp(await makeTestDeps());
    const res = await app.request('/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain('/api/svc/create-profile');
    expect(html).toContain('invoice_fiscal_regimen');
    expect(html).not.toMatch(/<script|https?:\/\/(?!localhost)[^"]*\.(js|css)/);
  });
});
