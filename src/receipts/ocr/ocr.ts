import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { createWorker, OEM, PSM, type RecognizeOptions, type Worker } from 'tesseract.js';

export type Box = { x0: number; y0: number; x1: number; y1: number };

export interface OcrWord {
  text: string;
  confidence: number;
  bbox: Box;
  /** Which text line of the page the word is on, counted from 0 in reading order. */
  line: number;
}

/** A word of two letters or digits or more: what a reading found, specks and rules left out. */
export const isReadWord = (w: { text: string }): boolean => /[A-Z0-9]{2}/i.test(w.text);
export const isSureWord = (w: { text: string; confidence: number }): boolean =>
  isReadWord(w) && w.confidence >= 50;

/** A character's alternatives as the LSTM weighed them: [character, 0..1], best first. */
export type CharChoices = Array<[string, number]>;

export interface OcrResult {
  text: string;
  words?: OcrWord[];
  /** Per word, per character, the alternatives (when asked for with `choices`). */
  choices?: CharChoices[][];
  /** Mean confidence 0..100 as tesseract reports it. */
  confidence: number;
}

export interface OcrOptions {
  /** Tesseract page segmentation mode; default 6 (single uniform block) suits narrow tickets; 7: one line. */
  psm?: '3' | '4' | '6' | '7' | '11';
  /** Also return word boxes (cheap: tesseract writes them as TSV, parsed here). */
  words?: boolean;
  /** Also return each character's alternatives (tesseract's hOCR with LSTM choices): for a line's reading. */
  choices?: boolean;
  /** A ticket's re-read jumps the queue: a burst of tickets finishes one by one, not all at the end. */
  followUp?: boolean;
}

/** Anything that turns a prepared image into text. The real one is tesseract; tests use a fake. */
export interface OcrEngine {
  recognize(image: Buffer, opts?: OcrOptions): Promise<OcrResult>;
  close(): Promise<void>;
}

/** One OCR worker of a pool: the real one is a tesseract.js worker (startWorker); tests give fakes. */
export interface PoolWorker {
  recognize(image: Buffer, opts: OcrOptions): Promise<OcrResult>;
  terminate(): Promise<unknown>;
}

export interface TesseractPoolOptions {
  workers?: number;
  /** Replace a worker after this many jobs: the wasm heap only grows, so recycling bounds memory. */
  recycleAfter?: number;
  langs?: string[];
  /** Run on each replacement worker before it takes a job (a reading of a made-up page). */
  warmUp?: (recognize: PoolWorker['recognize']) => Promise<unknown>;
  /** Starts a worker; default a tesseract.js worker with the language data from node_modules. */
  start?: () => Promise<PoolWorker>;
}

const require = createRequire(import.meta.url);

/** The language data ships in node_modules; loading it from there means no network at runtime. */
const langPath = (lang: string): string =>
  join(dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)), '4.0.0_best_int');

/** A tesseract.js worker: single-block layout by default, another page segmentation mode on request. */
async function startWorker(langs: string[]): Promise<PoolWorker> {
  const options = { langPath: langPath(langs[0] ?? 'spa'), gzip: true, cacheMethod: 'none' };
  const worker: Worker = await createWorker(langs, OEM.LSTM_ONLY, options);
  // The inverted-text check re-reads unsure words as white-on-black: costly, and tickets never need it.
  await worker.setParameters({
    tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
    user_defined_dpi: '300',
    tessedit_do_invert: '0',
  });
  let current = '6';
  return {
    async recognize(image, o) {
      const psm = o.psm ?? '6';
      if (current !== psm) {
        await worker.setParameters({ tessedit_pageseg_mode: psm as PSM });
        current = psm;
      }
      // Keys that are not tesseract.js options are set as tesseract parameters for this call only.
      const params = (o.choices ? { lstm_choice_mode: '2' } : {}) as Partial<RecognizeOptions>;
      const output = { text: true, tsv: Boolean(o.words), hocr: Boolean(o.choices) };
      const { data } = await worker.recognize(image, params, output);
      return {
        text: data.text,
        words: o.words ? wordsOfTsv(data.tsv ?? '') : undefined,
        choices: o.choices ? choicesOfHocr(data.hocr ?? '') : undefined,
        confidence: data.confidence,
      };
    },
    terminate: () => worker.terminate(),
  };
}

interface Slot {
  worker: Promise<PoolWorker>;
  jobs: number;
  busy: boolean;
  /** The worker replacing this one, while it starts and warms up (closing the pool ends it as it is). */
  next?: Promise<PoolWorker>;
  /** That worker, started and warm, waiting for this slot's job to end. */
  ready?: PoolWorker;
}

export type PoolStats = { started: number; recycled: number };

/** How many workers a pool asked for `workers` runs: that many, by default one per core. */
export const poolSize = (workers?: number): number => Math.max(1, workers ?? availableParallelism());

