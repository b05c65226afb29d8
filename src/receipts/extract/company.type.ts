import { distance } from '../../catalogs/merchants.catalog.js';
import { SPELLED_TYPE, withoutCompanyType } from './extract.text.js';

/** The company types tickets print, each with all its dots or none. */
const FORMS =
  'S.A. DE C.V.|S.A.P.I. DE C.V.|S.A.B. DE C.V.|S. DE R.L. DE C.V.|S. DE R.L.|S.C. DE R.L. DE C.V.|S.C. DE R.L.|S.A.P.I.|S.A.S.|S.A.|S.C.|A.C.'
    .split('|')
    .map((dotted) => [dotted, dotted.replace(/\./g, '')] as const);
const PRINTED = new Set(FORMS.flat());
const SPELLED = new RegExp(`^(?:${SPELLED_TYPE})$`);
const letters = (s: string): string => s.replace(/[^A-Z]/g, '');

/** The company type a razón social ends in, as printed (`S.A. DE C.V.`), or '' without one. */
const typeOf = (name: string): string =>
  name
    .slice(withoutCompanyType(name).length)
    .replace(/^,?\s*/, '')
    .trim();

/** Whether the name ends in a company type in a form tickets print (`SA. DE CV` is none). */
export const printedTypeForm = (name: string): boolean => {
  const type = typeOf(name);
  return PRINTED.has(type) || SPELLED.test(type);
};

/**
 * A long company type read with a letter garbled or its dots mixed (`S DE RL: ¡DE EV`, `SA DE E CV`,
 * `SA PI DE CV.`) put back in its printed form: the one form nearest, a letter off at most, dotted when the
 * reading shows any dot or colon. Short types (`SA`, `SC`) and a reading with doubled dots (letters lost:
 * `S.A... DE`) are left as read.
 */
export function mendCompanyType(name: string): string {
  if (printedTypeForm(name)) return name;
  const words = name.split(' ');
  for (let k = Math.min(6, words.length - 1); k >= 2; k--) {
    const tail = words.slice(-k).join(' ');
    // (An S read as its look-alike 5: `5. DE R.L. DE C.V.`.)
    if (!/^[SA5]/.test(tail) || /\.\./.test(tail)) continue;
    const scored = FORMS.filter(([d]) => letters(d).length >= 5).map((f) => ({
      f,
      d: distance(letters(tail), letters(f[0]), 3),
    }));
    const best = Math.min(...scored.map((x) => x.d));
    const near = scored.filter((x) => x.d === best);
    if (best > 1 || near.length !== 1) continue;
    const [dotted, plain] = near[0]?.f ?? ['', ''];
    const head = words.slice(0, -k).join(' ');
    return `${head} ${/[.:;]/.test(tail) ? dotted : plain}`;
  }
  return name;
}
