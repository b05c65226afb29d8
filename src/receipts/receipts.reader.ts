import pLimit, { type LimitFunction } from 'p-limit';
import { merchantCatalog } from '../catalogs/merchants.catalog.js';
import { type Clock, systemClock } from '../clock.js';
import { chooseDate, chooseRfc, chooseTotal, readingDates } from './extract/choose.js';
import { mendCompanyType } from './extract/company.type.js';
import { confidenceOf } from './extract/confidence.js';
import { type CatalogLookup, weighEvidence } from './extract/evidence.js';
import { classify } from './extract/extract.amounts.js';
import { extractDateTime } from './extract/extract.dates.js';
import {
  type Extraction,
  extractFields as extractAt,
  razonSocialFor,
  vendorWithRfc,
} from './extract/extract.js';
import { nameContradictsRfc, rfcTokenWords } from './extract/extract.rfc.js';
import {
  asPrinted,
  editLine,
  type Line,
  moneyIn,
  stripAccents,
  type TitleToken,
  titleLines,
  toLines,
} from './extract/extract.text.js';
import {
  cropBox,
  framelessPage,
  grayCrop,
  headerCrop,
  type PreparedPage,
  pgmOf,
  preparePage,
  type Turn,
  unreadTitle,
} from './image/prepare.js';
import { type Gray, median } from './image/raster.js';
import { barredZeroReadings, respacedWord } from './ocr/glyphs.js';
import {
  type Box,
  createTesseractEngine,
  isReadWord,
  type OcrEngine,
  type OcrResult,
  type OcrWord,
  type PoolWorker,
  poolSize,
} from './ocr/ocr.js';
import { WARM_UP_RFC, WARM_UP_TOTAL, warmUpTicket } from './ocr/warmup.js';
import {
  BOLDER_INK,
  nameJudgesBlindLetters,
  RETRY_BELOW,
  rescueRfc,
  rfcWordsReadings,
  spelledRfc,
} from './reader.rfc.js';
import { type FieldName, type ReceiptData, type ReceiptReader, UnreadableImage } from './receipt.types.js';

export interface ReceiptReaderOptions {
  workers?: number;
  recycleAfter?: number;
  /** Defaults to a tesseract pool; tests pass a fake. */
  engine?: OcrEngine;
  /** Re-read the header (top 40 %, 2× scale) when the RFC or date is weak. On by default. */
  headerPass?: boolean;
  /** Re-read the header as sparse text (PSM 11) when the name does not explain a confident company RFC. */
  vendorPass?: boolean;
  /** Re-read large print above the first line read (a display title the block layout leaves out). On by default. */
  titlePass?: boolean;
  /** Re-read the date's lines (or the page) at a bolder ink when the date stays unsure. On by default. */
  datePass?: boolean;
  /** Re-read an unsure RFC's words and offer the RFC their characters' alternatives spell. On by default. */
  rfcPass?: boolean;
  /** Re-read the lines around the last TOTAL line when the total is unsure. On by default. */
  totalPass?: boolean;
  /** Re-read an unsure name's lines and take the name they give when its evidence is stronger. On by default. */
  namePass?: boolean;
  /** What "today" is when judging which ticket years are plausible. */
  clock?: Clock;
  /** The merchant catalog the RFC and razón social are checked against (default: the curated catalog). */
  catalog?: CatalogLookup;
}

/** Fewer words than this in the first reading means most of the ticket was not read. */
const SPARSE_WORDS = 50;
/** How many words a reading found (isReadWord). */
const wordCount = (r: OcrResult): number => (r.words ?? []).filter(isReadWord).length;

/** Below this mean confidence a title read alone is a logo, or a bar whose print the preparation lost. */
const TITLE_CONFIDENCE = 30;

/** A reading's words line by line, with their confidence; its text when it has no word boxes. */
const tokenLines = (r: OcrResult): string | TitleToken[][] => {
  if (!r.words) return r.text;
  const lines = new Map<number, TitleToken[]>();
  for (const w of r.words) lines.set(w.line, [...(lines.get(w.line) ?? []), w]);
  return [...lines.values()];
};

