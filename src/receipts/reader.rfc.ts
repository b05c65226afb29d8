/** The RFC's re-reads: its words read alone at other inks and scales, their vote, and the RFC pass's spelling. */
import { lettersAgree } from './extract/evidence.js';
import { type Extraction, withPersonLetters } from './extract/extract.js';
import { rfcTokenWords } from './extract/extract.rfc.js';
import { editLine, toLines } from './extract/extract.text.js';
import { rfcFromChoices } from './extract/rfc.choices.js';
import { cropBox, headerCrop, type PreparedPage, pgmOf } from './image/prepare.js';
import type { Gray } from './image/raster.js';
import type { Box, OcrEngine, OcrResult, OcrWord } from './ocr/ocr.js';
import type { ReceiptData } from './receipt.types.js';

/** An RFC the readings vote for, with the confidence their vote gives it. */
type Vote = { rfc: string; confidence: number };

/** Below this confidence a field read is weak: the header, then the RFC's words, are read again. */
export const RETRY_BELOW = 0.6;

/** Ink level (PrepareOptions.black) for re-reading what stays weak: bolder brings back faded strokes. */
export const BOLDER_INK = 0.6;

/** The RFC most readings support: confidences add up, so two readings that agree beat one confident outlier. */
export function voteRfc(readings: Extraction[]): Vote | null {
  const [sum, best] = [new Map<string, number>(), new Map<string, number>()];
  for (const r of readings) {
    const rfc = r.fields.vendor_rfc;
    if (!rfc) continue;
    const c = r.confidence.vendor_rfc;
    sum.set(rfc, (sum.get(rfc) ?? 0) + c);
    best.set(rfc, Math.max(best.get(rfc) ?? 0, c));
  }
  let winner: string | null = null;
  for (const [rfc, total] of sum) if (winner === null || total > (sum.get(winner) ?? 0)) winner = rfc;
  if (winner === null) return null;
  const agreeing = readings.filter((r) => r.fields.vendor_rfc === winner).length;
  return { rfc: winner, confidence: Math.min(1, (best.get(winner) ?? 0) + 0.1 * (agreeing - 1)) };
}

/** Scale at which the RFC's words are re-read alone: 1× keeps the slab font's misreads, 1.5–2× measured right. */
const RFC_WORDS_SCALE = 2;
/** And once more at this scale: a reading that does not share the 2× readings' misreads of the same pixels. */
const RFC_WORDS_LARGER = 3;

/** The box around the RFC's words, stretched as far as the characters missing from a faded value would reach. */
export function rfcBox(token: NonNullable<ReturnType<typeof rfcTokenWords>>): Box {
  const box = {
    x0: Math.min(...token.words.map((w) => w.bbox.x0)),
    y0: Math.min(...token.words.map((w) => w.bbox.y0)),
    x1: Math.max(...token.words.map((w) => w.bbox.x1)),
    y1: Math.max(...token.words.map((w) => w.bbox.y1)),
  };
  if (token.label !== 'glued' && token.chars < 12) box.x1 = box.x0 + ((box.x1 - box.x0) * 13) / token.chars;
  return box;
}

/** Re-reads of the RFC's words: the page's text with each in place of the first reading's, and that line alone. */
interface RfcWordsReadings {
  readings: Array<{ text: string; line: string }>;
  /** The RFC each re-read's character alternatives spell, where they spell one (rfcFromChoices). */
  spelled: string[];
}

