import { describe, expect, it } from 'vitest';
import { createApp } from '../src/http/app.js';
import { makeTestDeps } from './helpers/deps.js';

describe('GET /health', () => {
  it('answers without a key', async () => {
    const app = createApp(await makeTestDeps());
    const res = await app.request('/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });

  it('answers 401 with the documented body on /api without a key', async () => {
    const app = createApp(await makeTestDeps());
    const res = await app.request('/api/profile/XAXX010101000');
    expect(res.status).toBe(401);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.error).toBe('Unauthorized');
    expect(typeof body.message).toBe('string');
  });
});
