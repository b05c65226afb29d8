import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.js';
import { errorBody, STATUS_OF } from '../../src/http/errors.js';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** Its 429 body moves to errorResponse with the per-instance limiter's rewrite. */

describe('the one error mapping', () => {
  it('is the only place that writes an error body', () => {
    const written = sourceFiles('src')
      .filter((f) => f !== join('src', 'http', 'errors.ts'))
      .filter((f) => /\.json\(\s*\{\s*error:\s*['"`]/.test(readFileSync(f, 'utf8')));
    expect(written).toEqual([]);
  });

  it('maps every code to a status and keeps details only for validation', () => {
    expect(STATUS_OF.Unauthorized).toBe(401);
    expect(errorBody(new AppError('Unauthorized', 'no key'))).toEqual({
      error: 'Unauthorized',
      message: 'no key',
    });
    const details = [{ path: 'rfc', message: 'bad' }];
    expect(errorBody(new AppError('ValidationError', 'Invalid rfc', details))).toEqual({
      error: 'ValidationError',
      message: 'Invalid rfc',
      details,
    });
  });
});
