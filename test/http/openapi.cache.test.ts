import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { makeTestDeps } from '../helpers/deps.js';

describe('/openapi.json and /docs', () => {
  it('are generated once, not for every request', async () => {
    const deps = await makeTestDeps();
    const app = createApp(deps);
    const spy = vi.spyOn(app, 'getOpenAPI31Document');
    for (let i = 0; i < 3; i++) {
      expect((await app.request('/openapi.json')).status).toBe(200);
      expect((await app.request('/docs')).status).toBe(200);
    }
    expect(spy).toHaveBeenCalledTimes(1);
    const doc = await (await app.request('http://example.test/openapi.json')).json();
    expect(doc.servers).toEqual([{ url: 'http://localhost:3000' }]);
    expect(Object.keys(doc.paths)).toContain('/api/svc/facturar-ticket');
  });
});
