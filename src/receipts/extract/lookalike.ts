/** Characters OCR takes for one another in thermal print: RFC homoclaves, name letters, business-name words. */
export const LOOKALIKE: Record<string, string[]> = Object.fromEntries(
  // Each group: a character, then what it is taken for.
  '7ZT 1ILT 0ODQ 5S 8B 2Z 6G 4A Z27 I1L L1I O0DQ S5 B8E G6C A4 T7I EFCB FEP CEGO DO0 QO0 UVO VUY YV MNH NMH HNM KX XK PFR RPBT'
    .split(' ')
    .map((group) => [group.slice(0, 1), [...group.slice(1)]]),
);