/** Below this confidence a lone character ending a header line is a speck from the paper's edge, not a letter. */
const EDGE_SPECK_CONFIDENCE = 30;
/** Lines of a ticket's header, where its title and razón social are printed (cleaned of specks and added accents). */
const HEADER_LINES = 8;

/** `text` without the lone unsure characters that end or start its header lines. */
export function withoutEdgeSpecks(text: string, words: OcrWord[]): string {
  let out = text;
  const speck = (w: OcrWord | undefined): w is OcrWord =>
    w !== undefined && w.text.length === 1 && w.confidence < EDGE_SPECK_CONFIDENCE;
  for (let n = 0; n < HEADER_LINES; n++) {
    const line = words.filter((w) => w.line === n);
    // Only on a line of words read surely (two at least).
    if (line.filter((w) => isReadWord(w) && w.confidence >= 60).length < 2) continue;
    const [head, tail] = [line[0], line[line.length - 1]];
    if (!speck(head) && !speck(tail)) continue;
    out = editLine(out, n, (l) => {
      let t = l.trim();
      if (speck(tail) && t.endsWith(` ${tail.text}`)) t = t.slice(0, -tail.text.length).trimEnd();
      if (speck(head) && t.startsWith(`${head.text} `)) t = t.slice(head.text.length).trimStart();
      return t;
    });
  }
  return out;
}

/** A printed accent rises this share of the capitals' height above them; one the language model adds does not. */
const ACCENT_RISE = 0.3;

/** `text` without the accents its header capitals carry only in the reading: their boxes rise no higher than the line's. */
export function withoutUnseenAccents(text: string, words: OcrWord[]): string {
  let out = text;
  for (let n = 0; n < HEADER_LINES; n++) {
    const line = words.filter((w) => w.line === n);
    const accented = line.filter((w) => /[ÁÉÍÓÚ]/.test(w.text) && w.text === w.text.toUpperCase());
    const plain = line.filter((w) => /^[A-Z0-9.,]{2,}$/.test(w.text));
    if (!accented.length || !plain.length) continue;
    const top = median(plain.map((w) => w.bbox.y0));
    const rise = ACCENT_RISE * (median(plain.map((w) => w.bbox.y1)) - top);
    const unseen = accented.filter((w) => w.bbox.y0 > top - rise);
    if (unseen.length)
      out = editLine(out, n, (l) =>
        unseen.reduce((t, w) => t.replace(w.text, stripAccents(w.text, true)), l),
      );
  }
  return out;
}

/** The lines of a title read alone (titleLines): a store name in large print, which the page's reading left out. */
export function titleRead(read: OcrResult, crop: Gray): string[] {
  // Large print read with its spaces lost gets them back from the gaps in its ink.
  const words = read.words?.flatMap((w) => {
    const spaced = respacedWord(crop, w);
    return spaced === w.text ? [w] : spaced.split(' ').map((text) => ({ ...w, text }));
  });
  return titleLines(tokenLines({ ...read, words }));
}

const HEADER_FIELDS: FieldName[] = ['vendor_rfc', 'date', 'time', 'vendor_name', 'postal_code', 'folio'];
const weakHeader = (e: Extraction): boolean =>
  e.confidence.vendor_rfc < RETRY_BELOW || e.confidence.date < RETRY_BELOW;

/** A confident company RFC that the vendor name read contradicts: a word of the name was lost or misread. */
function unexplainedRfc(e: Extraction): boolean {
  const { vendor_rfc: rfc, vendor_name: name } = e.fields;
  const sure = rfc?.length === 12 && e.confidence.vendor_rfc >= RETRY_BELOW;
  return sure && name !== null && nameContradictsRfc(name, rfc);
}

