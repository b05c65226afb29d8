/** Shared helpers for reading OCR lines: normalisation and money tokens. */

/** A discount's words: on its own line it lowers the total, and it is neither a tax nor an item. */
export const DISCOUNT_WORDS = String.raw`DESCUENTO|\bDESC\b|BONIFICACION`;

/** A card named on a payment line: VISA or AMEX as words, or glued as OCR joins them. */
export const CARD_WORDS = String.raw`TARJETA|\bDEBITO\b|\bT\.?\s?(?:DEBITO|CREDITO)\b|\bTD[CD]\b|(?<![A-Z])(?:VISA|AMEX)(?![A-Z])|\bVISA\s?(?:MASTER|ELECTRON|DEBITO|CREDITO)|BANAMEX|CARNET`;
/** The total with the tip (`TOTAL CON PROPINA`, `TOTAL + PROPINA`): the purchase is this less the tip. */
export const TOTAL_WITH_TIP = /TOTAL\s?(\+|CON|Y|MAS)\s?PROPINA/;
/** Paid in cash: EFECTIVO, or an English receipt's CASH line (not `CASH BACK`). */
export const CASH_WORDS = String.raw`\bEFECTIVO\b|^\W*CASH\b(?!\s?BACK)`;
/** Payment by vouchers or transfer (`VALES DE DESPENSA`, `TRANSFERENCIA`). */
export const VOUCHER_WORDS = String.raw`\bVALES?\s(?:DE\s)?(?:DESPENSA|ELECTRONICOS?|GASOLINA|RESTAURANTE|COMIDA)\b|\bTRANSFERENCIA\b`;

/** The word TOTAL as OCR reads it, and as a German receipt prints it. */
export const TOTAL_WORD = String.raw`(?:\bT\s?[O0]\s?T\s?[A4]\s?[LI1](?:\b|(?=M\.\s?N\.|MN\b|A\s(?:PAGAR|COBRAR)\b))|\bSUMME\b|\bGESAMT(?:BETRAG)?\b|\bZU ZAHLEN\b)`;

export interface Line {
  /** As OCR gave it, trimmed. */
  raw: string;
  /** Upper case, accents removed, spaces collapsed: what the rules match against. */
  norm: string;
  index: number;
}

export interface Money {
  cents: number;
  /** Character offset of the token in the normalised line. */
  at: number;
  /** The token started with a digit that may be a misread `$` (5, 6, 8, S). */
  dollarSuspect: boolean;
}

/** Accents removed (`Á` → `A`); with `keepEnye`, `Ñ` stays (an RFC's check digit counts it apart from `N`). */
export const stripAccents = (s: string, keepEnye = false): string => {
  const marked = s.normalize('NFD');
  return (keepEnye ? marked.replace(/N\u0303/g, 'Ñ') : marked).replace(/[\u0300-\u036f]/g, '');
};

/** Company types written out in words, as some tickets print them (`SOCIEDAD ANONIMA DE CAPITAL VARIABLE`). */
export const SPELLED_TYPE =
  'SOCIEDAD ANONIMA(?: PROMOTORA DE INVERSION| BURSATIL)?(?: DE CAPITAL VARIABLE)?|SOCIEDAD DE RESPONSABILIDAD LIMITADA(?: DE CAPITAL VARIABLE)?|SOCIEDAD CIVIL|ASOCIACION CIVIL|SOCIEDAD COOPERATIVA(?: DE RESPONSABILIDAD LIMITADA)?';

const COMPANY_TYPE_END = new RegExp(
  `,?\\s*\\b(S\\.?\\s?A\\.?(\\s?(P\\.?\\s?I|B|S)\\.?)?(\\s?[DP]E\\s?C\\.?\\s?[VY]\\.?)?|S\\.?\\s?(C\\.?\\s?)?DE\\s?R\\.?\\s?L\\.?.*|S\\.?\\s?C\\.?|A\\.?\\s?C\\.?|${SPELLED_TYPE})\\s*$`,
);

/** A razón social without its company type at the end (S.A. DE C.V., S. DE R.L., A.C. …, OCR's `PE`/`CY` too). */
export const withoutCompanyType = (name: string): string => name.replace(COMPANY_TYPE_END, '').trim();

/**
 * `s` with each word spelt as the lines printing the whole name spell it most, an accented form on a tie (OCR
 * drops thin accents more than it adds them); lines printing the company type go before a bare title.
 */
