/** A table of confusions written as groups: a character, then what it is taken for (`0ODQ`: 0 for O, D or Q). */
export function confusions(groups: string): Record<string, string[]> {
  return Object.fromEntries(groups.split(' ').map((g) => [g.slice(0, 1), [...g.slice(1)]]));
}

/** Characters OCR takes for one another in thermal print: RFC homoclaves, name letters, business-name words. */
export const LOOKALIKE = confusions(
  '7ZT 1ILT 0ODQ 5S 8B 2Z 6G 4A Z27 I1L L1I O0DQ S5 B8E G6C A4 T7I EFCB FEP CEGO DO0 QO0 UVO VUY YV MNH NMH HNM KX XK PFR RPBT',
);