/** Takes each field (of `only`, default all) from the pass that is more confident about it. */
export function mergeExtractions(a: Extraction, b: Extraction, only?: FieldName[]): Extraction {
  const out = { fields: { ...a.fields }, confidence: { ...a.confidence } };
  const fields = out.fields as Record<string, unknown>;
  for (const k of only ?? (Object.keys(a.confidence) as FieldName[]))
    if (b.confidence[k] > a.confidence[k]) [fields[k], out.confidence[k]] = [b.fields[k], b.confidence[k]];
  return out;
}

/** How much more sure (mean confidence, 0..100) a turned reading must be than the page as it lies. */
const TURN_MARGIN = 15;

/** Whether a reading's text gives a total or a date: what any ticket read the right way up shows. */
const totalOrDate = (text: string, today: Date): boolean =>
  extractDateTime(toLines(text), today).date !== null || extractAt(text, today).fields.total !== null;

/** The quarter turns to read a page at whose reading found nothing, likeliest first. */
export const turnsFor = (page: Gray): Turn[] => (page.width > page.height ? [90, 270, 180] : [180, 90, 270]);

/** Mean confidence (0..100) at or above which a page's reading as it lies is upright print: no turn is tried. */
const UPRIGHT_CONFIDENCE = 60;

/** The key fields' confidence and sources from the evidence on the ticket (extract/evidence.ts). */
export function withEvidence(
  read: ReceiptData,
  today: Date,
  catalog?: CatalogLookup,
  readings: string[] = [read.text],
  dateReadings: string[] = [],
  rfc: 'chosen' | 'offered' | 'contested' = 'chosen',
): ReceiptData {
  // A long company type garbled in print goes back to its printed form (company.type.ts), whichever reading gave it.
  const name = read.vendor_name === null ? null : mendCompanyType(read.vendor_name);
  const lines = toLines(read.text);
  const withTotal = chooseTotal(withCatalogMerchant({ ...read, vendor_name: name }, catalog), lines);
  // An RFC offered by the RFC pass is not one the readings' values would choose again: it stands, to be weighed.
  const voted = chooseRfc(withTotal, readings);
  const chosen = rfc === 'offered' ? withTotal : voted;
  const dates = readingDates(readings, today);
  // Readings asked for the date only offer one: the date's evidence below is weighed without them.
  const offered = readingDates(dateReadings, today);
  const withOffered = offered.length ? toLines([read.text, ...dateReadings].join('\n')) : lines;
  const data = chooseDate(chosen, [...dates, ...offered], withOffered, today);
  const evidence = weighEvidence(data, today, catalog, lines, dates);
  // The RFC's own words, read again, spell another valid RFC: the check digit passes two readings.
  if (rfc === 'contested') evidence.vendor_rfc.push('!spelled otherwise');
  // An offered RFC that the readings' own values back less than another valid one: the spelling and they differ.
  if (rfc === 'offered' && voted.vendor_rfc !== read.vendor_rfc) evidence.vendor_rfc.push('!readings differ');
  const confidence = { ...data.confidence, ...confidenceOf(evidence) };
  const sources: Partial<Record<FieldName, string[]>> = {};
  for (const [field, found] of Object.entries(evidence) as Array<[FieldName, string[]]>) {
    if (data[field] === null) confidence[field] = 0;
    else sources[field] = found.filter((e) => !e.startsWith('!'));
  }
  return { ...data, confidence, sources };
}

/** A ticket whose RFC was not read, of a chain the catalog knows by its title or razón social in the header. */
function withCatalogMerchant(data: ReceiptData, catalog?: CatalogLookup): ReceiptData {
  if (data.vendor_rfc || !catalog?.byTitle) return data;
  const row = catalog.byTitle(data.text.split('\n').slice(0, HEADER_LINES));
  if (!row) return data;
  return { ...data, vendor_rfc: row.rfc, vendor_name: row.razon_social };
}

/** What a warm-up took, and whether the made-up ticket read as drawn (its RFC and total) on every worker. */
export type WarmUp = { ms: number; ok: boolean };

