import type { OcrEngine, OcrOptions, OcrResult } from '../../src/receipts/ocr/ocr.js';

/** Returns canned OCR results; records what it was asked. */
export function createFakeOcrEngine(
  texts: Array<string | (Omit<OcrResult, 'confidence'> & { confidence?: number })>,
  confidence = 90,
): OcrEngine & { calls: number; closed: boolean; psms: Array<string | undefined>; sizes: string[] } {
  const fake = {
    calls: 0,
    closed: false,
    /** The page segmentation mode asked for at each call (undefined: the engine's default). */
    psms: [] as Array<string | undefined>,
    /** Each image's width and height as its PGM header gives them (empty for another format). */
    sizes: [] as string[],
    async recognize(image: Buffer, opts: OcrOptions = {}): Promise<OcrResult> {
      if (fake.closed) throw new Error('OCR engine is closed');
      const canned = texts[Math.min(fake.calls, texts.length - 1)] ?? '';
      fake.calls++;
      fake.psms.push(opts.psm);
      fake.sizes.push(/^P5\n(\d+ \d+)\n/.exec(image.subarray(0, 32).toString('latin1'))?.[1] ?? '');
      return typeof canned === 'string' ? { text: canned, confidence } : { confidence, ...canned };
    },
    async close(): Promise<void> {
      fake.closed = true;
    },
  };
  return fake;
}
