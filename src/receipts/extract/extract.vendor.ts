import { checkDigitSees } from '../../catalogs/rfc.js';
import { isSpanishWord } from '../../catalogs/spanish.words.js';
import {
  ARTICLES,
  CUSTOMER,
  endsOpen,
  initialsFit,
  moralInitials,
  nameContradictsRfc,
  personLetters,
  SKIPPED_GIVEN_NAME,
  skippedInInitials,
} from './extract.rfc.js';
import { type Line, SPELLED_TYPE, withoutCompanyType, withoutSpeck } from './extract.text.js';
import { LOOKALIKE } from './lookalike.js';
import { respellToInitial, spellBusinessWords } from './vocabulary.js';

export interface Vendor {
  name: string | null;
  storeName: string | null;
  nameConfidence: number;
  storeConfidence: number;
  /** The name with the text line above it, when that line could be the name's lost first part. */
  longerName: string | null;
}

// Company types: S.A. (S.A.P.I., S.A.B., S.A.S.) DE C.V., S. (S.C.) DE R.L. DE C.V., S.C., A.C., in words.
const SUFFIX = new RegExp(
  `\\bS\\.?\\s?A\\.?(\\s?(P\\.?\\s?I|B|S)\\.?)?\\s?([DP]E\\s?C\\.?\\s?[VY]\\.?)?$|\\bS\\.?\\s?(C\\.?\\s?)?DE\\s?R\\.?\\s?L\\.?(\\s?[DP]E\\s?C\\.?\\s?[VY]\\.?)?$|\\bS\\.?\\s?C\\.?$|\\bA\\.?\\s?C\\.?$|\\b(${SPELLED_TYPE})$`,
);
const PARTIAL_TAIL =
  /^(S\.?\s?A\.?\s?)?(DE\s)?C\.?\s?[VY]\.?$|^[DP]E[.,]?\s?C\.?\s?[VY]\.?$|^S\.?\s?A\.?\s?[DP]E\s?C\.?\s?[VY]\.?$|^DE\s?R\.?\s?L\.?.*$/;
/** A company type that goes on only with `C.V.` (`S.A. DE`, `S.A.P.I. DE`, `S. DE R.L. DE`), ending a line. */
const TYPE_WANTS_CV = /\b(?:S\.?\s?A\.?(?:\s?P\.?\s?I\.?)?|S\.?\s?DE\s?R\.?\s?L\.?)\s?DE$/;
/** A lone figure or capital set apart before a name's first word: a speck from the paper's edge, or the name's own. */
const LEAD_SPECK = /^[A-Z0-9] (?=[A-Z]{2})/;
/** A name whose company type is a bare S.A., and a next line that is `C.V.` after at most two stray letters. */
const PLAIN_SA = /\bS\.?\s?A\.?$/;
const GARBLED_DE_CV = /^([A-Z]{1,2}\s?)?C\s?[.,]?\s?[VY]\.?$/;
/** `C.V.` wrapped alone under `… DE`, a speck before it (`cC.v.`) or a stray letter after it (`C.v. E`) dropped. */
const WRAPPED_DE_CV = /^(?:[A-Z]\s?)?C\.?\s?[VY]\.?(?:\s[A-Z])?$/;
/** The same with its C read as E, G or O (`EV`, `E.V.`). */
const GARBLED_CV = /^[EGO]\.?\s?[VY]\.?$/;
const ADDRESS_WORD =
  /\b(AV|AVE|AVENIDA|CALLE|BLVD|CALZ|CARR|COL|FRACC|FRACCIONAMIENTO|PRIV|PRIVADA|PROL|PROLONGACION|C\.?P|TEL|R\.?F\.?C|RFC|NO\.|NUM|ESQ|LOCAL|KM|SUC|MZ|LT)\b/;
const ADDRESS = new RegExp(`${ADDRESS_WORD.source}|\\d{3,}`);

/** A label before the issuer's name (`RAZON SOCIAL:`); OCR may lose its colon, but not the short `PROP`'s. */
const NAME_LABEL =
  /^\W*(?:(?:RAZON SOCIAL|DENOMINACION(?: SOCIAL)?|NOMBRE|PROPIETARI[OA]|CONTRIBUYENTE|EMISOR|EXPEDIDO POR|TITULAR|FRANQUICIATARI[OA]|FRANQUICIAD[OA])(?:\s?[:.]\s*|\s+(?=[A-Z]{2}))|PROP\s?[:.]\s*)/;
/** An RFC printed after the name on its line, labelled or shaped like one. */
const RFC_AFTER_NAME =
  /\s+(?:(?:R\.?\s?F\.?\s?C\.?|RFC)(?=[\s:.]|$).*|[A-Z&Ñ]{3,4}[-\s]?\d{6}[-\s]?[A-Z0-9]{3})$/;

/** An S read as 5 or `$` in a company type, put back only when the line then ends in one. */
const withTypeS = (s: string): string => {
  if (ADDRESS.test(s)) return s;
  const typed = s.replace(/(^|[\s,])[5$](?=\.\s?A\b|\s?A\.?\s?DE\s?C|\.?\s?DE\s?R)/g, '$1S');
  return typed !== s && SUFFIX.test(typed.trim()) && !SUFFIX.test(s.trim()) ? typed : s;
};

/** A word of letters with the digits OCR takes for some of them (0 O, 1 I, 5 S, 8 B). */
const SLIPPED_WORD = /\b[A-Z0158]*[A-Z][A-Z0158]*\b/g;