/** A ticket read as a few lines (the table's dark band taken for a ring around the text), read again without it. */
async function withoutFrame(
  page: PreparedPage,
  raw: OcrResult,
  engine: OcrEngine,
): Promise<[PreparedPage, OcrResult]> {
  const words = wordCount(raw);
  const frameless = words < SPARSE_WORDS ? framelessPage(page) : null;
  if (!frameless) return [page, raw];
  const again = await engine.recognize(frameless.pgm, { words: true });
  return wordCount(again) > words ? [frameless, again] : [page, raw];
}

/** The first reading with barred zeros mended in dates and times, and its text with them mended in the RFC too. */
function zerosMended(page: PreparedPage, raw: OcrResult): { first: OcrResult; zeroRfc: string } {
  const rfcWords = raw.words ? rfcTokenWords(raw.words) : null;
  const zeros = barredZeroReadings(page.gray, raw, (w) => rfcWords?.words.includes(w) ?? false);
  const cleaned = (t: string): string =>
    raw.words ? withoutUnseenAccents(withoutEdgeSpecks(t, raw.words), raw.words) : t;
  const first = { ...raw, text: cleaned(zeros.dates) };
  return { first, zeroRfc: zeros.also === zeros.dates ? first.text : cleaned(zeros.also) };
}

/** Only the RFC is taken from the reading with barred zeros mended in it too, and only when more confident. */
const withZeroRfc = (result: Extraction, zeroRead: Extraction | null): Extraction =>
  zeroRead ? mergeExtractions(result, zeroRead, ['vendor_rfc']) : result;

/** The rules read names without accents; the ticket's own spelling (`MONTAÑA`, `JOSÉ`) is what is given back. */
const printedNames = ({ fields: f }: Extraction, text: string) => ({
  vendor_name: f.vendor_name && asPrinted(f.vendor_name, text),
  vendor_store_name: f.vendor_store_name && asPrinted(f.vendor_store_name, text),
});

/** Decoding the same bytes again fails the same way: a permanent failure (refund now), not a retry. */
const undecodable = (err: unknown): never => {
  throw new UnreadableImage(
    `The receipt image could not be decoded: ${err instanceof Error ? err.message : String(err)}`,
  );
};

/** A title the page's reading left out, read alone: its lines, or none when not read surely. */
async function readTitle(page: Gray, title: Box & { inverse: boolean }, ocr: OcrEngine): Promise<string[]> {
  const crop = await grayCrop(page, title);
  const read = await ocr.recognize(pgmOf(crop), { words: true });
  return read.confidence >= TITLE_CONFIDENCE ? titleRead(read, crop) : [];
}

/** The header read at twice the pixels (thin or faded characters), and a still weak RFC rescued. */
async function headerPass(
  before: Extraction,
  engine: OcrEngine,
  page: PreparedPage,
  first: OcrResult,
  extractFields: (text: string) => Extraction,
): Promise<{ result: Extraction; text: string; spelled?: string[] }> {
  const head = await engine.recognize(pgmOf(await headerCrop(page.gray)));
  const headFields = extractFields(head.text);
  const readings = [before, headFields];
  const result = mergeExtractions(before, headFields, HEADER_FIELDS);
  if (result.confidence.vendor_rfc < RETRY_BELOW) {
    const rescue = await rescueRfc(engine, page, first, readings, extractFields);
    if (rescue.rfc)
      [result.fields.vendor_rfc, result.confidence.vendor_rfc] = [rescue.rfc.rfc, rescue.rfc.confidence];
    return { result, text: `${head.text}\n${rescue.text}`, spelled: rescue.spelled };
  }
  if (result.fields.vendor_rfc) {
    // Confident after the header re-read: a name both readings spell alike may still judge its blind letters.
    const voted = { rfc: result.fields.vendor_rfc, confidence: result.confidence.vendor_rfc };
    result.fields.vendor_rfc = nameJudgesBlindLetters(voted, readings);
  }
  return { result, text: head.text };
}

