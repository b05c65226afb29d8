import type { OcrEngine, OcrResult } from './ocr.js';

/** Returns canned OCR text (one per call, the last one repeated); records what it was asked. */
export function createFakeOcrEngine(
  texts: string[],
  confidence = 90,
): OcrEngine & { calls: number; closed: boolean } {
  const fake = {
    calls: 0,
    closed: false,
    async recognize(_image: Buffer): Promise<OcrResult> {
      if (fake.closed) throw new Error('OCR engine is closed');
      const text = texts[Math.min(fake.calls, texts.length - 1)] ?? '';
      fake.calls++;
      return { text, confidence };
    },
    async close(): Promise<void> {
      fake.closed = true;
    },
  };
  return fake;
}