const quietly = (worker: Promise<PoolWorker>): Promise<unknown> =>
  worker.then((w) => w.terminate()).catch(() => undefined);

/** A pool's workers, its two queues of jobs waiting for one, and how it starts and warms up a worker. */
interface Pool {
  size: number;
  recycleAfter: number;
  slots: Slot[];
  waiting: Array<(slot: Slot) => void>;
  waitingFollowUps: Array<(slot: Slot) => void>;
  stats: PoolStats;
  closed: boolean;
  start: () => Promise<PoolWorker>;
  warmUp?: TesseractPoolOptions['warmUp'];
}

const spawn = (pool: Pool): Promise<PoolWorker> => {
  pool.stats.started++;
  return pool.start();
};

/** A free slot, a new one while the pool is not full, else a place in the queue (follow-ups first). */
function acquire(pool: Pool, followUp: boolean): Promise<Slot> {
  const free = pool.slots.find((s) => !s.busy);
  if (free) {
    free.busy = true;
    return Promise.resolve(free);
  }
  if (pool.slots.length < pool.size) {
    const slot: Slot = { worker: spawn(pool), jobs: 0, busy: true };
    pool.slots.push(slot);
    return Promise.resolve(slot);
  }
  return new Promise((resolve) => (followUp ? pool.waitingFollowUps : pool.waiting).push(resolve));
}

/** The slot's worker ended and its warm replacement put in; only while no job runs on the slot. */
function swap(slot: Slot, ready: PoolWorker): void {
  void quietly(slot.worker);
  slot.worker = Promise.resolve(ready);
  slot.next = undefined;
  slot.ready = undefined;
  slot.jobs = 0;
}

/** Starts and warms up the slot's next worker beside the one serving; it takes over once the slot is idle. */
function replace(pool: Pool, slot: Slot): void {
  pool.stats.recycled++;
  const started = spawn(pool);
  slot.next = started;
  started
    .then(async (w) => {
      // A warm-up that fails leaves a worker that reads: its first customer page is slower, nothing else.
      if (pool.warmUp && !pool.closed)
        await pool.warmUp((image, o) => w.recognize(image, o)).catch(() => undefined);
      return w;
    })
    .then(
      (w) => {
        if (pool.closed || slot.next !== started) return;
        if (slot.busy) slot.ready = w;
        else swap(slot, w);
      },
      // Not started: the old worker serves on, and its next job's end tries again.
      () => {
        if (slot.next === started) slot.next = undefined;
      },
    );
}

/** A job ended on the slot: recycle its worker when due, then hand the slot to the next job waiting. */
function release(pool: Pool, slot: Slot): void {
  slot.jobs++;
  if (slot.ready) swap(slot, slot.ready);
  else if (slot.jobs >= pool.recycleAfter && !slot.next && !pool.closed) replace(pool, slot);
  const next = pool.waitingFollowUps.shift() ?? pool.waiting.shift();
  if (next) next(slot);
  else slot.busy = false;
}

/** A lazy pool of tesseract workers; one due for recycling serves on while its replacement warms up. */
export function createTesseractEngine(opts: TesseractPoolOptions = {}): OcrEngine & { stats: PoolStats } {
  const langs = opts.langs ?? ['spa'];
  const pool: Pool = {
    size: poolSize(opts.workers),
    recycleAfter: opts.recycleAfter ?? 200,
    slots: [],
    waiting: [],
    waitingFollowUps: [],
    stats: { started: 0, recycled: 0 },
    closed: false,
    start: opts.start ?? (() => startWorker(langs)),
    warmUp: opts.warmUp,
  };
  const recognize = async (image: Buffer, o: OcrOptions = {}): Promise<OcrResult> => {
    if (pool.closed) throw new Error('OCR engine is closed');
    const slot = await acquire(pool, Boolean(o.followUp));
    try {
      return await (await slot.worker).recognize(image, o);
    } finally {
      release(pool, slot);
    }
  };
  const close = async (): Promise<void> => {
    pool.closed = true;
    const all = pool.slots.splice(0);
    await Promise.all(all.flatMap((s) => [quietly(s.worker), ...(s.next ? [quietly(s.next)] : [])]));
  };
  return { recognize, close, stats: pool.stats };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/** The LSTM's alternatives of each character of each word of an hOCR page (lstm_choice_mode 2). */
export function choicesOfHocr(hocr: string): CharChoices[][] {
  const plain = (s: string): string =>
    s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ENTITIES[e] ?? e);
  return hocr
    .split("class='ocrx_word'")
    .slice(1)
    .map((word) =>
      word
        .split("id='lstm_choices_")
        .slice(1)
        .map((group) =>
          [...group.matchAll(/x_confs ([\d.]+)'>([^<]*)</g)]
            .map(([, p, c]): [string, number] => [plain(c ?? ''), Number(p) / 100])
            .sort((a, b) => b[1] - a[1]),
        ),
    );
}

/** The words of tesseract's TSV output, lines numbered from 0 in reading order. */
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