/** The razón social judged anew for an RFC the re-reads found, then read as sparse text if unexplained. */
async function vendorPasses(
  result: Extraction,
  firstRfc: string | null,
  firstText: string,
  sparsePass: boolean,
  sparseRead: () => Promise<string>,
): Promise<string | null> {
  const { vendor_rfc: rfc, vendor_name: name } = result.fields;
  // A company's RFC, or a persona física's.
  const foundByReRead = rfc !== null && rfc !== firstRfc && result.confidence.vendor_rfc >= RETRY_BELOW;
  if (foundByReRead && (!name || result.confidence.vendor_name < 0.5 || nameContradictsRfc(name, rfc))) {
    // The first reading's header judged anew for that RFC: the razón social may be one only that RFC can mend.
    const again = vendorWithRfc(firstText, rfc);
    if (again && again.confidence > result.confidence.vendor_name)
      [result.fields.vendor_name, result.confidence.vendor_name] = [again.name, again.confidence];
  }
  if (!sparsePass || !unexplainedRfc(result)) return null;
  // Sparse text finds each line on its own, whatever its type size; 1× is enough for the large name lines.
  const sparse = await sparseRead();
  const found = razonSocialFor(sparse, result.fields.vendor_rfc as string);
  if (found && found.confidence > result.confidence.vendor_name)
    [result.fields.vendor_name, result.confidence.vendor_name] = [found.name, found.confidence];
  return sparse;
}

/** What reading a receipt needs of its reader: the pool, its follow-up queue, the preparation gate, the clock. */
interface Reader {
  engine: OcrEngine;
  reRead: OcrEngine;
  preparing: LimitFunction;
  clock: Clock;
  opts: ReceiptReaderOptions;
}

/** A page that reads as garbage (photographed sideways, EXIF silent) read at the quarter turn that reads better. */
async function uprightReading(
  image: Buffer,
  page: PreparedPage,
  raw: OcrResult,
  today: Date,
  r: Reader,
  timings: Record<string, number>,
): Promise<{ page: PreparedPage; raw: OcrResult }> {
  if (raw.confidence >= UPRIGHT_CONFIDENCE || totalOrDate(raw.text, today)) return { page, raw };
  const turned = async () => {
    for (const turn of turnsFor(page.gray)) {
      const upright = await r.preparing(() => preparePage(image, { turn }));
      const again = await r.reRead.recognize(upright.pgm, { words: true });
      if (again.confidence >= raw.confidence + TURN_MARGIN && totalOrDate(again.text, today))
        return { page: upright, raw: again };
    }
    return null;
  };
  return (await timed(timings, 'turn', turned)) ?? { page, raw };
}

