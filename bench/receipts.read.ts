/**
 * One set of photos read through the one-worker reader: per ticket, which fields came out right, the key fields'
 * confidence and whether the ticket would wait for the person's review, and the time it took.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toPesosJson } from '../src/cli/extract.json.js';
import type { ReceiptData } from '../src/receipts/receipt.types.js';
import { reviewFields } from '../src/receipts/review.js';
import {
  type ItemScore,
  KEY_FIELDS,
  scoreItems,
  scoreOne,
  type Truth,
  type TruthItem,
} from './receipts.score.js';

export interface Photo {
  name: string;
  buf: Buffer;
  truth: Truth;
}

export interface Row {
  name: string;
  diff: string;
  ok: Record<string, boolean | null>;
  items: ItemScore | null;
  /** Confidence of each key field as read. */
  conf: Record<string, number>;
  needsReview: boolean;
  ms: number;
}

export function loadPhotos(dir: string, files: string[]): Photo[] {
  return files.map((f) => ({
    name: f,
    buf: readFileSync(join(dir, f)),
    truth: JSON.parse(readFileSync(join(dir, f.replace(/\.\w+$/, '.json')), 'utf8')) as Truth,
  }));
}

/** Scores one reading; `log` gets a line naming each miss. */
export function scoreReading(
  p: Photo,
  data: ReceiptData,
  ms: number,
  threshold: number,
  log: (s: string) => void,
): Row {
  const out = toPesosJson(p.name, data, ms, false);
  const items = scoreItems(out.items as TruthItem[], p.truth.items);
  const ok = scoreOne(out, p.truth, items);
  const conf = Object.fromEntries(KEY_FIELDS.map((k) => [k, data.confidence[k] ?? 0]));
  const review = reviewFields(data, threshold);
  const bad = Object.entries(ok)
    .filter(([, v]) => v === false)
    .map(([k]) =>
      k === 'items'
        ? `items=${items?.right}/${items?.truth} right, ${items?.extra} extra`
        : `${k}=${JSON.stringify(out[k])}≠${JSON.stringify(p.truth[k])}`,
    );
  log(
    `${p.name} ${Math.round(ms)} ms${review.length ? ` review[${review.join(',')}]` : ''} ${bad.join(' ')}`,
  );
  return {
    name: p.name,
    diff: String(p.truth.difficulty ?? '?'),
    ok,
    items,
    conf,
    needsReview: review.length > 0,
    ms,
  };
}

/** Whether every key field of a ticket is right (a field the truth leaves out counts as right). */
export const allKeyRight = (r: Row): boolean => KEY_FIELDS.every((k) => r.ok[k] !== false);