/** `C0MERCIAL 0XXO`: a zero inside a word of letters is an O (a name's digits stand alone: `GRUPO 7 MARES`). */
const lettersForDigits = (name: string): string =>
  name.replace(SLIPPED_WORD, (w) => {
    if (!/[A-Z].*[A-Z]/.test(w)) return w;
    const zeros = w.replace(/0/g, 'O');
    const letters = zeros.match(/[A-Z]/g)?.length ?? 0;
    if (letters < 4) return zeros;
    // At a word's edge only in a longer word (`5ANCHEZ`, `RAMO5`), where a brand's number is unlikely.
    const slip = letters >= 5 ? /(?<=[A-Z])[158](?=[A-Z]|$)|^[158](?=[A-Z])/g : /(?<=[A-Z])[158](?=[A-Z])/g;
    return zeros.replace(slip, (d) => ({ '1': 'I', '5': 'S', '8': 'B' })[d] ?? d);
  });

/** A word without the comma or dot OCR leaves after it. */
const bare = (w: string): string => w.replace(/[.,]$/, '');

/** A customer's line (`PUBLICO EN GENERAL RFC: XAXX010101000`) keeps its RFC, and so stays no name. */
const customerLine = (s: string): boolean => CUSTOMER.test(s) || /X[AE]XX\d/.test(s);

