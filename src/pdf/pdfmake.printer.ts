import { createRequire } from 'node:module';
import { cacheStandardFontMetrics } from './afm.cache.js';

const require = createRequire(import.meta.url);

/**
 * PDF standard fonts (Helvetica, Courier): nothing to embed or subset, which makes rendering several times
 * faster than a TrueType font, and their WinAnsi encoding covers Spanish (á, ñ, ü, –).
 */
const FONTS = {
  Helvetica: {
    normal: 'Helvetica',
    bold: 'Helvetica-Bold',
    italics: 'Helvetica-Oblique',
    bolditalics: 'Helvetica-BoldOblique',
  },
  Courier: {
    normal: 'Courier',
    bold: 'Courier-Bold',
    italics: 'Courier-Oblique',
    bolditalics: 'Courier-BoldOblique',
  },
};
const STANDARD_FONTS = new Set(Object.values(FONTS).flatMap((f) => Object.values(f)));

type PdfMake = typeof import('pdfmake');
let printer: PdfMake | undefined;

/** pdfmake's Node build keeps fonts and access policies in a module singleton: configure it once. */
export function pdfmake(): PdfMake {
  if (printer) return printer;
  const p = require('pdfmake') as PdfMake;
  p.setFonts(FONTS);
  // Never fetch or read anything while rendering: standard fonts are names, images are data URLs.
  p.setUrlAccessPolicy(() => false);
  p.setLocalAccessPolicy((path) => STANDARD_FONTS.has(path));
  cacheStandardFontMetrics();
  printer = p;
  return p;
}
