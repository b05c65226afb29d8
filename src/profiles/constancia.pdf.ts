import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { AppError } from '../errors.js';

/** A Constancia has two to four pages; more is not one, and reading stops there to bound the work. */
const MAX_PAGES = 8;

const unprocessable = (message: string) => new AppError('UnprocessableDocument', message);

/** A PDF by its bytes: the header `%PDF-` within the first kilobyte (the spec tolerates leading junk). */
export const looksLikePdf = (buf: Buffer): boolean => buf.subarray(0, 1024).includes('%PDF-');

/**
 * The text layer of a PDF as lines, top to bottom. Items on one baseline form a line; a visible gap between
 * two items (another table cell) becomes a tab, so "RFC:" and its value stay apart from the next cell.
 */
export async function pdfTextLines(buf: Buffer): Promise<string[]> {
  const task = getDocument({
    data: new Uint8Array(buf),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: true,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    const lines: string[] = [];
    for (let n = 1; n <= Math.min(doc.numPages, MAX_PAGES); n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      lines.push(...toLines(content.items.filter((i): i is TextItem => 'str' in i)));
    }
    return lines;
  } catch (err) {
    if (err instanceof AppError) throw err;
    const name = (err as { name?: string }).name;
    if (name === 'PasswordException')
      throw unprocessable('The PDF is password-protected: send the Constancia as SAT issues it');
    throw unprocessable('The PDF could not be read (corrupt or truncated)');
  } finally {
    await task.destroy();
  }
}

function toLines(items: TextItem[]): string[] {
  const rows = new Map<number, TextItem[]>();
  for (const item of items) {
    if (!item.str.trim()) continue;
    const y = Math.round(item.transform[5] as number);
    const key = [...rows.keys()].find((k) => Math.abs(k - y) <= 2) ?? y;
    rows.set(key, [...(rows.get(key) ?? []), item]);
  }
  return [...rows.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([, row]) => joinRow(row.sort((a, b) => (a.transform[4] as number) - (b.transform[4] as number))));
}

function joinRow(row: TextItem[]): string {
  let out = '';
  let end: number | undefined;
  for (const item of row) {
    const x = item.transform[4] as number;
    if (end !== undefined) out += x - end > 6 ? '\t' : x - end > 0.5 ? ' ' : '';
    out += item.str;
    end = x + item.width;
  }
  return out.replace(/ +/g, ' ').trim();
}