/** A labelled field of a two-column header printed on the name's line. */
const RIGHT_COLUMN =
  /\s+(?:(?:NO\.?\s?)?(?:TICKET|FOLIO(?:\sVENTA)?|TRANSACCION)\s?(?:NO\.?\s?)?[:#]|(?:FECHA|HORA|CAJA|CAJERO|MESA|MESERO|TERMINAL|SUC|SUCURSAL)\s?:).*$/;

/** A company type's punctuation as OCR garbles it (`S:-DE R.L. DE-C.V.`, `S.A, DE C.V, ;`) put back. */
const typePunctuation = (s: string): string => {
  const dashed = s
    // `SURESTE; S.A.`: no razón social has a semicolon; before the type it is the comma misread.
    .replace(/(?<=[A-ZÑ]);(?=\s?(?:S\.?\s?[AC]|S\.?\s?DE|A\.?\s?C)\b)/, ',')
    .replace(/\bS\s?[:;]-?\s?(?=DE\s?R\.?\s?L)/, 'S. ')
    .replace(/\b([DP]E)-(?=C\.?\s?[VY]\.?$)/, '$1 ');
  const typed = dashed
    // Only a letter after a dot (`S.A,`): `VITAMINA C, S.A.` and `PLAN B, …` keep the comma of their name.
    .replace(/(?<=\.\s?)\b([SACRLVIPBY])\s?[,;:](?=\s?(?:[A-Z]\b|DE\b|[^A-Z0-9]*$))/g, '$1.')
    .replace(/\b(S\.A\.P\.)[Z1L|](?=\.|\s|$)/, '$1I')
    // `S.A.P.. DE C.V.`, `SAP. DE C.V.`: S.A.P.I.'s thin I lost (a condensed sans prints it as a bar).
    .replace(/\b(S\.A\.P\.)\.(?=\s?[DP]E\b)/, '$1I.')
    .replace(/(?<=^|[\s,])SAP\.(?=\s?[DP]E\s?C\.)/, 'S.A.P.I.')
    // `DE C-V.`: C.V.'s dot read as a hyphen.
    .replace(/(?<=\b[DP]E\s?)C\s?-\s?(?=[VY]\.?[^A-Z0-9]*$)/, 'C.')
    // `S.A.P.I., DE C.V.`: a comma read after a type's closing dot.
    .replace(/(?<=\b[A-Z])\.\s?,(?=\s?[DP]E\b)/, '.')
    .replace(/\b(C\.?)\s?Y(\.?)(?=[^A-Z0-9]*$)/, '$1V$2')
    // `C.vV.`, `C.YV.`: C.V.'s V read twice, once as Y.
    .replace(/\b(C\.?\s?)(?:VV|YV|VY)(\.?)(?=[^A-Z0-9]*$)/, '$1V$2')
    .replace(/\b([CR])\.\s(?=[VL]\.)/g, '$1.')
    // `, AC.` / ` SC:`: the first of an A.C.'s or S.C.'s two dots lost (the last one read as a colon too).
    .replace(/(?<=^|[\s,])([AS])C[.:;](?=[^A-Z0-9]*$)/, '$1.C.')
    // `$.4. DE C.V.`: S.A.'s A read as 4 (its S as $ or 5 is withTypeS's).
    .replace(/(?<=^|[\s,])([S5$])\.\s?4\.(?=\s?[DP]E\s?C)/, 'S.A.')
    // `S:A:P.I..-DE CV.`: S.A.'s dots read as colons, a dot doubled and a hyphen before DE.
    .replace(/(?<=^|[\s,])S\s?[:;]\s?A\s?[:;](?=\s?P\.|\s?[DP]E\b)/, 'S.A.')
    .replace(/(?<=\b[A-Z])\.\.?-?\s?(?=[DP]E\s?C)/, '. ');
  const end = typed.replace(/[^A-Z0-9.)]+$/, '').trim();
  return typed !== dashed && (SUFFIX.test(end) || PARTIAL_TAIL.test(end)) ? typed : dashed;
};

/** A character set apart after a company type's last letter: no type ends so. After S.A., not a D or E. */
const TYPE_SPECK =
  /(?<=\b(?:C\.?\s?[VY]\.?|R\.?\s?L\.?|S\.?\s?C\.?|S\.\s?A\.\s?S\.?|SAS))\s[A-Z0-9]$|(?<=\bS\.?\s?A\.?)\s[A-CF-Z0-9]$/;

const ARTICLE = /^(?:EL|LA|LOS|LAS)$/;

/** A title's decoration read as a word at either end. */
const DECORATION = /^[A-Z0-9]{0,2}[*%+=~][A-Z0-9*%+=~]{0,3}\s+|\s+[A-Z0-9]{0,2}[*%+=~][A-Z0-9*%+=~]{0,3}$/g;

/** A line as the name rules read it; `titled` keeps what a title may print but its decoration. */
const clean = (s: string, titled = false): string =>
  typePunctuation(titled ? withTypeS(s).replace(DECORATION, '') : withTypeS(s).replace(RIGHT_COLUMN, ''))
    .replace(NAME_LABEL, '')
    .replace(RFC_AFTER_NAME, (rfc) => (customerLine(s) ? rfc : ''))
    .replace(/^[^A-Z0-9(]+/, '')
    // A speck of punctuation set apart at the end (`… SA DE CV .`), then anything but a type's closing dot.
    .replace(/\s[^A-Z0-9\s(]+$/, '')
    .replace(/[^A-Z0-9.)]+$/, '')
    // A lone character after a company type, from the paper's edge (`… DEL NORTE, S.A. É`, `… S.A. F` / `DE C.V.`).
    .replace(TYPE_SPECK, '')
    .replace(/\s+/g, ' ')
    .trim();

const letters = (s: string): number => (s.match(/[A-Z]/g) ?? []).length;
const isTexty = (s: string): boolean => letters(s) >= 3 && letters(s) / s.replace(/\s/g, '').length > 0.55;

/** Words that RFC initials skip (articles, company type). */
const STOP = new Set([...ARTICLES, 'S', 'A', 'SA', 'CV', 'C', 'V', 'R', 'L', 'SC']);

/** How well a name explains the RFC's letters: initials of a company, or the física name rule. */
export function rfcNameMatch(name: string, rfc: string | null): number {
  if (!rfc) return 0;
  const head = rfc.slice(0, rfc.length === 13 ? 4 : 3);
  const words = name
    .replace(/[.,]/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !STOP.has(w));
  const guess = rfc.length === 13 ? personLetters(name, rfc) : null;
  if (guess) return [...guess].filter((c, i) => c === head[i]).length / 4;
  const initials = words.map((w) => w[0]).join('');
  return (
    [...head].filter((c, i) => initials.includes(c) && initials.indexOf(c) <= i + 1).length / head.length
  );
}

/** A line with the look-alike digits among its words' letters read as letters, so a name reads as one. */
const withLetterSlips = (l: Line): Line => {
  const norm = l.norm.replace(SLIPPED_WORD, (w) => {
    const digits = w.replace(/[^0158]/g, '').length;
    return digits > 0 && digits <= 2 && w.length - digits >= 3 ? lettersForDigits(w) : w;
  });
  return norm === l.norm ? l : { ...l, norm };
};

/** A name as read, and how sure of it. */
type Named = { name: string | null; confidence: number };
/** The razón social in the header: the first line it was read from (-1: none), and the name with the line above. */
type NameRead = Named & { line: number; longerName?: string | null };

/** A company name whose initials are the company RFC's letters. */
const fitsRfc = (n: string, rfc: string | null): boolean =>
  rfc?.length === 12 && initialsFit(moralInitials(n), rfc);

/** A name on the line above header line i, when line i is the rest of its company type or the whole of it. */
function nameOverType(top: Line[], i: number, cur: string, rfc: string | null): NameRead | null {
  const above = clean(top[i - 1]?.norm ?? '');
  // A line that is only a company type ends the name wrapped above it.
  const typeOnly =
    SUFFIX.test(cur) &&
    withoutCompanyType(cur) === '' &&
    // A dotted S.C., A.C. or S.A.S. alone (its last dot maybe lost): not under a física's RFC nor a greeting.
    (/\bDE\b/.test(cur) ||
      (/^(?:[SA]\.\s?[CA]\.?|S\.\s?A\.\s?S\.)$/.test(cur) &&
        rfc?.length !== 13 &&
        // (A name with such a word in it, `CONVENIENCIA SIEMPRE ABIERTO`, where the company RFC confirms it.)
        (!NOT_A_NAME.test(above) || fitsRfc(`${above} ${cur}`, rfc))) ||
      (cur === 'SAS' &&
        (fitsRfc(`${above} SAS`, rfc) || fitsRfc(`${clean(top[i - 2]?.norm ?? '')} ${above} SAS`, rfc))) ||
      // An undotted SC or AC likewise, and only on a header with no other company type.
      (/^(?:SC|AC)$/.test(cur) &&
        fitsRfc(`${above} ${cur}`, rfc) &&
        !top.some((l, k) => k !== i && SUFFIX.test(clean(l.norm))))) &&
    isTexty(above) &&
    !ADDRESS.test(above);
  if (!((PARTIAL_TAIL.test(cur) || typeOnly) && i > 0)) return null;
  // The comma before a wrapped company type is part of the printed name.
  const comma = /,[\s;:.]*$/.test((top[i - 1]?.norm ?? '').replace(RIGHT_COLUMN, '')) ? ',' : '';
  return { name: `${above}${comma} ${cur}`, confidence: 0.8, line: i - 1 };
}

/** A name on header line i ending in a type's `DE`, its `C.V.` (or `R.L. DE C.V.`) wrapped, garbled or lost. */
function nameOverCv(top: Line[], i: number, cur: string, rfc: string | null): NameRead | null {
  const next = clean(top[i + 1]?.norm ?? '');
  // `…, S. DE` / `R.L. DE C.V.`: an S. de R.L. wrapped inside its type.
  const wrappedRl =
    /\bS\.?\s?(?:C\.?\s?)?DE$/.test(cur) && /^R\.?\s?L\.?(?:\s?[DP]E\s?C\.?\s?[VY]\.?)?$/.test(next);
  const endsInDe = /\bS\.?\s?A\.?\s?DE$|\bDE$/.test(cur);
  // Its C read as E, G or O (`EV`): only where the RFC confirms the name it completes.
  const garbledCv =
    endsInDe &&
    GARBLED_CV.test(next) &&
    // (A 13-character reading too: the company's RFC with a character inserted, `CMIB880113ZX4`.)
    (rfc?.length ?? 0) >= 12 &&
    initialsFit(moralInitials(`${cur} C.V.`), rfc ?? '');
  // Or C.V. misread past knowing, or lost, after a type only C.V. ends, a stray character or two left.
  const open = cur.replace(/(?<=\bDE)\s(?!C)[A-Z]{1,2}$/, '');
  const completed = `${open} C.V.`;
  const lostCv =
    !WRAPPED_DE_CV.test(next) &&
    !garbledCv &&
    TYPE_WANTS_CV.test(open) &&
    (fitsRfc(completed, rfc) || fitsRfc(completed.replace(/^[A-Z] (?=[A-Z]{2})/, ''), rfc));
  if (!((endsInDe && WRAPPED_DE_CV.test(next)) || garbledCv || wrappedRl || lostCv)) return null;
  const tail =
    garbledCv || lostCv ? (/\./.test(open) ? 'C.V.' : 'CV') : next.replace(/^[A-Z]\s?(?=C)|\s[A-Z]$/g, '');
  return { name: `${lostCv ? open : cur} ${tail}`, confidence: 0.8, line: i };
}

/** A name ending in its company type on header line i, the rest of the type maybe wrapped onto the next line. */
function nameWithType(top: Line[], i: number, cur: string, rfc: string | null): NameRead | null {
  // A title's `$$` read `SAS` (`EL PLOMERO SAS`) yields to a razón social below whose initials are the RFC's.
  const yields = (): boolean =>
    rfc?.length === 12 &&
    !fitsRfc(cur, rfc) &&
    top.slice(i + 1).some((l) => {
      const later = clean(l.norm);
      return SUFFIX.test(later) && fitsRfc(later, rfc);
    });
  // (A company type alone names nobody: the name it ends was not read.)
  if (!(SUFFIX.test(cur) && isTexty(cur) && withoutCompanyType(cur) !== '' && !yields())) return null;
  const next = clean(top[i + 1]?.norm ?? '');
  // "..., S.A." + "DE C.V." on the next line is one name wrapped in two.
  const wrappedCv = PLAIN_SA.test(cur) && GARBLED_DE_CV.test(next) && !/^[DP]E\b/.test(next);
  // The rest of the type wrapped, a speck from the paper's edge on either side (`5 DE C.Y. se`).
  const tail = [
    next,
    next.replace(/^[A-Z0-9]\s(?=[DP]E\b)/, '').replace(/(?<=[VY]\.?)\s[A-Z]{1,2}$/, ''),
  ].find((t) => PARTIAL_TAIL.test(t));
  const name = wrappedCv
    ? `${cur} ${/\.$/.test(cur) ? 'DE C.V.' : 'DE CV'}`
    : tail && !/C\.?\s?[VY]\.?$/.test(cur)
      ? `${cur} ${tail}`
      : cur;
  return { name, confidence: 0.9, line: i };
}

/** Razón social in the header: the first line that ends in a company type, with what is wrapped around it. */
function companyInHeader(top: Line[], rfc: string | null): NameRead {
  for (let i = 0; i < top.length; i++) {
    const read = clean(top[i]?.norm ?? '');
    // A speck before a type alone on its line (`1 SAPI DE CV`): no type starts with another character.
    const unspecked = read.replace(LEAD_SPECK, '');
    const typed =
      unspecked !== read && SUFFIX.test(unspecked) && withoutCompanyType(unspecked) === '' ? unspecked : read;
    // `DE RL DE CV` alone under the name, whose line does not end in the S: an S. de R.L.'s S lost.
    const cur =
      /^DE\s?R\.?\s?L\.?(?:\s?[DP]E\s?C\.?\s?[VY]\.?)?$/.test(typed) &&
      !/\bS\.?$/.test(clean(top[i - 1]?.norm ?? ''))
        ? `${/R\./.test(typed) ? 'S.' : 'S'} ${typed}`
        : typed;
    const found =
      nameOverType(top, i, cur, rfc) ?? nameOverCv(top, i, cur, rfc) ?? nameWithType(top, i, cur, rfc);
    if (found) return found;
  }
  return { name: null, confidence: 0, line: -1 };
}

/** The razón social with the lines above that begin it, and the longer reading with the line above it. */
function withLinesAbove(top: Line[], found: NameRead, rfc: string | null): NameRead {
  let { name, line } = found;
  // A name wrapped mid-name takes the line above when only together do their initials make the RFC's letters.
  const lineAbove = line > 0 ? clean(top[line - 1]?.norm ?? '') : '';
  // A figure there may be the name's: the initials decide, not the digits.
  const unspecked = lineAbove.replace(LEAD_SPECK, '');
  const above =
    unspecked !== lineAbove && name && fitsRfc(`${unspecked} ${name}`, rfc) ? unspecked : lineAbove;
  const longerName = name && isTexty(above) && !ADDRESS_WORD.test(above) ? `${above} ${name}` : null;
  if (
    name &&
    longerName &&
    moralInitials(name) !== rfc?.slice(0, 3) &&
    // Not a title that repeats the name (`ALMACENES DEL PACIFICO` over `ALMACENES DEL PACIFICO SAS`: APA twice over).
    !withoutCompanyType(name).startsWith(above) &&
    // A two-word name's third initial is unsure; its two known ones still have to be the RFC's.
    fitsRfc(longerName, rfc)
  )
    [name, line] = [longerName, line - 1];
  // A name wrapped after its leading article.
  if (name && SUFFIX.test(name) && ARTICLE.test(lineAbove) && !ARTICLE.test(name.split(' ')[0] ?? ''))
    [name, line] = [`${lineAbove} ${name}`, line - 1];
  // A line ending in an article, preposition or `Y` goes on below (`… LA` / `CANTERA`): no name ends so.
  const open = clean(top[line - 1]?.norm ?? '');
  const opens = line > 0 && endsOpen(open) && isTexty(open) && !ADDRESS_WORD.test(open);
  if (name && opens && !(rfc?.length === 12 && nameContradictsRfc(`${open} ${name}`, rfc)))
    [name, line] = [`${open} ${name}`, line - 1];
  return { name, confidence: found.confidence, line, longerName };
}

/** A persona física's name in the header, its letters checked against the RFC's. */
function personForRfc(header: Line[], rfc: string): string | undefined {
  // Up to six words: particles count; one comma may part surnames from given names.
  const personLike = (read: string): boolean =>
    /^[A-Z]+( [A-Z]+){2,5}$/.test(read.replace(/,(?= [A-Z])/, '')) &&
    !BUSINESS.test(read) &&
    !STAFF.test(read) &&
    rfcNameMatch(read, rfc) >= 0.75;
  // A speck before the name: a lone figure, or a letter the RFC fits as well without (not J, M: José, María).
  const unspecked = (line: string): string => {
    const read = line.replace(/^\d[:.]? (?=[A-Z]+( [A-Z]+){2})/, '');
    const rest = read.replace(/^[A-IK-LN-Z] (?=[A-Z]+( [A-Z]+){2})/, '');
    const kept = rest !== read && rfcNameMatch(rest, rfc) >= rfcNameMatch(read, rfc) ? rest : read;
    return kept.replace(/(?<=^[A-Z]+( [A-Z]+){2,}) [A-Z]$/, '');
  };
  // A labelled name wrapped onto the next line.
  const withWrap = (l: Line, i: number): string => {
    const read = unspecked(clean(l.norm));
    const next = clean(header[i + 1]?.norm ?? '');
    const labelled = NAME_LABEL.test(l.norm) && /^[A-Z]{3,}( [A-Z]{3,})?$/.test(next);
    const bare =
      /^[A-Z]{3,}( [A-Z]{2,}){0,3}$/.test(read) &&
      /^[A-Z]{3,}( [A-Z]{2,}){0,3}$/.test(next) &&
      !BUSINESS.test(`${read} ${next}`) &&
      !ADDRESS.test(next) &&
      rfcNameMatch(`${read} ${next}`, rfc) === 1 &&
      ((rfcNameMatch(read, rfc) < 1 && rfcNameMatch(next, rfc) < 1) || SKIPPED_GIVEN_NAME.test(read));
    if (!labelled && !bare) return read;
    const joined = `${read} ${next}`;
    return rfcNameMatch(joined, rfc) > rfcNameMatch(read, rfc) ? joined : read;
  };
  // The line whose letters agree best with the RFC's (first on a tie).
  return header
    .map(withWrap)
    .filter(personLike)
    .reduce<string | undefined>(
      (best, read) => (best === undefined || rfcNameMatch(read, rfc) > rfcNameMatch(best, rfc) ? read : best),
      undefined,
    );
}

/** Where the header shows no razón social (or no RFC, a foreign one), the other places a name is printed. */
function nameElsewhere(found: Named, lines: Line[], top: Line[], rfc: string | null): Named {
  const header = lines.slice(0, top.length);
  if (!found.name && rfc?.length === 12) {
    const cut = top
      .map((l, i) => cutCompanyType(clean(l.norm), clean(top[i + 1]?.norm ?? ''), rfc))
      .find((n) => n !== null);
    // Fiscal data printed at the foot: a company-typed line anywhere, if its initials are exactly the RFC's.
    const company =
      cut ??
      lines
        .slice(top.length)
        .map((l) => clean(l.norm))
        .find(
          (c) => SUFFIX.test(c) && isTexty(c) && !ADDRESS.test(c) && moralInitials(c) === rfc.slice(0, 3),
        );
    return company ? { name: company, confidence: 0.7 } : found;
  }
  if (!rfc) {
    // Persona física without a readable RFC: a plain 3-5 word name printed under the store name.
    const person = found.name ? undefined : header.slice(1, 4).find((l) => isPersonName(clean(l.norm)));
    return person ? { name: clean(person.norm), confidence: 0.4 } : found;
  }
  const named = !found.name && rfc.length === 13 ? personForRfc(header, rfc) : undefined;
  return named ? { name: named, confidence: 0.7 } : found;
}

/** The store's title with the words of the line below that finish it, unless that line is the razón social's. */
function titleGoingOn(storeName: string, below: Line, belowIsName: boolean, name: string | null): string {
  // A title over two lines: a kind of business, then a name led by an article (`TAQUERIA` / `EL GUERO`), not
  // an owner's name; or a first line ending in a word no name ends with, finished by the next short line.
  const unfinished = /\b(?:SAN|DE|DEL|LA|EL|LOS|LAS|Y)$/.test(storeName);
  if (KIND_ONLY.test(storeName) || unfinished) {
    const rest = clean(below.norm);
    // One or two words, not a place (`GUADALAJARA, JAL.`) nor the owner's name printed under the title.
    const named = unfinished
      ? /^(?:(?:EL|LA|LOS|LAS|DEL?) )?[A-Z]{3,}( [A-Z]{3,})?$/.test(rest) &&
        !/[,.]/.test(below.norm) &&
        rest !== name
      : /^(EL|LA|LOS|LAS|DON|DONA) [A-Z]/.test(rest) && rest.split(' ').length <= 4;
    const plain = isTexty(rest) && !ADDRESS.test(below.norm) && !SUFFIX.test(rest) && !NOT_A_NAME.test(rest);
    return named && plain && !belowIsName ? `${storeName} ${rest}` : storeName;
  }
  if (!name || !SUFFIX.test(name) || belowIsName) return storeName;
  // Or a title wrapped before a word of the razón social.
  const company = new Set(withoutCompanyType(name).match(/[A-Z]+/g));
  const rest = clean(below.norm);
  const words = /^[A-Z ]+$/.test(rest) ? rest.split(' ') : [];
  const stray = words.findIndex((w) => !company.has(w));
  const shared = words.slice(0, stray < 0 ? words.length : stray);
  const first = shared.join(' ');
  const wraps = shared.some((w) => w.length >= 4 && !STOP.has(w)) && !name.startsWith(first);
  return wraps && !storeName.includes(first) ? `${storeName} ${first}` : storeName;
}

/** The store's name: the header's first title, maybe going on below, else the razón social without its type. */
function storeNameIn(top: Line[], name: string | null, nameLine: number): string | null {
  const storeLine = top.find((l) => {
    const title = clean(l.norm, true);
    // A figure may be the store's; five digits in a row are a postal code or a phone number.
    const plain = !ADDRESS_WORD.test(l.norm) && !/\d{5,}/.test(l.norm) && !NOT_A_TITLE.test(l.norm);
    return isTexty(title) && title.length >= 3 && plain;
  });
  let storeName = storeLine ? spellBusinessWords(clean(storeLine.norm, true)) : null;
  const below = storeLine ? top[top.indexOf(storeLine) + 1] : undefined;
  if (storeName && below) storeName = titleGoingOn(storeName, below, top.indexOf(below) === nameLine, name);
  // No separate commercial name read: the razón social without its company type is the best guess.
  if (storeName && SUFFIX.test(storeName)) return withoutCompanyType(storeName) || storeName;
  if (storeName && storeLine && name && top.indexOf(storeLine) === nameLine && SUFFIX.test(name)) {
    const whole = withoutCompanyType(name).replace(/,$/, '');
    if (whole.startsWith(storeName) && whole.length > storeName.length) return whole;
  }
  return storeName;
}

/** Razón social (a line ending in a company type, maybe wrapped) and the store name printed on top. */
export function extractVendor(read: Line[], rfc: string | null, rfcLine: number | null): Vendor {
  const lines = read.map(withLetterSlips);
  const topEnd = Math.min(lines.length, Math.max(6, (rfcLine ?? 8) + 1));
  // Specks before a line are dropped for company and store names. Not for a person's name.
  const top = lines.slice(0, topEnd).map(withoutSpeck);
  const inHeader = withLinesAbove(top, companyInHeader(top, rfc), rfc);
  const found = nameElsewhere(inHeader, lines, top, rfc);
  const title = storeNameIn(top, found.name, inHeader.line);
  let name = found.name;
  if (name && title && rfc?.length === 12) name = withStoreArticle(name, title, rfc);
  // A capital speck from the paper's edge (`E DISTRIBUIDORA …`), dropped unless the RFC read wants it (a
  // two-word name's third letter unsure).
  const specked = name && rfc?.length !== 13 ? LEAD_SPECK.exec(name) : null;
  if (name && specked && SUFFIX.test(name) && (!rfc || fitsRfc(name.slice(2), rfc))) name = name.slice(2);
  if (name) name = canonicalSuffix(spellBusinessWords(lettersForDigits(name)));
  const storeName = title ? lettersForDigits(title) : title;
  const storeGuess = storeName ? 0.3 : 0;
  return {
    name: name ?? storeName,
    storeName,
    nameConfidence: name ? found.confidence * (rfc ? 0.5 + 0.5 * rfcNameMatch(name, rfc) : 0.8) : storeGuess,
    storeConfidence: storeName ? 0.6 : 0,
    longerName: inHeader.longerName ?? null,
  };
}

/** Look-alike capitals, and a blurred bold capital with a stroke lost or gained: the check digit confirms. */
const BLURRED_CAPS = ['BH', 'BD', 'BP', 'HK', 'OG', 'LT'];
const lookalikeCaps = (a: string, b: string): boolean =>
  (LOOKALIKE[a] ?? []).includes(b) ||
  (LOOKALIKE[b] ?? []).includes(a) ||
  BLURRED_CAPS.some((p) => p === a + b || p === b + a);

/** An initial the company RFC contradicts, respelt as the RFC's look-alike letter the check digit sees. */
export function initialFromRfc(name: string, rfc: string): string {
  const initials = moralInitials(name);
  if (rfc.length !== 12 || !initials || initials === rfc.slice(0, 3)) return name;
  const parts = name.split(' ');
  for (let i = 0; i < parts.length; i++) {
    const word = parts[i] ?? '';
    if (!/^[A-Z]{3,}[.,]?$/.test(word) || skippedInInitials(bare(word)) || STOP.has(bare(word))) continue;
    for (let k = 0; k < 3; k++) {
      const want = rfc[k] ?? '';
      const read = word[0] ?? '';
      if (read === want || !lookalikeCaps(read, want) || !checkDigitSees(rfc, k, read)) continue;
      const respelt = [...parts.slice(0, i), want + word.slice(1), ...parts.slice(i + 1)].join(' ');
      if (moralInitials(respelt) === rfc.slice(0, 3)) return respelt;
    }
  }
  return name;
}

/** `NAME, S.A.` and one or two letters of `DE C.V.`: a company type whose end OCR lost. */
const CUT_TYPE = /^(.+?)(,?)\s+(S\s?[.,]?\s?A(?:\s?[.,]\s?|\s))([A-Z]{1,2})$/;
/** `C.V.` alone on a line, as faded print reads it (`C . Y`, `C.v.`): the end of a company type wrapped. */
const WRAPPED_CV = /^C\s?[.,]?\s?[VY]\.?$/;

/** A type cut short before a wrapped `C.V.`, completed as `S.A. DE C.V.` when the initials fit the RFC. */
function cutCompanyType(line: string, next: string, rfc: string): string | null {
  const m = CUT_TYPE.exec(line);
  const read = m?.[1];
  if (!m || !read || !isTexty(read) || ADDRESS.test(read)) return null;
  // A stray tail over a wrapped C.V. is a garbled DE; not P, PI, S or B, types of their own (S.A.P.I., S.A.S.).
  const tail = m[4] ?? '';
  if (!/^[DECV]+$/.test(tail) && (!WRAPPED_CV.test(next) || /^(P|PI|S|B)$/.test(tail))) return null;
  const name = moralInitials(read) === rfc.slice(0, 3) ? read : nameForRfc(read, rfc);
  return name === null ? null : `${name}${m[2]} ${/[.,]/.test(m[3] ?? '') ? 'S.A. DE C.V.' : 'SA DE CV'}`;
}

/** A razón social whose initials a company RFC contradicts, its words respelt as known business words. */
export function nameForRfc(name: string, rfc: string): string | null {
  const want = rfc.slice(0, 3);
  if (moralInitials(name) === want) return null;
  let k = 0;
  const parts = name.split(' ');
  const words = parts.map(bare);
  const respelt = parts
    .map((w) => {
      const word = bare(w);
      if (!/^[A-Z]+$/.test(word) || STOP.has(word) || k >= 3) return w;
      const letter = want[k++] ?? '';
      const known = word[0] === letter ? null : respellToInitial(word, letter);
      return known === null || words.includes(known) ? w : known + w.slice(word.length);
    })
    .join(' ');
  return respelt !== name && moralInitials(respelt) === want ? respelt : null;
}

/** Short words that are no garbled article: a name may print them where its title has one (`TACOS AL PASTOR`). */
const NOT_ARTICLE = /^(AL|MI|TU|SU|UN|MA|LO|DON|SAN|DOS|MIS|SUS|TUS|UNA)$/;

/** An article of the store name garbled in the company name that holds the name. */
function withStoreArticle(name: string, store: string, rfc: string): string {
  if (!SUFFIX.test(name) || moralInitials(name) !== rfc.slice(0, 3)) return name;
  const title = store.split(' ');
  const words = name.split(' ');
  for (let k = 1; k < title.length; k++) {
    const [article = '', anchor = ''] = [title[k - 1], title[k]];
    if (!ARTICLE.test(article) || anchor.length < 3) continue;
    const j = words.findIndex((w, i) => i > 0 && bare(w) === anchor);
    const before = words[j - 1];
    if (j <= 0 || !before || !/^[A-Z]+$/.test(before) || before.length !== article.length) continue;
    if (NOT_ARTICLE.test(before) || STOP.has(before)) continue;
    const swapped = [...words.slice(0, j - 1), article, ...words.slice(j)].join(' ');
    if (moralInitials(swapped) === moralInitials(name)) words[j - 1] = article;
  }
  return words.join(' ');
}

/** OCR slips inside the company type rewritten in the style the ticket uses. */
export function canonicalSuffix(name: string): string {
  return (
    name
      // A period after a whole word before a dotted type is its comma (an abbreviation ends in one: `HNOS.`);
      // inside the name, after a whole Spanish word, a speck (`FARMACIAS. EL NOPAL`); a slash between words too.
      .replace(/\b([A-Z]{4,})\.(?=\s(?:S\.?\s?A\.|[SA]\.\s?C\b|S\.\s?DE\s))/, (a, w: string) =>
        w.length > 4 || isSpanishWord(w) ? `${w},` : a,
      )
      .replace(/\b([A-Z]{5,})\.(?=\s(?![SA][.C\s]|SA\s)[A-Z])/g, (a, w: string) => (isSpanishWord(w) ? w : a))
      .replace(/(?<=[A-Z]{2})\/(?=[A-Z]{2})/g, ' ')
      .replace(
        /\bS\s?[.,]\s?A\s?[.,]?\s?(?:(S|B|P\s?[.,]?\s?I)\s?[.,]?\s?)?(?:[DP]E(?:\s[A-Z](?=\s))?|(?!PI)[A-Z]{2})\s?C\s?[.,]?\s?[VY]\s?[.,]?$/,
        (_all, kind?: string) =>
          `S.A.${kind ? `${[...kind.replace(/[^A-Z]/g, '')].join('.')}.` : ''} DE C.V.`,
      )
      .replace(/\bSA\s?[DP]E\s?C[VY]\.?$/, 'SA DE CV')
      // `S. DE R.L. DE CV.`: C.V.'s first dot lost in a type dotted everywhere else.
      .replace(/(?<=\b(?:R\.\s?L|S\.\s?A(?:\.\s?P\.\s?I)?)\.\s?DE\s)CV\.$/, 'C.V.')
      .replace(/\bS\s?[.,]\s?A\s?[.,]$/, 'S.A.')
      // `S.C`, `A.C`: the last dot of a dotted type lost.
      .replace(/\b([SA])\.\s?C$/, '$1.C.')
      // `S. DE RL DE C.V`: dots lost in an S. de R.L. dotted elsewhere (two dots or more read) are put back.
      .replace(/\bS\.\s?DE\s?R\s?\.?\s?L\s?\.?\s?DE\s?C\s?\.?\s?V\s?\.?$/, (type) =>
        (type.match(/\./g)?.length ?? 0) >= 2 ? 'S. DE R.L. DE C.V.' : type,
      )
  );
}

const BUSINESS =
  /FERRETERIA|FARMACIA|TIENDA|RESTAURANT|CAFE|ABARROTE|GASOLINERA|SUPER|PAPELERIA|ESTACION|SERVICIO|COMERCIAL|BOTICA|TACOS|TAQUERIA|PANADERIA|CARNICERIA|FONDA|COCINA|MERCADO|ALMACEN|DISTRIBUIDORA|OPERADORA|GRUPO|REGIMEN|FISCAL|PERSONAS|ACTIVIDADES/;

/** A title that only says what kind of business it is (`TAQUERIA`, `ESTACIONAMIENTO`): its name may follow. */
const KIND_ONLY =
  /^(?:TAQUERIA|TACOS|PANADERIA|PASTELERIA|FARMACIA|FERRETERIA|PAPELERIA|ABARROTES|CARNICERIA|POLLERIA|FRUTERIA|TORTILLERIA|MISCELANEA|LONCHERIA|CAFETERIA|CAFE|RESTAURANTE?|FONDA|COCINA|MARISCOS|PIZZERIA|NEVERIA|DULCERIA|ZAPATERIA|BOUTIQUE|LAVANDERIA|REFACCIONARIA|ESTACIONAMIENTO|GASOLINERA|BAR|CANTINA)S?$/;
/** A greeting or a receipt's heading, on a line of its own: no business's name. */
const GREETING = 'BIENVENID|GRACIAS|COMPROBANTE';
/** Lines under a title that name no business: a branch, a greeting, a heading. */
const NOT_A_NAME = new RegExp(`SUCURSAL|\\bSUC\\b|MATRIZ|TICKET|NOTA|HORARIO|ABIERTO|DOMICILIO|${GREETING}`);

/** No title: above one, a greeting, a copy or reprint note, a slogan (`DESDE 1987`); anywhere, a branch. */
const NOT_A_TITLE = new RegExp(
  `${GREETING}|\\bCOPIA\\b|\\bORIGINAL\\b|REIMPRESION|^\\W*DESDE\\s?\\d{4}\\W*$|^\\W*SUC(?:URSAL)?\\b`,
);

/** Who served, not who sells: `ATENDIO MARIA LOPEZ RUIZ`, `CAJERO JUAN PEREZ LOPEZ`. */
const STAFF = /^(?:LE\s)?(?:ATENDIO|CAJER[OA]|MESER[OA]|VENDEDOR[A]?|DEPENDIENTE|OPERADOR[A]?)\b/;

export const isPersonName = (s: string): boolean =>
  /^[A-Z]{2,}( [A-Z]{2,}){2,4}$/.test(s) &&
  // Two names of three letters or more at least (the surnames): `EI NE NETA IE` is a speckled line.
  s.split(' ').filter((w) => w.length >= 3).length >= 2 &&
  !BUSINESS.test(s) &&
  !ADDRESS.test(s) &&
  !STAFF.test(s);