export function asPrinted(s: string, text: string): string {
  const name = (withoutCompanyType(s) || s).match(/[A-Z]+/g) ?? [];
  if (!name.length) return s;
  const lines = text.normalize('NFC').split('\n');
  const whole = s.match(/[A-Z]+/g) ?? [];
  const withType = whole.length > name.length ? spellings(whole, lines) : null;
  const forms = withType?.size ? withType : spellings(name, lines);
  return s.replace(/[A-Z]+/g, (w) => {
    let [best, most] = [w, 0];
    for (const [form, n] of forms.get(w) ?? [])
      if (n > most || (n === most && form !== w)) [best, most] = [form, n];
    return best;
  });
}

/** How often each of `words` (accent-free) is printed in each spelling, on the lines printing them in a row. */
function spellings(words: string[], lines: string[]): Map<string, Map<string, number>> {
  const forms = new Map<string, Map<string, number>>();
  for (const line of lines) {
    const runs = (line.match(/\p{L}+/gu) ?? []).map((run) => {
      const up = run.toUpperCase();
      return { up, plain: stripAccents(up) };
    });
    const at = runs.findIndex((_, i) => words.every((w, k) => runs[i + k]?.plain === w));
    if (at < 0) continue;
    for (const { up, plain } of runs.slice(at, at + words.length)) {
      const seen = forms.get(plain) ?? new Map<string, number>();
      seen.set(up, (seen.get(up) ?? 0) + 1);
      forms.set(plain, seen);
    }
  }
  return forms;
}

/** What the rules match against: upper case, accents removed, dashes plain, spaces collapsed. */
const normalise = (raw: string, keepEnye = false): string =>
  stripAccents(raw.toUpperCase(), keepEnye).replace(/[—–]/g, '-').replace(/\s+/g, ' ');

/** A line normalised as `norm`, but keeping `Ñ` (for RFCs); same length and positions as `norm`. */
export const withEnye = (l: Line): string => normalise(l.raw, true);

/** The OCR text with its `line`-th non-empty line (the line an OcrWord's `line` names) passed through `edit`. */
export function editLine(text: string, line: number, edit: (l: string) => string): string {
  const raw = text.split('\n');
  const at = nonEmptyAt(raw, line);
  if (at >= 0) raw[at] = edit(raw[at] ?? '');
  return raw.join('\n');
}

/** Where the `n`-th non-empty line of `raw` is (the numbering of a reading's word lines), or -1. */
function nonEmptyAt(raw: string[], n: number): number {
  let k = -1;
  return raw.findIndex((l) => Boolean(l.trim()) && ++k === n);
}

/** An amount with its `$`-misread variant (`531.07` and `31.07`), as read first. */
export const withVariant = (m: Money): number[] => {
  const alt = m.dollarSuspect ? withoutFirstDigit(m.cents) : null;
  return alt === null ? [m.cents] : [m.cents, alt];
};

export function toLines(text: string): Line[] {
  return text
    .split(/\r?\n/)
    .map((raw) => raw.trim())
    .filter((raw) => raw.length > 0)
    .map((raw, index) => ({ raw, norm: normalise(raw), index }));
}