/** Prepares, recognises and extracts one receipt, re-reading what the first reading left weak. */
async function readReceipt(image: Buffer, r: Reader): Promise<ReceiptData> {
  const t0 = performance.now();
  const timings: Record<string, number> = {};
  const today = r.clock.now();
  const extractFields = (text: string): Extraction => extractAt(text, today);
  let page = await r.preparing(() => preparePage(image)).catch(undecodable);
  const t1 = performance.now();
  // Word boxes cost a few per cent of OCR time; they locate the RFC for a re-read when it is weak.
  let raw = await r.engine.recognize(page.pgm, { words: true });
  [page, raw] = await withoutFrame(page, raw, r.reRead);
  ({ page, raw } = await uprightReading(image, page, raw, today, r, timings));
  // A barred zero read as 8, 6 or 9 in a date or time (`18-MAR` for `10-MAR`) is put right by its outline.
  const { first, zeroRfc } = zerosMended(page, raw);
  const t2 = performance.now();
  [timings.prepare, timings.ocr] = [t1 - t0, t2 - t1];
  // A title in large display print that the page's reading left out, read alone and put back on top.
  const title = r.opts.titlePass !== false && first.words ? unreadTitle(page.gray, first.words) : null;
  const head = title ? await readTitle(page.gray, title, r.reRead) : [];
  if (title) timings.title_pass = performance.now() - t2;
  const titled = (t: string): string => (head.length ? `${head.join('\n')}\n${t}` : t);
  const readings = [titled(first.text)];
  const firstRead = extractFields(readings[0] as string);
  const firstRfc = firstRead.fields.vendor_rfc;
  let result = withZeroRfc(firstRead, zeroRfc === first.text ? null : extractFields(titled(zeroRfc)));
  let spelled: string[] | undefined;
  if (r.opts.headerPass !== false && weakHeader(result)) {
    const header = () => headerPass(result, r.reRead, page, first, extractFields);
    const passed = await timed(timings, 'header_pass', header);
    [result, spelled] = [passed.result, passed.spelled];
    readings.push(passed.text);
  }
  const sparseRead = async () =>
    (await r.reRead.recognize(pgmOf(await headerCrop(page.gray, 1)), { psm: '11' })).text;
  const sparse = () => timed(timings, 'vendor_pass', sparseRead);
  const more = await vendorPasses(result, firstRfc, first.text, r.opts.vendorPass !== false, sparse);
  if (more !== null) readings.push(more);
  const text = readings.join('\n');
  const data: ReceiptData = {
    ...result.fields,
    ...printedNames(result, text),
    confidence: result.confidence,
    text,
    timings,
  };
  const judged = await judgedWithPasses(data, readings, { page, first, today, r, spelled });
  timings.total = performance.now() - t0;
  return judged;
}

/** Scale at which a field's lines are re-read (2×, as the header and the RFC's words: thin strokes). */
const BAND_SCALE = 2;
/** Below this confidence a field's pass reads it again: the review's default threshold, a value it would ask for. */
const SURE = 0.9;

/** Runs `pass`, its wall time kept as `timings[name]`. */
function timed<T>(timings: Record<string, number>, name: string, pass: () => Promise<T>): Promise<T> {
  const t = performance.now();
  return pass().finally(() => Object.assign(timings, { [name]: performance.now() - t }));
}

/** The page's band around the first reading's lines `from`…`to`, `pad` times their height more above and below. */
function lineBand(first: OcrResult, width: number, [from, to]: [number, number], pad: number): Box | null {
  const words = (first.words ?? []).filter((w) => w.line >= from && w.line <= to);
  const ys = words.flatMap((w) => [w.bbox.y0, w.bbox.y1]);
  if (!ys.length) return null;
  const [y0, y1] = [Math.min(...ys), Math.max(...ys)];
  return { x0: 0, y0: Math.max(0, y0 - pad * (y1 - y0)), x1: width, y1: y1 + pad * (y1 - y0) };
}

/** The date each line of the first reading gives on its own (null: none). */
const lineDates = (first: OcrResult, today: Date): Array<string | null> =>
  toLines(first.text).map((l) => extractDateTime([l], today).date);

/** The band, a line's height above and below, around the first reading's line giving `date` (or a date). */
function dateBand(first: OcrResult, today: Date, width: number, date: string | null): Box | null {
  const dates = lineDates(first, today);
  const chosen = date === null ? -1 : dates.indexOf(date);
  const n = chosen >= 0 ? chosen : dates.findIndex((d) => d !== null);
  return n < 0 ? null : lineBand(first, width, [n, n], 1);
}

/** Tesseract's word confidence under which a date's figures were read unsurely, however well the ticket backs it. */
const FAINT_DATE = 50;

/** A word with figures (not the time) on the first reading's line giving `date`, read under FAINT_DATE. */
function faintDate(first: OcrResult, today: Date, date: string | null): boolean {
  const figures = (w: OcrWord): boolean => /\d/.test(w.text) && !/^\W*\d{1,2}:\d{2}/.test(w.text);
  const faint = (first.words ?? []).filter((w) => w.confidence < FAINT_DATE && figures(w));
  // (The lines' dates are looked for only on a page with such a word.)
  const n = faint.length && date !== null ? lineDates(first, today).indexOf(date) : -1;
  return faint.some((w) => w.line === n);
}

