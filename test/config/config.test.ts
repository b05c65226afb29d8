import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

/** .env.example as an environment: every KEY=value line, empty values as unset. */
function exampleEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of fs.readFileSync('.env.example', 'utf8').split('\n')) {
    const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (m?.[1] && m[2] !== undefined) env[m[1]] = m[2];
  }
  return env;
}

describe('config', () => {
  it('starts with no settings at all', () => {
    const c = loadConfig({}, '/srv');
    expect(c.PORT).toBe(3000);
    expect(c.dataDir).toBe('/srv/data');
  });

  it('accepts every value of .env.example', () => {
    expect(() => loadConfig(exampleEnv())).not.toThrow();
  });

  it('documents every setting in .env.example', () => {
    const documented = new Set(
      fs
        .readFileSync('.env.example', 'utf8')
        .split('\n')
        .map((l) => /^([A-Z0-9_]+)=/.exec(l)?.[1])
        .filter(Boolean),
    );
    const known = Object.keys(loadConfig({})).filter((k) => /^[A-Z0-9_]+$/.test(k));
    expect(known.filter((k) => !documented.has(k))).toEqual([]);
  });

  it('stops with a message naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'not a url' })).toThrow(/PUBLIC_BASE_URL/);
  });
});
