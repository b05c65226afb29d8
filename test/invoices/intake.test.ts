import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.js';
import { checkReceiptImage, decodeReceiptImage } from '../../src/invoices/intake.js';
import { ensureLinkSecret } from '../../src/invoices/link.secret.js';
import { fixtureImage } from './invoice.helpers.js';

const codeOf = async (f: () => unknown) => {
  try {
    await f();
  } catch (e) {
    return e instanceof AppError ? e.code : `not an AppError: ${e}`;
  }
  return 'no error';
};

describe('decodeReceiptImage', () => {
  const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 250, 251]);
  it('accepts Base64 with line breaks, base64url and data URIs with parameters', () => {
    const b64 = bytes.toString('base64');
    expect(decodeReceiptImage(`${b64.slice(0, 4)}\n${b64.slice(4)}\n`, 100)).toEqual(bytes);
    expect(decodeReceiptImage(bytes.toString('base64url'), 100)).toEqual(bytes);
    expect(decodeReceiptImage(`data:image/jpeg;base64,${b64}`, 100)).toEqual(bytes);
    expect(decodeReceiptImage(`data:image/png;name=t.png;base64,${b64}`, 100)).toEqual(bytes);
  });
  it('refuses garbage, non-base64 data URIs, empty input and oversize', async () => {
    expect(await codeOf(() => decodeReceiptImage('abc$', 100))).toBe('ValidationError');
    expect(await codeOf(() => decodeReceiptImage('a', 100))).toBe('ValidationError');
    expect(await codeOf(() => decodeReceiptImage('data:image/png,rawdata', 100))).toBe('ValidationError');
    expect(await codeOf(() => decodeReceiptImage('   ', 100))).toBe('ValidationError');
    expect(await codeOf(() => decodeReceiptImage(bytes.toString('base64'), 8))).toBe('PayloadTooLarge');
    expect(await codeOf(() => decodeReceiptImage(Buffer.alloc(1000).toString('base64'), 999))).toBe(
      'PayloadTooLarge',
    );
    expect(decodeReceiptImage(Buffer.alloc(999).toString('base64'), 999)).toHaveLength(999);
  });
});

describe('checkReceiptImage', () => {
  it('reads format and displayed size, honouring EXIF orientation', async () => {
    expect(await checkReceiptImage(fixtureImage())).toMatchObject({ format: 'jpeg' });
    const rotated = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#fff' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await checkReceiptImage(rotated)).toEqual({ format: 'jpeg', width: 100, height: 300 });
  });
  it('judges by the bytes: a PNG is a PNG, anything else is 415', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#000' } })
      .png()
      .toBuffer();
    expect((await checkReceiptImage(png)).format).toBe('png');
    const webp = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    expect(await codeOf(() => checkReceiptImage(webp))).toBe('UnsupportedMediaType');
    expect(await codeOf(() => checkReceiptImage(Buffer.alloc(0)))).toBe('UnsupportedMediaType');
    expect(await codeOf(() => checkReceiptImage(png.subarray(0, 30)))).toBe('ValidationError');
  });
});

describe('ensureLinkSecret', () => {
  it('uses LINK_SECRET when set, else generates one and keeps it across restarts', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-'));
    try {
      expect(ensureLinkSecret(dir, 'configured')).toBe('configured');
      const a = ensureLinkSecret(dir, undefined);
      expect(a.length).toBeGreaterThanOrEqual(32);
      expect(ensureLinkSecret(dir, undefined)).toBe(a);
      expect(fs.statSync(path.join(dir, 'link-secret')).mode & 0o777).toBe(0o600);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
