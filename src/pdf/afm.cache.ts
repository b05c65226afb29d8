import { createRequire } from 'node:module';

/**
 * pdfkit re-reads and re-parses the AFM metrics of every standard font (Helvetica, Courier, ...) in every
 * document: ~6 ms of each invoice, a fifth of the render. The metrics are constant, so the parse is memoised
 * per file content and the parsed tables are shared (pdfkit only reads them after parsing). Kerning is looked
 * up for every glyph pair by concatenating a key string (~3 ms per invoice, most of it for the Courier sellos,
 * which have no kerning at all), so each font also gets a nested-map lookup with the same results.
 * pdfkit does not export its AFM class, so it is reached through the font of a probe document; if a future
 * pdfkit changes that shape, nothing is patched and rendering is merely slower.
 */
interface AfmTables {
  attributes: object;
  glyphWidths: object;
  boundingBoxes: object;
  kernPairs: Record<string, number>;
}
interface AfmFont extends AfmTables {
  getKernPair: KernLookup;
}
type KernLookup = (left: string, right: string | undefined) => number;
type AfmParse = (this: AfmFont, contents: string) => void;
interface AfmClass {
  prototype: { parse: AfmParse; __afmCached?: true };
}

let installed = false;

export function cacheStandardFontMetrics(): void {
  if (installed) return;
  installed = true;
  // The same pdfkit instance pdfmake renders with, not one that might be installed next to this project.
  const fromPdfmake = createRequire(createRequire(import.meta.url).resolve('pdfmake'));
  const PDFKit = fromPdfmake('pdfkit') as new () => { _font?: { font?: object } };
  const afm = new PDFKit()._font?.font?.constructor as AfmClass | undefined;
  const parse = afm?.prototype.parse;
  if (!afm || typeof parse !== 'function' || afm.prototype.__afmCached) return;
  const parsed = new Map<string, AfmTables & { kern: KernLookup }>();
  afm.prototype.parse = function (this: AfmFont, contents: string) {
    let hit = parsed.get(contents);
    if (!hit) {
      parse.call(this, contents);
      const { attributes, glyphWidths, boundingBoxes, kernPairs } = this;
      hit = { attributes, glyphWidths, boundingBoxes, kernPairs, kern: kernLookup(kernPairs) };
      parsed.set(contents, hit);
    }
    const { kern, ...tables } = hit;
    Object.assign(this, tables);
    this.getKernPair = kern;
  };
  afm.prototype.__afmCached = true;
}

const noKerning: KernLookup = () => 0;

/** pdfkit keys pairs as `left + "\0" + right`; the same table as left → right → adjustment. */
function kernLookup(kernPairs: Record<string, number>): KernLookup {
  const byLeft = new Map<string, Map<string, number>>();
  for (const [key, value] of Object.entries(kernPairs)) {
    const [left = '', right = ''] = key.split('\0');
    const rights = byLeft.get(left) ?? new Map<string, number>();
    rights.set(right, value);
    byLeft.set(left, rights);
  }
  if (byLeft.size === 0) return noKerning;
  return (left, right) => (right === undefined ? 0 : (byLeft.get(left)?.get(right) ?? 0));
}