/** The band of the last TOTAL line read (else the largest amount's) with subtotal, taxes and payments around it. */
function totalBand(first: OcrResult, width: number): Box | null {
  const lines = toLines(first.text);
  const most = (l?: Line): number => Math.max(0, ...moneyIn(l?.norm ?? '').map((m) => m.cents));
  const labelled = lines.findLastIndex((l) => classify(l.norm) === 'total');
  const at = labelled >= 0 ? labelled : lines.reduce((b, l, i) => (most(l) > most(lines[b]) ? i : b), 0);
  return lineBand(first, width, [at - 3, at + 3], 0.05);
}

/** The band of the header's lines that print the name's words, a line either side (none: the first six lines). */
function nameBand(first: OcrResult, width: number, name: string | null): Box | null {
  const words = stripAccents(name ?? '').match(/[A-Z]{4,}/g) ?? [];
  const lines = toLines(first.text).slice(0, 12);
  const at = lines.flatMap((l, n) => (words.some((w) => l.norm.includes(w)) ? [n] : []));
  const [from, to] = at.length ? [(at[0] as number) - 1, (at.at(-1) as number) + 1] : [0, 5];
  return lineBand(first, width, [from, to], 0.05);
}

/** An unsure name's lines read again (then at the bolder ink): a name better backed replaces the one chosen. */
async function namePassed(
  judged: ReceiptData,
  data: ReceiptData,
  weigh: (d: ReceiptData) => ReceiptData,
  p: Passes,
): Promise<ReceiptData> {
  const band = nameBand(p.first, p.page.gray.width, judged.vendor_name);
  for (const bolder of [false, true]) {
    const read = async () =>
      bandRead(bolder ? await p.page.withInk(BOLDER_INK) : p.page.gray, band, p.r.reRead);
    const again = await timed(data.timings, bolder ? 'name_pass_bolder' : 'name_pass', read);
    const found = vendorWithRfc(again, judged.vendor_rfc);
    if (!found) continue;
    const named = { ...data, vendor_name: asPrinted(found.name, again), text: `${data.text}\n${again}` };
    const weighed = weigh(named);
    if (weighed.confidence.vendor_name <= judged.confidence.vendor_name) continue;
    // The passes after this one weigh the ticket again: they weigh it with this name and this reading.
    Object.assign(data, { vendor_name: named.vendor_name, text: named.text });
    return weighed;
  }
  return judged;
}

/** A band of the page (the whole page when none) read again at BAND_SCALE: its text. */
async function bandRead(page: Gray, band: Box | null, engine: OcrEngine): Promise<string> {
  return (await engine.recognize(pgmOf(band ? await cropBox(page, band, 0, BAND_SCALE) : page))).text;
}

/** What the last passes look at: the page, its first reading, the day, the reader, the RFCs a rescue spelled. */
type Passes = { page: PreparedPage; first: OcrResult; today: Date; r: Reader; spelled?: string[] };

/**
 * The fields weighed on their evidence; an unsure total's lines and an unsure name's are read again at twice their
 * size, an unsure date at the bolder ink, an unsure RFC spelled from its words' alternatives. The date and RFC passes
 * offer what they give, weighed on the others; the total's and the name's re-reads join the ticket's text.
 */
