import { hasValidCheckDigit, isGenericRfc, isRfcShape } from '../catalogs/rfc.js';
import type { Line } from './extract.text.js';

/** OCR confusions, seen from the side of the character class the RFC structure expects there. */
const AS_DIGIT: Record<string, string[]> = {
  O: ['0'],
  Q: ['0'],
  D: ['0'],
  U: ['0'],
  I: ['1'],
  L: ['1'],
  '|': ['1'],
  T: ['7', '1'],
  Z: ['2'],
  S: ['5', '8'],
  B: ['8'],
  G: ['6'],
  A: ['4'],
  E: ['8'],
  $: ['5'],
  '?': ['7'],
};
const AS_LETTER: Record<string, string[]> = {
  '0': ['O', 'D', 'Q'],
  '1': ['I', 'L'],
  '5': ['S'],
  '8': ['B'],
  '2': ['Z'],
  '6': ['G'],
  '4': ['A'],
  '7': ['T'],
  '|': ['I'],
  '3': ['B'],
  '9': ['G'],
};
const SIMILAR_DIGITS: Record<string, string[]> = {
  '0': ['8', '6', '9'],
  '8': ['0', '6', '3', '9'],
  '6': ['0', '8', '5'],
  '5': ['6', '3'],
  '3': ['8', '5'],
  '9': ['0', '8'],
  '1': ['7'],
  '7': ['1'],
};

export interface RfcCandidate {
  rfc: string;
  /** 0..1: valid check digit with few repairs scores high. */
  score: number;
  line: number;
}

const options = (ch: string, want: 'L' | 'D' | 'X'): string[] => {
  const isL = /[A-ZÑ&]/.test(ch);
  const isD = /\d/.test(ch);
  if (want === 'X') return isL || isD ? [ch] : [...(AS_DIGIT[ch] ?? []), ...(AS_LETTER[ch] ?? [])];
  if (want === 'L') return isL ? [ch] : (AS_LETTER[ch] ?? []);
  return isD ? [ch] : (AS_DIGIT[ch] ?? []);
};

/** Structure of a 12 (moral) or 13 (física) RFC: letters, YYMMDD, two-char homoclave, check digit. */
const pattern = (len: number): Array<'L' | 'D' | 'X'> => [
  ...Array<'L'>(len - 9).fill('L'),
  ...Array<'D'>(6).fill('D'),
  'X',
  'X',
  'X',
];

/** Repairs a raw token into valid RFCs, cheapest repair first. */
export function repairRfc(token: string): Array<{ rfc: string; edits: number }> {
  const len = token.length;
  if (len !== 12 && len !== 13) return [];
  const pat = pattern(len);
  let partial: Array<{ s: string; edits: number }> = [{ s: '', edits: 0 }];
  for (let i = 0; i < len; i++) {
    const ch = token[i] ?? '';
    const opts = options(ch, pat[i] ?? 'X');
    if (!opts.length) return [];
    partial = partial.flatMap((p) => opts.map((o) => ({ s: p.s + o, edits: p.edits + (o === ch ? 0 : 1) })));
    if (partial.length > 256) return [];
  }
  const valid = partial.filter((p) => isRfcShape(p.s) && hasValidCheckDigit(p.s));
  if (valid.length) return valid.map((p) => ({ rfc: p.s, edits: p.edits })).sort((a, b) => a.edits - b.edits);
  return digitSwaps(partial.map((p) => p.s).filter(isRfcShape), token);
}

/** One digit misread as a similar digit (8↔0, 6↔5...), caught by the check digit. */
function digitSwaps(shaped: string[], token: string): Array<{ rfc: string; edits: number }> {
  const out: Array<{ rfc: string; edits: number }> = [];
  for (const s of shaped.slice(0, 8)) {
    for (let i = 0; i < s.length; i++) {
      for (const alt of SIMILAR_DIGITS[s[i] ?? ''] ?? []) {
        const v = s.slice(0, i) + alt + s.slice(i + 1);
        if (isRfcShape(v) && hasValidCheckDigit(v)) out.push({ rfc: v, edits: 2 + (v === token ? 0 : 1) });
      }
    }
  }
  return out;
}

const RFC_LABEL = /R\.?\s?F\.?\s?C\.?|\bRFC\b/;
const CUSTOMER = /CLIENTE|RECEPTOR|CTE\b|ADQUIRENTE|PUBLICO EN GENERAL/;

function tokensOf(norm: string): string[] {
  const afterLabel = norm.replace(/^.*?(R\.?\s?F\.?\s?C\.?|\bRFC\b)\s*[:.;,]?\s*/, '');
  const compact = afterLabel.replace(/[\s.\-:]/g, '');
  const words = norm.split(/[\s:;,]+/);
  const out = new Set<string>();
  for (const w of words) if (w.length >= 12 && w.length <= 13) out.add(w);
  for (const len of [13, 12]) if (compact.length >= len) out.add(compact.slice(0, len));
  return [...out];
}

/** The issuer's RFC: labelled, in the header, valid; customer and generic RFCs are skipped. */
export function extractRfc(lines: Line[]): RfcCandidate | null {
  const found: RfcCandidate[] = [];
  const header = Math.max(8, Math.ceil(lines.length * 0.5));
  lines.forEach((l, i) => {
    const labelled = RFC_LABEL.test(l.norm);
    if (CUSTOMER.test(l.norm) || (CUSTOMER.test(lines[i - 1]?.norm ?? '') && !labelled)) return;
    for (const tok of tokensOf(l.norm)) {
      for (const { rfc, edits } of repairRfc(tok).slice(0, 1)) {
        if (isGenericRfc(rfc)) continue;
        if (!labelled && edits > 1) continue;
        const score = (labelled ? 0.6 : 0.35) + (i < header ? 0.2 : 0) + 0.2 / (1 + edits);
        found.push({ rfc, score: Math.min(1, score), line: i });
      }
    }
  });
  found.sort((a, b) => b.score - a.score);
  return found[0] ?? null;
}
