/** A table of confusions written as groups: a character, then what it is taken for (`0ODQ`: 0 for O, D or Q). */
export function confusions(groups: string): Record<string, string[]> {
  return Object.fromEntries(groups.split(' ').map((g) => [g.slice(0, 1), [...g.slice(1)]]));
}

/** Characters OCR takes for one another in thermal print: RFC homoclaves, name letters, business-name words. */
export const LOOKALIKE = confusions(
  '7ZT 1ILT 0ODQ 5S 8B 2Z 6G 4A Z27 I1L L1I O0DQ S5 B8E G6C A4 T7I EFCB FEP CEGO DO0 QO0 UVO VUY YV MNH NMH HNM KX XK PFR RPBT',
);

/** `s` with one character (at `from` or after) swapped for one it is taken for in `table`, every way, in order. */
export function oneSwapped(s: string, table: Record<string, string[]>, from = 0): string[] {
  const out: string[] = [];
  for (let i = from; i < s.length; i++)
    for (const alt of table[s[i] ?? ''] ?? []) out.push(s.slice(0, i) + alt + s.slice(i + 1));
  return out;
}

/** The amount `n` with one digit swapped for one it is taken for in `table`, every way, none with a leading zero. */
export const swappedNumbers = (n: number, table: Record<string, string[]>): number[] =>
  oneSwapped(String(n), table)
    .filter((v) => v[0] !== '0')
    .map(Number);

/** `s` with one of its characters dropped, every way, in order. */
export const oneDropped = (s: string): string[] =>
  Array.from({ length: s.length }, (_, i) => s.slice(0, i) + s.slice(i + 1));
