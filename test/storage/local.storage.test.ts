import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.js';
import { localStorage, resolveKey } from '../../src/storage/local.storage.js';

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('localStorage', () => {
  it('round-trips files under its root and reports missing ones as NotFound', async () => {
    const root = tmp();
    const s = localStorage(root);
    await s.put('invoices/abc/1.xml', '<x/>');
    expect((await s.get('invoices/abc/1.xml')).toString()).toBe('<x/>');
    expect(await s.exists('invoices/abc/1.xml')).toBe(true);
    expect(fs.existsSync(path.join(root, 'invoices/abc/1.xml'))).toBe(true);
    await s.delete('invoices/abc/1.xml');
    expect(await s.exists('invoices/abc/1.xml')).toBe(false);
    await expect(s.get('invoices/abc/1.xml')).rejects.toMatchObject({ code: 'NotFound' });
    // No temp files left behind by the write-then-rename.
    expect(fs.readdirSync(path.join(root, 'invoices/abc'))).toEqual([]);
  });

  it('refuses keys that could leave the root', () => {
    const root = tmp();
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', './a', 'a/./b', '', 'a\\..\\b', '..']) {
      expect(() => resolveKey(root, key), key).toThrow(AppError);
    }
    expect(resolveKey(root, 'receipts/x.jpg')).toBe(path.join(root, 'receipts/x.jpg'));
  });
});
