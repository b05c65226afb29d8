import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { preparePage } from '../../src/receipts/image/prepare.js';
import { createTesseractEngine, wordsOfTsv } from '../../src/receipts/ocr/ocr.js';

describe('tesseract pool lifecycle', () => {
  it('recycles a worker after N jobs, keeps answering, and closes cleanly', { timeout: 60_000 }, async () => {
    const engine = createTesseractEngine({ workers: 1, recycleAfter: 2 });
    // A small crop keeps the five recognitions fast.
    const sharp = (await import('sharp')).default;
    const { gray } = await preparePage(readFileSync('fixtures/receipts/dev-001-clean.jpg'));
    const full = await sharp(gray.data, { raw: { width: gray.width, height: gray.height, channels: 1 } })
      .png()
      .toBuffer();
    const meta = await sharp(full).metadata();
    const crop = await sharp(full)
      .extract({ left: 0, top: 0, width: meta.width ?? 100, height: Math.round((meta.height ?? 100) / 6) })
      .png()
      .toBuffer();
    const texts: string[] = [];
    for (let i = 0; i < 5; i++) texts.push((await engine.recognize(crop)).text);
    // Replacements start beside the worker that serves on (ocr.recycle.test), so how many were put in by now
    // depends on the machine's speed: at least one, each a worker started.
    expect(engine.stats.recycled).toBeGreaterThanOrEqual(1);
    expect(engine.stats.started).toBe(engine.stats.recycled + 1);
    for (const t of texts) expect(t).toMatch(/TERRAZA/);
    // Word boxes on request, numbered by text line: the name's words share a line, the lines run downwards.
    const { words = [] } = await engine.recognize(crop, { words: true });
    const terraza = words.find((w) => /TERRAZA/.test(w.text));
    expect(terraza).toBeDefined();
    expect(words.filter((w) => w.line === terraza?.line).length).toBeGreaterThan(1);
    // A word's line is the text's line of that number, counting non-empty lines (what editLine relies on).
    const { text, words: again = [] } = await engine.recognize(crop, { words: true });
    const textLines = text.split('\n').filter((l) => l.trim());
    expect(Math.max(...again.map((w) => w.line))).toBeGreaterThan(0);
    for (const w of again) expect(textLines[w.line]).toContain(w.text);
    await engine.close();
    await expect(engine.recognize(crop)).rejects.toThrow(/closed/);
  });

  it('serves concurrent jobs with a pool of two without starting more workers', {
    timeout: 60_000,
  }, async () => {
    const engine = createTesseractEngine({ workers: 2, recycleAfter: 100 });
    const sharp = (await import('sharp')).default;
    const img = await sharp({ create: { width: 200, height: 60, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const results = await Promise.all([1, 2, 3, 4].map(() => engine.recognize(img)));
    expect(results).toHaveLength(4);
    expect(engine.stats.started).toBe(2);
    await engine.close();
  });

  it('serves a re-read before first readings that were waiting longer', { timeout: 60_000 }, async () => {
    const engine = createTesseractEngine({ workers: 1 });
    const sharp = (await import('sharp')).default;
    const img = await sharp({ create: { width: 200, height: 60, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const done: string[] = [];
    const job = (name: string, followUp: boolean) =>
      engine.recognize(img, { followUp }).then(() => done.push(name));
    // The first job takes the only worker; the others wait, a re-read queued last of all.
    await Promise.all([
      job('running', false),
      job('first A', false),
      job('first B', false),
      job('re-read', true),
    ]);
    expect(done).toEqual(['running', 're-read', 'first A', 'first B']);
    await engine.close();
  });
});

describe('word boxes from tesseract TSV', () => {
  const row = (...c: Array<string | number>): string => c.join('\t');
  const tsv = [
    row(1, 1, 0, 0, 0, 0, 0, 0, 900, 1500, -1, ''),
    row(2, 1, 1, 0, 0, 0, 36, 101, 860, 1200, -1, ''),
    row(3, 1, 1, 1, 0, 0, 38, 101, 850, 1200, -1, ''),
    row(4, 1, 1, 1, 1, 0, 324, 101, 333, 35, -1, ''),
    row(5, 1, 1, 1, 1, 1, 324, 101, 68, 33, 96.039757, 'LA'),
    row(5, 1, 1, 1, 1, 2, 423, 102, 234, 34, 29.999, 'TERRAZA'),
    // A line with no word read still counts, as in tesseract's block tree (what the numbering followed before).
    row(4, 1, 1, 1, 2, 0, 40, 150, 10, 20, -1, ''),
    row(3, 1, 1, 2, 0, 0, 38, 200, 850, 40, -1, ''),
    row(4, 1, 1, 2, 1, 0, 47, 200, 300, 25, -1, ''),
    row(5, 1, 1, 2, 1, 1, 47, 200, 120, 25, 50, 'TOTAL'),
    '',
  ].join('\n');

  it('numbers lines in reading order across paragraphs, floors confidences, and turns sizes into boxes', () => {
    expect(wordsOfTsv(tsv)).toEqual([
      { text: 'LA', confidence: 96, bbox: { x0: 324, y0: 101, x1: 392, y1: 134 }, line: 0 },
      { text: 'TERRAZA', confidence: 29, bbox: { x0: 423, y0: 102, x1: 657, y1: 136 }, line: 0 },
      { text: 'TOTAL', confidence: 50, bbox: { x0: 47, y0: 200, x1: 167, y1: 225 }, line: 2 },
    ]);
  });

  it('gives no words for an empty or wordless reading', () => {
    expect(wordsOfTsv('')).toEqual([]);
    expect(wordsOfTsv(row(1, 1, 0, 0, 0, 0, 0, 0, 10, 10, -1, ''))).toEqual([]);
  });
});