/** Re-reads the RFC's words alone (PSM 7) cut out of `pages` (a page at several inks), the first also larger. */
export async function rfcWordsReadings(
  engine: OcrEngine,
  pages: Gray[],
  first: OcrResult,
): Promise<RfcWordsReadings> {
  const token = first.words ? rfcTokenWords(first.words) : null;
  if (!token) return { readings: [], spelled: [] };
  const box = rfcBox(token);
  const [head] = token.words as [OcrWord, ...OcrWord[]];
  // Independent readings: on a pool with a free worker they run side by side.
  const crop = (page: Gray, scale = RFC_WORDS_SCALE) => cropBox(page, box, 0.6 * (box.y1 - box.y0), scale);
  const cuts = await Promise.all([...pages.map((p) => crop(p)), crop(pages[0] as Gray, RFC_WORDS_LARGER)]);
  const reads = await Promise.all(
    cuts.map((cut) => engine.recognize(pgmOf(cut), { psm: '7', choices: true })),
  );
  const out: RfcWordsReadings = { readings: [], spelled: [] };
  for (const read of reads) {
    const spelled = read.choices ? rfcFromChoices(read.choices) : null;
    if (spelled) out.spelled.push(spelled);
    const value = read.text.replace(/\s+/g, ' ').trim();
    if (!value) continue;
    // A label read before the words is put back; without one, only the word is replaced (no label is invented).
    const labelled = token.label === 'glued' ? value : `R.F.C. ${value}`;
    const text = editLine(first.text, head.line, (l) =>
      token.label === 'none' ? l.replace(head.text, value) : labelled,
    );
    out.readings.push({ text, line: toLines(text)[head.line]?.raw ?? value });
  }
  return out;
}

/** What the RFC's rescue found: the RFC the readings vote for, their lines, and the RFCs the re-reads spell. */
type Rescue = { rfc: Vote | null; text: string; spelled: string[] };

/** An RFC still weak after the header re-read. */
export async function rescueRfc(
  engine: OcrEngine,
  page: PreparedPage,
  first: OcrResult,
  readings: Extraction[],
  extractFields: (text: string) => Extraction,
): Promise<Rescue> {
  const added: string[] = [];
  // The bolder page brings back faded strokes (a thermal value printed light); the default suits heavy fonts.
  const bolder = await page.withInk(BOLDER_INK);
  const alone = await rfcWordsReadings(engine, [page.gray, bolder], first);
  for (const read of alone.readings) {
    readings.push(extractFields(read.text));
    added.push(read.line);
  }
  // The whole header at the bolder ink, the dearest re-read, only when the words alone did not settle the RFC.
  const fromWords = voteRfc(readings);
  if (!fromWords || fromWords.confidence < RETRY_BELOW) {
    const header = await engine.recognize(pgmOf(await headerCrop(bolder)));
    readings.push(extractFields(header.text));
    added.push(header.text);
  }
  const voted = voteRfc(readings);
  const rfc = voted && { rfc: nameJudgesBlindLetters(voted, readings), confidence: voted.confidence };
  return { rfc, text: added.join('\n'), spelled: alone.spelled };
}

/** A persona física's name read alike twice decides the RFC letters the check digit cannot see, for a weak RFC. */
export function nameJudgesBlindLetters(voted: Vote, readings: Extraction[]): string {
  const name = readings[0]?.fields.vendor_name ?? null;
  const nameTwice = readings.filter((r) => name !== null && r.fields.vendor_name === name).length >= 2;
  const alone = readings.filter((r) => r.fields.vendor_rfc === voted.rfc).length <= 1;
  return nameTwice && (voted.confidence < RETRY_BELOW || alone)
    ? withPersonLetters(voted.rfc, name)
    : voted.rfc;
}

/**
 * An RFC the re-reads of its words spell other than the one chosen: spelled alike twice, or agreeing with the name's
 * letters where the chosen one does not (those first). Null when the name's letters side with the RFC chosen.
 */
export function spelledRfc(spelled: string[], judged: ReceiptData): string | null {
  const { vendor_rfc: chosen, vendor_name: name } = judged;
  const count = (rfc: string): number => spelled.filter((s) => s === rfc).length;
  const named = (rfc: string | null): boolean => rfc !== null && name !== null && lettersAgree(name, rfc);
  const backed = (rfc: string): boolean => count(rfc) >= 2 || (named(rfc) && !named(chosen));
  // The name's letters first: they are read apart from the RFC's characters.
  const rank = (rfc: string): number => count(rfc) + (named(rfc) ? 10 : 0);
  const [best] = [...new Set(spelled)]
    .filter((s) => s !== chosen && backed(s))
    .sort((a, b) => rank(b) - rank(a));
  return !best || (named(chosen) && !named(best)) ? null : best;
}
