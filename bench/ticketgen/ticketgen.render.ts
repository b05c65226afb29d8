/** The paper as SVG (text, rules, barcode, QR-like block, stamps and pen marks), rasterised by sharp (librsvg). */
import sharp from 'sharp';
import { BODY_FONTS, type Font, TITLE_FONTS } from './ticketgen.fonts.js';
import type { Layout, Row } from './ticketgen.layout.js';
import type { Rng } from './ticketgen.rng.js';

export interface Paper {
  /** Grey raster of the paper, 1 channel, 255 = paper. */
  gray: Buffer;
  /** Colour marks (stamps, pen) over the paper: RGBA, transparent elsewhere. */
  marks: Buffer;
  width: number;
  height: number;
  font: Font;
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface Geometry {
  margin: number;
  adv: number;
  size: number;
  lineH: number;
}

function rowSvg(
  row: Row,
  y: number,
  g: Geometry,
  body: Font,
  title: Font,
  cols: number,
  rng: Rng,
): [string, number] {
  const x = (col: number): number => g.margin + col * g.adv;
  if (row.kind === 'gap') return ['', g.lineH * 0.6];
  if (row.kind === 'rule')
    return [
      `<text x="${x(0)}" y="${y + g.lineH * 0.75}" font-family="${body.family}" font-size="${g.size}" textLength="${cols * g.adv}" lengthAdjust="spacingAndGlyphs">${esc(row.char.repeat(cols))}</text>`,
      g.lineH,
    ];
  if (row.kind === 'barcode') {
    let bars = '';
    for (let bx = x(cols * 0.15); bx < x(cols * 0.85); bx += rng.int(2, 7))
      bars += `<rect x="${bx}" y="${y}" width="${rng.int(1, 4)}" height="${g.lineH * 2.2}"/>`;
    return [bars, g.lineH * 2.8];
  }
  if (row.kind === 'qr') {
    const cell = Math.max(3, Math.round(g.lineH * 0.22));
    let q = '';
    for (let i = 0; i < 25; i++)
      for (let j = 0; j < 25; j++)
        if (rng.chance(0.5))
          q += `<rect x="${x(cols / 2) - 12.5 * cell + i * cell}" y="${y + j * cell}" width="${cell}" height="${cell}"/>`;
    return [q, cell * 27];
  }
  const font = row.title ? title : body;
  const longest = Math.max(...row.cells.map((c) => c.text.length));
  const scale = Math.min(row.scale, ((cols - 1) * body.advance) / (longest * font.advance));
  const size = g.size * scale;
  const h = g.lineH * Math.max(1, scale * 1.05);
  const weight = row.bold ? 'bold' : 'normal';
  const cells = row.cells.map(
    (c) =>
      `<text x="${x(c.col).toFixed(1)}" y="${(y + h * 0.78).toFixed(1)}" text-anchor="${c.anchor}" font-family="${font.family}" font-weight="${weight}" font-size="${size.toFixed(1)}">${esc(c.text)}</text>`,
  );
  return [cells.join(''), h];
}

export async function renderPaper(
  rng: Rng,
  layout: Layout,
  marks: (w: number, h: number, totalY: number) => string,
): Promise<Paper> {
  const body = rng.pick(BODY_FONTS);
  const title = rng.chance(0.6) ? rng.pick(TITLE_FONTS) : body;
  const width = Math.max(rng.int(560, 800), layout.cols * 15);
  const margin = width * rng.float(0.04, 0.07);
  const adv = (width - 2 * margin) / layout.cols;
  const size = adv / body.advance;
  const g: Geometry = { margin, adv, size, lineH: size * rng.float(1.15, 1.4) };
  let y = g.lineH * rng.float(1.5, 3);
  let totalY = y;
  const parts: string[] = [];
  for (const row of layout.rows) {
    if (row.kind === 'text' && /^TOTAL/.test(row.cells[0]?.text ?? '') && row.bold) totalY = y;
    const [svg, h] = rowSvg(row, y, g, body, title, layout.cols, rng);
    parts.push(svg);
    y += h;
  }
  const height = Math.round(y + g.lineH * rng.float(1.5, 3));
  const ink = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/><g fill="#000">${parts.join('')}</g></svg>`;
  const gray = await sharp(Buffer.from(ink))
    .flatten({ background: '#fff' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${marks(width, height, totalY)}</svg>`;
  const rgba = await sharp(Buffer.from(overlay)).ensureAlpha().raw().toBuffer();
  return { gray, marks: rgba, width, height, font: body };
}
