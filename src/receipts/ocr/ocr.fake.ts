import type { OcrEngine, OcrOptions, OcrResult } from './ocr.js';

/** Returns canned OCR results; records what it was asked. */
export function createFakeOcrEngine(
  texts: Array<string | (Omit<OcrResult, 'confidence'> & { confidence?: number })>,
  confidence = 90,
): OcrEngine & { calls: number; closed: boolean; psms: Array<string | undefined> } {
  const fake = {
    calls: 0,
    closed: false,
    /** The page segmentation mode asked for at each call (undefined: the engine's default). */
    psms: [] as Array<string | undefined>,
    async recognize(_image: Buffer, opts: OcrOptions = {}): Promise<OcrResult> {
      if (fake.closed) throw new Error('OCR engine is closed');
      const canned = texts[Math.min(fake.calls, texts.length - 1)] ?? '';
      fake.calls++;
      fake.psms.push(opts.psm);
      return typeof canned === 'string' ? { text: canned, confidence } : { confidence, ...canned };
    },
    async close(): Promise<void> {
      fake.closed = true;
    },
  };
  return fake;
}
