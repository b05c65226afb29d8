/**
 * npm run --silent extract -- [--text] [--workers N] IMG...
 * Prints one JSON object per image (amounts in pesos, like the ground-truth files); logs go to stderr.
 */
import { readFile } from 'node:fs/promises';
import type { ReceiptData } from '../receipts/receipt.types.js';
import { createReceiptReader } from '../receipts/receipts.reader.js';

const pesos = (c: number | null): number | null => (c === null ? null : Math.round(c) / 100);

export function toPesosJson(
  file: string,
  d: ReceiptData,
  ms: number,
  withText: boolean,
): Record<string, unknown> {
  const { text, timings: _t, confidence, items, ...fields } = d;
  return {
    file,
    ...fields,
    total: pesos(d.total),
    subtotal: pesos(d.subtotal),
    iva: pesos(d.iva),
    ieps: pesos(d.ieps),
    tip: pesos(d.tip),
    items: items.map((i) => ({ description: i.description, quantity: i.quantity, amount: pesos(i.amount) })),
    confidence,
    ms: Math.round(ms),
    ...(withText ? { text } : {}),
  };
}

async function main(argv: string[]): Promise<number> {
  const withText = argv.includes('--text');
  const wi = argv.indexOf('--workers');
  const workers = wi >= 0 ? Number(argv[wi + 1]) : undefined;
  const files = argv.filter((a, i) => !a.startsWith('--') && !(wi >= 0 && i === wi + 1));
  if (!files.length) {
    process.stderr.write('usage: npm run --silent extract -- [--text] [--workers N] IMG...\n');
    return 2;
  }
  const reader = createReceiptReader({ workers });
  let failed = 0;
  try {
    const results = files.map(async (file) => {
      const t0 = performance.now();
      try {
        const data = await reader.read(await readFile(file));
        return JSON.stringify(toPesosJson(file, data, performance.now() - t0, withText));
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
