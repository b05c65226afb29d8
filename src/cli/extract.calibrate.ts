/**
 * npx tsx src/cli/extract.calibrate.ts OUT.jsonl TRUTH_DIR
 * Reads the extract CLI's JSON lines (`npm run --silent extract -- DIR/*.jpg > OUT.jsonl`) and the ground-truth
 * files beside the photos, and prints per key field the calibration table (confidence bins × share right), and
 * the needs_review figures: how many tickets need no review, and how many of those have every key field right.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { KEY_FIELDS } from '../receipts/review.js';

type Row = Record<string, unknown> & {
  file: string;
  confidence: Record<string, number>;
  needs_review: boolean;
};

const norm = (v: unknown): string | null =>
  v === null || v === undefined
    ? null
    : typeof v === 'number'
      ? String(Math.round(v * 100))
      : String(v).toUpperCase().replace(/\s+/g, ' ').trim();

const BINS = [0, 0.5, 0.7, 0.8, 0.9, 0.95, 1.01];
const pct = (a: number, b: number): string => (b ? `${((100 * a) / b).toFixed(0)} %` : '–');

function main(argv: string[]): number {
  const [out, dir] = argv;
  if (!out || !dir) {
    process.stderr.write('usage: npx tsx src/cli/extract.calibrate.ts OUT.jsonl TRUTH_DIR\n');
    return 2;
  }
  const rows = readFileSync(out, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Row);
  const bins = new Map<string, [number, number]>();
  const tally = { all: 0, right: 0, sure: 0, sureRight: 0 };
  for (const r of rows) {
    const truth = JSON.parse(readFileSync(join(dir, basename(r.file).replace(/\.\w+$/, '.json')), 'utf8'));
    let right = true;
    for (const f of KEY_FIELDS) {
      const ok = norm(r[f]) === norm(truth[f]);
      right &&= ok;
      if (r[f] === null) continue;
      const c = r.confidence[f] ?? 0;
      const b = BINS.findIndex((x, i) => c >= x && c < (BINS[i + 1] ?? 2));
      const key = `${f}\t${b}`;
      const [n, k] = bins.get(key) ?? [0, 0];
      bins.set(key, [n + 1, k + (ok ? 1 : 0)]);
    }
    tally.all++;
    tally.right += right ? 1 : 0;
    if (!r.needs_review) {
      tally.sure++;
      tally.sureRight += right ? 1 : 0;
    }
  }
  const head = BINS.slice(0, -1).map((x, i) => `[${x}, ${Math.min(1, BINS[i + 1] ?? 1)})`);
  process.stdout.write(`field\t${head.join('\t')}\n`);
  for (const f of KEY_FIELDS) {
    const cells = head.map((_, b) => {
      const [n, k] = bins.get(`${f}\t${b}`) ?? [0, 0];
      return n ? `${k}/${n}` : '–';
    });
    process.stdout.write(`${f}\t${cells.join('\t')}\n`);
  }
  const { all, right, sure, sureRight } = tally;
  process.stdout.write(
    `\nkey fields all right: ${right}/${all} (${pct(right, all)}); needs_review false: ${sure}/${all} (${pct(sure, all)}), all right among them ${sureRight}/${sure} (${pct(sureRight, sure)})\n`,
  );
  return 0;
}

process.exitCode = main(process.argv.slice(2));
