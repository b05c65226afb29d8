import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { cacheStandardFontMetrics } from '../../src/pdf/afm.cache.js';

interface Doc {
  font(name: string): Doc;
  fontSize(size: number): Doc;
  widthOfString(s: string, opts?: object): number;
  _font: { font: { glyphWidths: object }; ascender: number; descender: number };
}
const fromPdfmake = createRequire(createRequire(import.meta.url).resolve('pdfmake'));
const PDFKit = fromPdfmake('pdfkit') as new () => Doc;
const width = (font: string, s: string) => new PDFKit().font(font).fontSize(10).widthOfString(s);

describe('cacheStandardFontMetrics', () => {
  cacheStandardFontMetrics();
  cacheStandardFontMetrics(); // a second install must not wrap the parse twice

  it('keeps the AFM widths and kerning (Helvetica A=667, V=667, KPX A V -70)', () => {
    expect(width('Helvetica', 'A')).toBeCloseTo(6.67, 6);
    expect(width('Helvetica', 'AV')).toBeCloseTo((667 + 667 - 70) / 100, 6);
    expect(width('Helvetica', 'VA')).toBeCloseTo((667 + 667 - 80) / 100, 6);
    expect(width('Helvetica', 'AA')).toBeCloseTo(13.34, 6);
  });

  it('gives every standard font its own metrics, also when served from the cache', () => {
    for (let i = 0; i < 2; i++) {
      expect(width('Courier', 'AV')).toBeCloseTo(12, 6); // monospaced, no kerning pairs
      expect(width('Helvetica-Bold', 'AV')).toBeCloseTo((722 + 667 - 80) / 100, 6);
      expect(width('Helvetica', 'AV')).toBeCloseTo(12.64, 6);
    }
  });

  it('parses each font once per process: documents share the tables', () => {
    const a = new PDFKit().font('Helvetica-Bold');
    const b = new PDFKit().font('Helvetica-Bold');
    expect(a._font.font.glyphWidths).toBe(b._font.font.glyphWidths);
    expect(a._font.ascender).toBe(718);
    expect(a._font.descender).toBe(-207);
  });
});
