import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface OcrWord {
  text: string;
  confidence: number;
  bbox: Box;
  /** Which text line of the page the word is on, counted from 0 in reading order. */
  line: number;
}

/** A word of two letters or digits or more: what a reading found, specks and rules left out. */
export const isReadWord = (w: { text: string }): boolean => /[A-Z0-9]{2}/i.test(w.text);
/** A word read surely: a read word (isReadWord) at confidence 50 or more. */
export const isSureWord = (w: { text: string; confidence: number }): boolean =>
  isReadWord(w) && w.confidence >= 50;

export interface OcrResult {
  text: string;
  words?: OcrWord[];
  /** Mean confidence 0..100 as tesseract reports it. */
  confidence: number;
}

export interface OcrOptions {
  /** Tesseract page segmentation mode; default 6 (single uniform block) suits narrow tickets; 7: one line. */
  psm?: '3' | '4' | '6' | '7' | '11';
  /** Also return word boxes (a few per cent of OCR time: tesseract writes them as TSV, parsed here). */
  words?: boolean;
  /**
   * A re-read of a ticket already under way: it goes before the first readings waiting for a worker, so a burst
   * of tickets finishes them one after another instead of all at the end.
   */
  followUp?: boolean;
}

/** Anything that turns a prepared image into text. The real one is tesseract; tests use a fake. */
export interface OcrEngine {
  recognize(image: Buffer, opts?: OcrOptions): Promise<OcrResult>;
  close(): Promise<void>;
}

export interface TesseractPoolOptions {
  workers?: number;
  /** Replace a worker after this many jobs: the wasm heap only grows, so recycling bounds memory. */
  recycleAfter?: number;
  langs?: string[];
}

const require = createRequire(import.meta.url);

/** The language data ships in node_modules; loading it from there means no network at runtime. */
export function langPath(lang: string): string {
  const pkg = require.resolve(`@tesseract.js-data/${lang}/package.json`);
  return join(dirname(pkg), '4.0.0_best_int');
}

async function startWorker(langs: string[]): Promise<Worker> {
  const first = langs[0] ?? 'spa';
  const worker = await createWorker(langs, OEM.LSTM_ONLY, {
    langPath: langPath(first),
    gzip: true,
    cacheMethod: 'none',
  });
  // The inverted-text check re-reads low-confidence words as white-on-black: costs ~20 %, tickets never need it.
  await worker.setParameters({
    tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
    user_defined_dpi: '300',
    tessedit_do_invert: '0',
  });
  return worker;
}

interface Slot {
  worker: Promise<Worker>;
  jobs: number;
  busy: boolean;
  psm: string;
}

export interface PoolStats {
  started: number;
  recycled: number;
}

/** How many workers a pool asked for `workers` runs: that many, by default one per core. */
export const poolSize = (workers?: number): number => Math.max(1, workers ?? availableParallelism());

/** A long-lived pool of tesseract workers, started lazily, recycled after N jobs, closed once. */
export function createTesseractEngine(opts: TesseractPoolOptions = {}): OcrEngine & { stats: PoolStats } {
  const size = poolSize(opts.workers);
  const recycleAfter = opts.recycleAfter ?? 200;
  const langs = opts.langs ?? ['spa'];
  const slots: Slot[] = [];
  const waiting: Array<(slot: Slot) => void> = [];
  const waitingFollowUps: Array<(slot: Slot) => void> = [];
  const stats: PoolStats = { started: 0, recycled: 0 };
  let closed = false;

  const spawn = (): Promise<Worker> => {
    stats.started++;
    return startWorker(langs);
  };

  const acquire = (followUp: boolean): Promise<Slot> => {
    const free = slots.find((s) => !s.busy);
    if (free) {
      free.busy = true;
      return Promise.resolve(free);
    }
    if (slots.length < size) {
      const slot: Slot = { worker: spawn(), jobs: 0, busy: true, psm: '6' };
      slots.push(slot);
      return Promise.resolve(slot);
    }
    return new Promise((resolve) => (followUp ? waitingFollowUps : waiting).push(resolve));
  };

  const release = (slot: Slot): void => {
    slot.jobs++;
    if (slot.jobs >= recycleAfter) {
      const old = slot.worker;
      slot.worker = old.then((w) => w.terminate()).then(spawn, spawn);
      slot.jobs = 0;
      stats.recycled++;
    }
    const next = waitingFollowUps.shift() ?? waiting.shift();
    if (next) next(slot);
    else slot.busy = false;
  };

  const recognize = async (image: Buffer, o: OcrOptions = {}): Promise<OcrResult> => {
    if (closed) throw new Error('OCR engine is closed');
    const slot = await acquire(Boolean(o.followUp));
    try {
      const worker = await slot.worker;
      const psm = o.psm ?? '6';
      if (slot.psm !== psm) {
        await worker.setParameters({ tessedit_pageseg_mode: psm as PSM });
        slot.psm = psm;
      }
      const { data } = await worker.recognize(image, {}, { text: true, tsv: Boolean(o.words) });
      return {
        text: data.text,
        words: o.words ? wordsOfTsv(data.tsv ?? '') : undefined,
        confidence: data.confidence,
      };
    } finally {
      release(slot);
    }
  };

  const close = async (): Promise<void> => {
    closed = true;
    const all = slots.splice(0);
    await Promise.all(all.map((s) => s.worker.then((w) => w.terminate()).catch(() => undefined)));
  };

  return { recognize, close, stats };
}

/**
 * The words of tesseract's TSV output (one row per page, block, paragraph, line and word; level 4 a line, 5 a
 * word: `level page block par line word left top width height conf text`), lines numbered from 0 in reading order.
 * TSV rather than the JSON block tree: tesseract writes it in half the time (6 against 14 ms a page), and the
 * main thread gets one string instead of a tree of every symbol and its choices to copy and collect. The
 * confidence is floored, as the block tree gives it (same words, boxes and lines on all 40 dev pages).
 */
export function wordsOfTsv(tsv: string): OcrWord[] {
  const out: OcrWord[] = [];
  let n = -1;
  for (const row of tsv.split('\n')) {
    const c = row.split('\t');
    if (c[0] === '4') n++;
    if (c[0] !== '5' || c.length < 12) continue;
    const at = (i: number): number => Number(c[i]);
    out.push({
      text: c.slice(11).join('\t'),
      confidence: Math.floor(at(10)),
      bbox: { x0: at(6), y0: at(7), x1: at(6) + at(8), y1: at(7) + at(9) },
      line: n,
    });
  }
  return out;
}
