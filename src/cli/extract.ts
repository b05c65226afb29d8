/**
 * npm run --silent extract -- [--text] [--workers N] IMG...
 * Prints one JSON object per image (amounts in pesos, like the ground-truth files), with `needs_review`, the
 * `review_fields` under REVIEW_THRESHOLD and the `sources` of each key field; logs go to stderr.
 */
import { readFile } from 'node:fs/promises';
import { loadConfig } from '../config.js';
import { createReceiptReader } from '../receipts/receipts.reader.js';
import { toPesosJson } from './extract.json.js';

async function main(argv: string[]): Promise<number> {
  const withText = argv.includes('--text');
  const wi = argv.indexOf('--workers');
  const workers = wi >= 0 ? Number(argv[wi + 1]) : undefined;
  const files = argv.filter((a, i) => !a.startsWith('--') && !(wi >= 0 && i === wi + 1));
  if (!files.length) {
    process.stderr.write('usage: npm run --silent extract -- [--text] [--workers N] IMG...\n');
    return 2;
  }
  // Only the review threshold is needed of the configuration; the rest keeps its defaults.
  const threshold = loadConfig({ REVIEW_THRESHOLD: process.env.REVIEW_THRESHOLD }).REVIEW_THRESHOLD;
  const reader = createReceiptReader({ workers });
  let failed = 0;
  try {
    const results = files.map(async (file) => {
      const t0 = performance.now();
      try {
        const data = await reader.read(await readFile(file));
        return JSON.stringify(toPesosJson(file, data, performance.now() - t0, withText, threshold));
      } catch (err) {
        failed++;
        process.stderr.write(`${file}: ${(err as Error).message}\n`);
        return null;
      }
    });
    // Submitted together so the pool stays busy; printed in the order given.
    for (const line of results) {
      const out = await line;
      if (out) process.stdout.write(`${out}\n`);
    }
  } finally {
    await reader.close();
  }
  return failed ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`${String(err)}\n`);
    process.exitCode = 1;
  },
);