async function judgedWithPasses(data: ReceiptData, readings: string[], p: Passes): Promise<ReceiptData> {
  const { page, first, today, r } = p;
  const catalog = r.opts.catalog ?? merchantCatalog;
  const weigh = (d: ReceiptData): ReceiptData => withEvidence(d, today, catalog, readings);
  let judged = weigh(data);
  const band =
    judged.confidence.total < SURE && r.opts.totalPass !== false && totalBand(first, page.gray.width);
  if (band) {
    const again = await timed(data.timings, 'total_pass', () => bandRead(page.gray, band, r.reRead));
    // A total both readings give is read twice; a label or amount only the re-read gives is on the ticket too.
    data.text = `${data.text}\n${again}`;
    judged = weigh(data);
  }
  if (judged.confidence.vendor_name < SURE && r.opts.namePass !== false)
    judged = await namePassed(judged, data, weigh, p);
  const dateReadings: string[] = [];
  // A date the ticket backs whose figures the first reading read unsurely is read again as well: a re-read that
  // gives another date disputes it.
  const faint = judged.confidence.date >= SURE && faintDate(first, today, judged.date);
  if ((judged.confidence.date < SURE || faint) && r.opts.datePass !== false) {
    const band = dateBand(first, today, page.gray.width, judged.date);
    const ink = await page.withInk(BOLDER_INK);
    dateReadings.push(await timed(data.timings, 'date_pass', () => bandRead(ink, band, r.reRead)));
    if (faint) readings = [...readings, ...dateReadings];
    judged = withEvidence(data, today, catalog, readings, dateReadings);
  }
  // A repaired RFC (0.9) is read again as well: its own words may spell another.
  if (judged.confidence.vendor_rfc > SURE || r.opts.rfcPass === false) return judged;
  // The rescue's re-reads of the RFC's words, else the same re-reads now.
  const spelled =
    p.spelled ??
    (await timed(data.timings, 'rfc_pass', async () => {
      const inks = [page.gray, await page.withInk(BOLDER_INK)];
      return (await rfcWordsReadings(r.reRead, inks, first)).spelled;
    }));
  const rfc = spelledRfc(spelled, judged);
  if (!rfc) return judged;
  // An unsure RFC yields to the spelling, offered to be weighed; a repaired one stays, doubted.
  const sure = judged.confidence.vendor_rfc >= SURE;
  const weighed = sure ? data : { ...data, vendor_rfc: rfc };
  return withEvidence(weighed, today, catalog, readings, dateReadings, sure ? 'contested' : 'offered');
}

/** One OCR pool for the process; `read` prepares, recognises and extracts. */
export function createReceiptReader(opts: ReceiptReaderOptions = {}): {
  read: ReceiptReader;
  warmUp(): Promise<WarmUp>;
  close(): Promise<void>;
} {
  // The made-up ticket (see warmUp), drawn once.
  let ticket: Promise<Buffer> | null = null;
  const drawn = (): Promise<Buffer> => (ticket ??= warmUpTicket());
  let warmPage: Promise<Buffer> | null = null;
  const warmReplacement = async (recognize: PoolWorker['recognize']): Promise<unknown> => {
    warmPage ??= drawn().then(async (image) => (await preparePage(image)).pgm);
    return recognize(await warmPage, { words: true });
  };
  const { workers, recycleAfter } = opts;
  const engine = opts.engine ?? createTesseractEngine({ workers, recycleAfter, warmUp: warmReplacement });
  const clock = opts.clock ?? systemClock;
  // As many photos prepared at once as the pool reads.
  const size = poolSize(workers);
  const preparing = pLimit(size);
  // Every reading after a ticket's first goes ahead of other tickets' first readings (see OcrOptions.followUp).
  const reRead: OcrEngine = {
    recognize: (image, o = {}) => engine.recognize(image, { ...o, followUp: true }),
    close: () => engine.close(),
  };
  const reader: Reader = { engine, reRead, preparing, clock, opts };
  const read: ReceiptReader = (image) => readReceipt(image, reader);
  // A worker's first page reads slower than its next ones (its hot code is compiled as it runs).
  const warmUp = async (): Promise<WarmUp> => {
    const t0 = performance.now();
    const image = await drawn();
    const reads = await Promise.all(Array.from({ length: size }, () => read(image)));
    const ok = reads.every((d) => d.total === WARM_UP_TOTAL && d.vendor_rfc === WARM_UP_RFC);
    return { ms: performance.now() - t0, ok };
  };
  return { read, warmUp, close: () => engine.close() };
}