// An amount: exactly two decimals after a point or comma.
const MONEY_RE =
  /(?<![\d.,])(\$\s?|S(?=\d))?(\d{1,3}(?:,\s?\d{3}|'\d{3})+|(?<=(?:^|[A-Z:]\s)\$ )\d{1,3}(?: \d{3})+|\d+)\s?[.,](\d{2})(?![\d%])/g;

/** In a word ending in an amount's decimals, O is a zero and I or L opening it a one (`1O6.15` → `106.15`). */
const withDigitLookalikes = (norm: string): string =>
  norm.replace(/(?<=^|\s|\$)[IL]*[0-9O]*\d[0-9O]*(?=[.,]\d{2}(?!\d))/g, (w) =>
    w.replace(/O/g, '0').replace(/[IL]/g, '1'),
  );

/** Dot leaders before the amount ending a line blanked (`TOTAL......116.00`); not before a quantity (`0.25 KG`). */
const withoutLeaders = (norm: string): string =>
  norm.replace(/\.{2,}(?=\s?\$?\s?[\d,' ]*\d[.,]\d{2}\s*$)/, (m) => ' '.repeat(m.length));

/** `TOTAL 116. 00`: cents set apart at the line's end joined; the space moves before the amount (same length). */
const withJoinedCents = (norm: string): string => norm.replace(/(\d+[.,]) (\d{2})\s*$/, ' $1$2');

/** `EFECTIVO $1100-00`: a point read as a hyphen, in a `$` amount ending the line (a date has no `$`). */
const withPointForHyphen = (norm: string): string => norm.replace(/(?<=\$\s?\d[\d,]*)-(?=\d{2}\s*$)/, '.');

/** A line as amounts are read from it: dot leaders blanked, cents joined, look-alike digits put back. */
const amountText = (norm: string): string =>
  withDigitLookalikes(withJoinedCents(withoutLeaders(withPointForHyphen(norm))));

/** Every amount with two decimals on a line, left to right. */
export function moneyIn(norm: string): Money[] {
  const out: Money[] = [];
  for (const m of amountText(norm).matchAll(MONEY_RE)) {
    const whole = (m[2] ?? '').replace(/[,'\s]/g, '');
    const cents = Number(whole) * 100 + Number(m[3]);
    if (!Number.isFinite(cents)) continue;
    const hasSign = Boolean(m[1]);
    out.push({ cents, at: m.index ?? 0, dollarSuspect: !hasSign && /^[568]\d/.test(whole) });
  }
  return out;
}

/** An amount of 10.00 or more without its first digit (a `$` OCR read as that digit), else null. */
export function withoutFirstDigit(cents: number): number | null {
  const s = String(cents);
  return s.length < 4 ? null : Number(s.slice(1));
}

/** The last amount on the line, or on the next line when the value drifted below its label. */
export function amountNear(lines: Line[], i: number): Money | null {
  const here = moneyIn(lines[i]?.norm ?? '').at(-1);
  if (here) return here;
  const next = lines[i + 1];
  const drifted = next && !/[A-Z]{3,}/.test(next.norm.replace(/\b(MXN|M\.?N\.?)\b/g, ''));
  return drifted ? (moneyIn(next.norm).at(-1) ?? null) : null;
}

/** The words of `line` that spell one of `words` with their 0, 1, 5 read as O, I, S (`T1CKET`, `AGOST0`). */
export const withKnownWords = (line: string, words: ReadonlySet<string>): string =>
  line.replace(/(?<![A-Z0-9])[A-Z015]{3,11}(?![A-Z0-9])/g, (w) => {
    if (!/[015]/.test(w) || !/[A-Z].*[A-Z]/.test(w)) return w;
    const letters = w.replace(/0/g, 'O').replace(/1/g, 'I').replace(/5/g, 'S');
    return words.has(letters) ? letters : w;
  });

/** Short words a line may start with, in whatever case OCR read them: no speck. */
const SHORT_WORDS = /^(?:y|e|o|u|a|la|el|de|del|los|las|en)$/i;

/**
 * A line without up to three lower-case letters opening it before capitals; a short word too when only a company
 * type follows (`y S.A. DE C.V.`: no name's word stands before its type).
 */
export const withoutSpeck = (l: Line): Line => {
  const m = /^([A-Za-z]{1,3})[.,:;'"]*\s+(?=[A-ZÁÉÍÓÚÑ]{2}|S\.)/.exec(l.raw);
  const speck = m?.[1] ?? '';
  if (!m || !/^[A-Z]?[a-z]/.test(speck) || /^sa\s+[DP]E\b/i.test(l.raw)) return l;
  const raw = l.raw.slice(m[0].length);
  if (SHORT_WORDS.test(speck) && withoutCompanyType(normalise(raw)) !== '') return l;
  return { ...l, raw, norm: normalise(raw) };
};

/** Short tokens a store's title may start or end with; any other of one or two characters there is a speck. */
const TITLE_OPENS = /^(?:EL|LA|LO|LOS|LAS|DON|SAN|MI|SU|TU)$/;
const TITLE_ENDS = /^(?:\d{2,}[A-Z]?|[A-Z]\d+)$/;

/** Marks glued to a title word's ends that no name has there. */
const EDGE_SPECKS = /^[|!:;"'(]+|[|!:;,"')]+$/g;
/** Marks a decoration leaves glued to a title word's ends, however surely the word was read (`“*TOSTADORA`). */
const DECORATION_MARKS = /^[*+“”]+|[*+“”]+$/g;

/** A word of a title as read, with tesseract's confidence in it (100 when only the text is known). */
export interface TitleToken {
  text: string;
  confidence: number;
}

/** A title line's tokens without what decorations leave. */
function withoutDecorations(raw: TitleToken[]): TitleToken[] {
  const capital = (t: TitleToken): boolean =>
    /[A-ZÁÉÍÓÚÑ]{2}/.test(t.text) && t.text === t.text.toUpperCase();
  const small = (t: TitleToken): boolean => /^[^A-Za-z]*[a-zñáéíóú]{2,}[^A-Za-z]*$/.test(t.text);
  const first = raw.findIndex(capital);
  const last = raw.length - 1 - [...raw].reverse().findIndex(capital);
  return (first < 0 ? raw : raw.filter((t, i) => (i >= first && i <= last) || !small(t)))
    .flatMap((t) =>
      t.text.split(/(?<=[A-Za-zÁÉÍÓÚÑ]{2}):(?=[A-Za-zÁÉÍÓÚÑ]{2})/).map((text) => ({ ...t, text })),
    )
    .map((t, i, all) =>
      i < all.length - 1 && /[A-Za-zÁÉÍÓÚÑ]{2}/.test(all[i + 1]?.text ?? '')
        ? { ...t, text: t.text.replace(/(?<=[A-Za-zÁÉÍÓÚÑ]{2})[:"”]$|(?<=[A-Za-zÁÉÍÓÚÑ]{6})\.$/, '') }
        : t,
    );
}

/** The lines of a title read alone (`*** EL TORNILLO FELIZ ***` reads `NM EL TORNILLO FELIZ NM`). */
export function titleLines(read: string | TitleToken[][]): string[] {
  const token = (text: string): TitleToken => ({ text, confidence: 100 });
  const lines =
    typeof read === 'string' ? read.split('\n').map((l) => l.trim().split(/\s+/).map(token)) : read;
  const isWord = (t: string): boolean => /[A-ZÁÉÍÓÚÑ]{3}/.test(t) && /^[A-Z0-9ÁÉÍÓÚÑ&'.-]+$/.test(t);
  const real = (t: string): boolean =>
    isWord(t) && /[AEIOUÁÉÍÓÚ]/.test(t) && /[B-DF-HJ-NP-TV-ZÑ]/.test(t) && !/^(.)\1+$/.test(t);
  // Read unsurely at a line's end: a token of two characters, or one no word could be (`IEEE`).
  const speck = (t: TitleToken | undefined): boolean =>
    t !== undefined &&
    (!/[A-Z0-9ÁÉÍÓÚÑ]/.test(t.text) ||
      (t.confidence < 60 &&
        (t.text.replace(/[^A-Z0-9ÁÉÍÓÚÑ]/g, '').length <= 2 ||
          (/^[A-ZÁÉÍÓÚÑ]+$/.test(t.text) && !real(t.text)))));
  return lines
    .map((raw) => {
      // A speck glued to a word read surely (`FARMACIAS:`, `|SUPER`) is no part of it.
      const tokens = withoutDecorations(raw)
        .map((t) => {
          const text = t.text.toUpperCase().replace(DECORATION_MARKS, '');
          return {
            ...t,
            text: t.confidence >= 60 && /[A-Z0-9ÁÉÍÓÚÑ]/.test(text) ? text.replace(EDGE_SPECKS, '') : text,
          };
        })
        .filter((t) => t.text);
      const a = tokens.findIndex((t) => isWord(t.text) || TITLE_OPENS.test(t.text));
      const b =
        tokens.length - 1 - [...tokens].reverse().findIndex((t) => isWord(t.text) || TITLE_ENDS.test(t.text));
      if (a < 0) return '';
      let [from, to] = [0, tokens.length];
      if (a > 0 && b < tokens.length - 1) [from, to] = [a, b + 1];
      else {
        while (from < to && speck(tokens[from])) from++;
        // A lone character before a title's article (`8 EL FARO`) is a bar's end.
        if (tokens[from]?.text.length === 1 && TITLE_OPENS.test(tokens[from + 1]?.text ?? '')) from++;
        while (to > from && speck(tokens[to - 1])) to--;
      }
      return tokens
        .slice(from, to)
        .map((t) => t.text)
        .join(' ');
    })
    .filter((l) => {
      const letters = (l.match(/[A-ZÁÉÍÓÚÑ]/g) ?? []).length;
      return l.split(' ').some(real) && letters / l.replace(/\s/g, '').length > 0.6;
    });
}
