/** The receipts bench's tables (Markdown): each compares the dev set and the held-out draw side by side. */
import { allKeyRight, type Row } from './receipts.read.js';
import { FIELDS, type ItemScore, KEY_FIELDS } from './receipts.score.js';

export interface SetResult {
  label: string;
  rows: Row[];
}

export const pct = (a: number, b: number): string => (b ? `${((100 * a) / b).toFixed(1)} %` : '–');
const frac = (a: number, b: number): string => `${a}/${b} (${pct(a, b)})`;
const table = (head: string[], body: string[][]): string[] => [
  `| ${head.join(' | ')} |`,
  `|${head.map(() => '---|').join('')}`,
  ...body.map((r) => `| ${r.join(' | ')} |`),
];

export function fieldTable(sets: SetResult[]): string[] {
  const cell = (rows: Row[], f: string): string => {
    const scored = rows.filter((r) => r.ok[f] !== null && r.ok[f] !== undefined);
    return pct(scored.filter((r) => r.ok[f]).length, scored.length);
  };
  const lines = (rows: Row[]): string => {
    const s = rows.map((r) => r.items).filter((i): i is ItemScore => i !== null);
    const sum = (k: keyof ItemScore): number => s.reduce((a, i) => a + i[k], 0);
    return `${pct(sum('right'), sum('truth'))} (${sum('extra')} extra)`;
  };
  const body = FIELDS.map((f) => [
    KEY_FIELDS.includes(f as never) ? `**${f}**` : f,
    ...sets.map((s) => cell(s.rows, f)),
  ]);
  body.push(['item lines right', ...sets.map((s) => lines(s.rows))]);
  return table(['field', ...sets.map((s) => s.label)], body);
}

export function keyByDifficulty(sets: SetResult[]): string[] {
  const body = ['clean', 'mild', 'hard', 'all'].map((d) => [
    d,
    ...sets.map((s) => {
      const rs = d === 'all' ? s.rows : s.rows.filter((r) => r.diff === d);
      return frac(rs.filter(allKeyRight).length, rs.length);
    }),
  ]);
  return table(['all key fields right', ...sets.map((s) => s.label)], body);
}

/** Confidence bins: the last one closed at 1. */
export const BINS: Array<[number, number]> = [
  [0, 0.5],
  [0.5, 0.7],
  [0.7, 0.8],
  [0.8, 0.9],
  [0.9, 0.95],
  [0.95, 1],
];

const inBin = (c: number, [lo, hi]: [number, number]): boolean => c >= lo && (hi === 1 ? c <= 1 : c < hi);

/** Rows = bins; per key field and set, "accuracy (count)" of the values whose confidence falls in the bin. */
export function calibration(sets: SetResult[]): string[] {
  const head = ['confidence', ...KEY_FIELDS.flatMap((f) => sets.map((s) => `${f} ${s.label}`))];
  const body = BINS.map((b) => [
    `[${b[0]}, ${b[1]}${b[1] === 1 ? ']' : ')'}`,
    ...KEY_FIELDS.flatMap((f) =>
      sets.map((s) => {
        const rs = s.rows.filter((r) => inBin(r.conf[f] ?? 0, b));
        return rs.length
          ? `${pct(rs.filter((r) => r.ok[f] !== false).length, rs.length)} (${rs.length})`
          : '–';
      }),
    ),
  ]);
  return table(head, body);
}

export function review(sets: SetResult[], threshold: number): string[] {
  const sure = (rs: Row[]): Row[] => rs.filter((r) => !r.needsReview);
  const cm = (rs: Row[]): Row[] => rs.filter((r) => r.diff === 'clean' || r.diff === 'mild');
  const body = [
    [
      'needs_review false, all tickets (target ≥ 50 %)',
      ...sets.map((s) => frac(sure(s.rows).length, s.rows.length)),
    ],
    [
      'needs_review false, clean + mild (target ≥ 80 %)',
      ...sets.map((s) => frac(sure(cm(s.rows)).length, cm(s.rows).length)),
    ],
    [
      'all key fields right among them (target ≥ 99 %)',
      ...sets.map((s) => frac(sure(s.rows).filter(allKeyRight).length, sure(s.rows).length)),
    ],
    [
      'wrong key field sealed without review (tickets)',
      ...sets.map((s) => String(sure(s.rows).filter((r) => !allKeyRight(r)).length)),
    ],
  ];
  return table([`REVIEW_THRESHOLD ${threshold}`, ...sets.map((s) => s.label)], body);
}
