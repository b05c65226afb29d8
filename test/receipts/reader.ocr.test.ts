import { existsSync, readdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { scoreItems } from '../../bench/receipts.score.js';
import { fixedClock } from '../../src/clock.js';
import { rfcTokenWords } from '../../src/receipts/extract/extract.rfc.js';
import { rfcFromChoices } from '../../src/receipts/extract/rfc.choices.js';
import { cropBox, pgmOf, preparePage } from '../../src/receipts/image/prepare.js';
import { createTesseractEngine } from '../../src/receipts/ocr/ocr.js';
import { warmUpTicket } from '../../src/receipts/ocr/warmup.js';
import { rfcBox } from '../../src/receipts/reader.rfc.js';
import { createReceiptReader } from '../../src/receipts/receipts.reader.js';

// Real tesseract over a few synthetic tickets copied from shared/receipts/dev (see fixtures/receipts/README.md).
const FIXTURES = 'fixtures/receipts';
const REAL_DEV = '../shared/receipts/real-dev';
const reader = createReceiptReader({ clock: fixedClock('2026-11-22T12:00:00Z'), workers: 2 });
afterAll(() => reader.close());

const cents = (pesos: number | null): number | null => (pesos === null ? null : Math.round(pesos * 100));
/** A fixture photo and its ground truth. */
const fixture = (name: string) => ({
  truth: JSON.parse(readFileSync(`${FIXTURES}/${name}.json`, 'utf8')),
  photo: readFileSync(`${FIXTURES}/${name}.jpg`),
});
const names = readdirSync(FIXTURES).filter((f) => f.endsWith('.jpg'));

describe('readReceipt with real OCR', () => {
  it('has fixture images to read', () => {
    expect(names.length).toBeGreaterThanOrEqual(3);
  });

  it.each(names)(
    '%s: key fields and most item lines match the ground truth',
    { timeout: 60_000 },
    async (name) => {
      const truth = JSON.parse(readFileSync(`${FIXTURES}/${name.replace('.jpg', '.json')}`, 'utf8'));
      const data = await reader.read(readFileSync(`${FIXTURES}/${name}`));
      expect({ total: data.total, vendor_rfc: data.vendor_rfc, date: data.date }).toEqual({
        total: cents(truth.total),
        vendor_rfc: truth.vendor_rfc,
        date: truth.date,
      });
      expect(data.vendor_name?.toUpperCase()).toBe(truth.vendor_name.toUpperCase());
      expect(data.text.length).toBeGreaterThan(100);
      expect(data.timings.total).toBeGreaterThan(0);
      expect(data.confidence.total).toBeGreaterThan(0.5);
      // Items as the bench scores them (description similarity, then quantity and amount): most lines right.
      const read = data.items.map((i) => ({ ...i, amount: i.amount / 100 }));
      const items = scoreItems(read, truth.items);
      expect(items?.right).toBeGreaterThanOrEqual(Math.ceil(0.75 * truth.items.length));
      expect(items?.extra).toBeLessThanOrEqual(2);
    },
  );

  it('reads a photo sent at half the size (as a messaging app shrinks it) as well as the original', {
    timeout: 60_000,
  }, async () => {
    const { truth, photo } = fixture('dev-001-clean');
    const { width = 0 } = await sharp(photo).metadata();
    const small = await sharp(photo)
      .resize({ width: Math.round(width / 2) })
      .jpeg({ quality: 90 })
      .toBuffer();
    const data = await reader.read(small);
    // Read at the size it came in, its text 10 px high, the razón social came out `… LA TERZAZA SA DE CV`.
    expect({ total: data.total, rfc: data.vendor_rfc, date: data.date, name: data.vendor_name }).toEqual({
      total: cents(truth.total),
      rfc: truth.vendor_rfc,
      date: truth.date,
      name: truth.vendor_name,
    });
  });

  it("puts back a barred zero read as 6 in a date, and as 8 and 6 in an RFC, on a messaging app's copy", {
    timeout: 60_000,
  }, async () => {
    // Shrunk to 0.85× and saved at q80, one fixture's `10-MAR-2025` reads `16-MAR-2025`, and another's RFC
    // `FSL040722CN0` reads `FSL048722CN6` (a one-edit 13-character misreading of the header re-read then won).
    const copy = async (name: string): Promise<Buffer> => {
      const { photo } = fixture(name);
      const { width = 0 } = await sharp(photo).metadata();
      return sharp(photo)
        .resize({ width: Math.round(width * 0.85) })
        .jpeg({ quality: 80 })
        .toBuffer();
    };
    const [gas, pharmacy] = await Promise.all([
      reader.read(await copy('dev-011-clean')),
      reader.read(await copy('dev-028-mild')),
    ]);
    expect(gas.date).toBe('2025-03-10');
    expect(pharmacy.vendor_rfc).toBe('FSL040722CN0');
  });

  it('reads a photo taken sideways or upside down, whose file says nothing of it, as the upright one', {
    timeout: 60_000,
  }, async () => {
    const { truth, photo } = fixture('dev-001-clean');
    for (const angle of [90, 180]) {
      const turned = await sharp(photo).rotate(angle).jpeg({ quality: 92 }).toBuffer();
      const data = await reader.read(turned);
      expect({ total: data.total, rfc: data.vendor_rfc, date: data.date }).toEqual({
        total: cents(truth.total),
        rfc: truth.vendor_rfc,
        date: truth.date,
      });
      expect(data.timings.turn).toBeGreaterThan(0);
    }
  });

  it("gives each character's alternatives on request, and they spell the printed RFC", {
    timeout: 60_000,
  }, async () => {
    const { truth, photo } = fixture('dev-001-clean');
    const engine = createTesseractEngine({ workers: 1 });
    try {
      const page = await preparePage(photo);
      const first = await engine.recognize(page.pgm, { words: true });
      const token = rfcTokenWords(first.words ?? []);
      expect(token).not.toBeNull();
      const box = rfcBox(token as NonNullable<typeof token>);
      const cut = pgmOf(await cropBox(page.gray, box, 0.6 * (box.y1 - box.y0), 2));
      const plain = await engine.recognize(cut, { psm: '7' });
      const read = await engine.recognize(cut, { psm: '7', choices: true });
      // The same reading, with a list of alternatives for each of its characters.
      expect(read.text).toBe(plain.text);
      expect(plain.choices).toBeUndefined();
      const chars = (read.choices ?? []).flat();
      expect(chars.length).toBeGreaterThanOrEqual(12);
      expect(chars.every((alts) => alts.length >= 1 && alts.every(([, p]) => p >= 0 && p <= 1))).toBe(true);
      expect(rfcFromChoices(read.choices ?? [])).toBe(truth.vendor_rfc);
    } finally {
      await engine.close();
    }
  });

  it('rejects bytes that are not an image', async () => {
    await expect(reader.read(Buffer.from('not an image'))).rejects.toThrow();
  });
});

// Foreign real photos (not copied into the project): total and date robustness, when shared/ is present.
describe.skipIf(!existsSync(REAL_DEV))('real photos from ../shared', () => {
  it('reads the total and date of the German drugstore receipt', { timeout: 60_000 }, async () => {
    const base = `${REAL_DEV}/real-21-de-rossmann-27022020`;
    const truth = JSON.parse(readFileSync(`${base}.json`, 'utf8'));
    const data = await reader.read(readFileSync(`${base}.jpg`));
    expect(data.total).toBe(cents(truth.total));
    expect(data.date).toBe(truth.date);
  });
});

// The made-up ticket is drawn with the machine's monospaced font: a machine without fonts draws a blank page.
const drawn = await sharp(await warmUpTicket()).stats();
const canDraw = (drawn.channels[0]?.min ?? 255) < 128;

describe.skipIf(!canDraw)('warming up a pool', () => {
  it('starts every worker and reads the made-up ticket as drawn on each', { timeout: 60_000 }, async () => {
    const engine = createTesseractEngine({ workers: 2 });
    const warm = createReceiptReader({ clock: fixedClock('2026-11-22T12:00:00Z'), engine, workers: 2 });
    try {
      expect(await warm.warmUp()).toMatchObject({ ok: true });
      expect(engine.stats.started).toBe(2);
    } finally {
      await warm.close();
    }
  });
});
