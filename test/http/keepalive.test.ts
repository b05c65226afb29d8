import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { makeTestDeps } from '../helpers/deps.js';
import { seedProfile } from '../helpers/seed.js';

/**
 * The real server on an ephemeral port and Node's own fetch (undici), which keeps connections alive and sends the
 * next request on the connection the last one used.
 */
describe('early answers reach a keep-alive client, and the connection stays usable', () => {
  let base: string;
  let close: () => Promise<void>;
  let auth: { authorization: string };
  let limited: { authorization: string };
  let connections = 0;

  beforeAll(async () => {
    const deps = await makeTestDeps();
    deps.config.MAX_BODY_BYTES = 4 * 1024 * 1024;
    deps.config.RATE_LIMIT_PER_MINUTE = 3;
    auth = (await seedProfile(deps)).auth;
    limited = (await seedProfile(deps)).auth;
    const app = createApp(deps);
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server.once('listening', r));
    server.on('connection', () => connections++);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((r) => server.close(() => r()));
  });
  afterAll(async () => {
    await close();
  });

  const big = (bytes: number) => JSON.stringify({ receipt_image: 'A'.repeat(bytes), cfdi_usage: 'G03' });
  const send = (path: string, init: Record<string, unknown>) =>
    fetch(`${base}${path}`, { method: 'POST', ...init } as RequestInit);
  const health = async () => (await fetch(`${base}/health`)).status;

  it('401: a 3 MB body with no key, then the next request on the same connection', async () => {
    const res = await send('/api/svc/facturar-ticket', {
      headers: { 'content-type': 'application/json' },
      body: big(3 * 1024 * 1024),
    });
    expect(res.status).toBe(401);
    expect((await res.json()).error).toBe('Unauthorized');
    expect(await health()).toBe(200);
    expect(await health()).toBe(200);
    expect(connections).toBeLessThanOrEqual(2);
  });

  it('413: a body over MAX_BODY_BYTES, declared by Content-Length', async () => {
    const res = await send('/api/svc/facturar-ticket', {
      headers: { 'content-type': 'application/json', ...auth },
      body: big(5 * 1024 * 1024),
    });
    expect(res.status).toBe(413);
    await res.arrayBuffer();
    expect(await health()).toBe(200);
  });

  it('413: a body over twice the limit is not read; the answer closes the connection', async () => {
    const res = await send('/api/svc/facturar-ticket', {
      headers: { 'content-type': 'application/json', ...auth },
      body: big(9 * 1024 * 1024),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
    await res.arrayBuffer();
    expect(await health()).toBe(200);
  });

  it('413: a chunked body that grows over the limit', async () => {
    const chunk = new Uint8Array(256 * 1024).fill(65);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 6 * 1024 * 1024) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await send('/api/svc/facturar-ticket', {
      headers: { 'content-type': 'application/json', ...auth },
      body: stream,
      duplex: 'half',
    });
    expect(res.status).toBe(413);
    await res.arrayBuffer();
    expect(await health()).toBe(200);
  });

  it('429: a 3 MB body over the rate limit', async () => {
    for (let i = 0; i < 3; i++) {
      await (
        await fetch(`${base}/api/svc/invoices/${crypto.randomUUID()}`, { headers: limited })
      ).arrayBuffer();
    }
    const res = await send('/api/svc/facturar-ticket', {
      headers: { 'content-type': 'application/json', ...limited },
      body: big(3 * 1024 * 1024),
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    await res.arrayBuffer();
    expect(await health()).toBe(200);
  });

  it('415: a 3 MB body that is not JSON', async () => {
    const res = await send('/api/svc/facturar-ticket', {
      headers: { 'content-type': 'text/plain', ...auth },
      body: big(3 * 1024 * 1024),
    });
    expect(res.status).toBe(415);
    await res.arrayBuffer();
    expect(await health()).toBe(200);
  });
});
