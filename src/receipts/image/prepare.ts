import sharp from 'sharp';
import { type Box, isSureWord } from '../ocr/ocr.js';
import { cropGray, darkRows, flood, type Gray, isDark, median } from './raster.js';

type Img = ReturnType<typeof sharp>;

export interface PrepareOptions {
  /** Output scale factor (1 = as photographed). */
  scale?: number;
  /** Ink darkness: paper/background ratio mapped to black at this level (0.45, best on dev; higher = bolder). */
  black?: number;
  /** Degrees (clockwise) the photo is turned after its EXIF orientation (a ticket photographed sideways). */
  turn?: Turn;
}

/** Quarter turns a photo can be read at. */
export type Turn = 0 | 90 | 180 | 270;

const DEFAULTS: Required<PrepareOptions> = { scale: 1, black: 0.45, turn: 0 };

/** The largest pixel count any code in the service agrees to decode, whatever the configuration says. */
export const DECODE_PIXEL_CEILING = 100_000_000;

/** Every decode is bounded: intake refuses larger images, this stops any that reach the reader another way. */
const DECODE = { failOn: 'none', limitInputPixels: DECODE_PIXEL_CEILING } as const;

/** The photo decoded as its EXIF orientation says, then turned by `turn`. */
const oriented = (image: Buffer, turn: Turn): Img =>
  turn ? sharp(image, DECODE).autoOrient().rotate(turn) : sharp(image, DECODE).rotate();

/** A prepared page, and the same page mapped at another ink level. */
export interface PreparedPage {
  /** The page as an uncompressed PGM (pgmOf), what the readings get. */
  pgm: Buffer;
  /** The same page as raw grey pixels: the checks on the ink and the re-reads' crops work on these. */
  gray: Gray;
  /** The page mapped at another ink level (see PrepareOptions.black), as raw grey pixels. */
  withInk(black: number): Promise<Gray>;
  /** The scale of the photo it was prepared at (a re-preparation with other options uses the same). */
  scale: number;
}

/** A photo's pixels beyond this are not decoded for the first look (a JPEG shrinks while decoded, far faster). */
const FIRST_LOOK_PIXELS = 3e6;
/** No prepared page has more pixels than this (tesseract's layout pass grows with them; the header re-read doubles it). */
const MAX_PAGE_PIXELS = 6e6;
/** The page widths every pixel measure here was tuned on (dev pages: 660–1045 px). */
const WIDTH = { max: 1150, to: 900 };
/** Text lower than this (textHeight; dev: 14–30 px) loses strokes to the line model. */
const TEXT_HEIGHT = { min: 13, to: 17 };
/** No photo is enlarged more than this (a thumbnail's text is not there to be found). */
const MAX_UPSCALE = 3;

/** The photo prepared for OCR at the resolution tesseract reads best. */
export async function preparePage(image: Buffer, options: PrepareOptions = {}): Promise<PreparedPage> {
  if (options.scale !== undefined) return prepareAt(image, options);
  const { width = 0, height = 0 } = await sharp(image, DECODE).metadata();
  const pixels = width * height;
  const first = pixels > FIRST_LOOK_PIXELS ? Math.sqrt(FIRST_LOOK_PIXELS / pixels) : 1;
  const page = await prepareAt(image, { ...options, scale: first });
  const factor = rescaleFactor(page.gray.width, page.gray.height, textHeight(page.gray), first);
  return factor === 1 ? page : prepareAt(image, { ...options, scale: first * factor });
}

/** How much a first-look page should be scaled: small text to TEXT_HEIGHT.to, else a wide page to WIDTH.to. */
export function rescaleFactor(width: number, height: number, text: number | null, first = 1): number {
  let factor = 1;
  if (text !== null && text < TEXT_HEIGHT.min) factor = TEXT_HEIGHT.to / text;
  else if (width > WIDTH.max) factor = Math.max(WIDTH.to / width, text === null ? 0 : TEXT_HEIGHT.min / text);
  factor = Math.min(factor, MAX_UPSCALE / first, Math.sqrt(MAX_PAGE_PIXELS / (width * height)));
  return Math.abs(factor - 1) < 0.02 ? 1 : factor;
}

/** Blank rows between two runs of ink that still make one run: the gaps of dot-matrix print and faded strokes. */
const RUN_GAP = 2;

/** The typical height of the page's text in pixels. */
export function textHeight(g: Gray): number | null {
  const { data, width, height } = g;
  const strip = Math.max(24, Math.round(width / 12));
  const runs: number[] = [];
  for (let x0 = 0; x0 + strip / 2 < width; x0 += strip) {
    const x1 = Math.min(width, x0 + strip);
    let [start, last] = [-1, -1];
    for (let y = 0; y <= height; y++) {
      let ink = false;
      for (let i = y * width + x0, end = y * width + x1; y < height && !ink && i < end; i++)
        ink = (data[i] ?? 255) < 128;
      if (ink) {
        if (start < 0) start = y;
        last = y;
      } else if (start >= 0 && (y - last > RUN_GAP || y === height)) {
        if (last + 1 - start >= 4) runs.push(last + 1 - start);
        start = -1;
      }
    }
  }
  return runs.length ? median(runs) : null;
}

async function prepareAt(image: Buffer, options: PrepareOptions): Promise<PreparedPage> {
  const opts = { ...DEFAULTS, ...options };
  const base = oriented(image, opts.turn).grayscale();
  const meta = await base.metadata();
  // The input's own size: swapped by an EXIF orientation that turns it a quarter, and again by a quarter turn.
  const rot = (meta.orientation ?? 1) >= 5 !== (opts.turn === 90 || opts.turn === 270);
  const w0 = (rot ? meta.height : meta.width) ?? 0;
  const img = opts.scale === 1 ? base : base.resize({ width: Math.round(w0 * opts.scale) });
  const whole = await toGray(img);
  // Paper brightness on a 1/8 image: a grey max filter removes the strokes (sharp's dilate() is binary).
  const eighth = await toGray(rawSharp(whole).resize({ width: Math.max(16, Math.round(whole.width / 8)) }));
  const wholeSmall = rankFilter(eighth, PAPER_GROWTH, true);
  const box = paperBox(wholeSmall, await saturation(oriented(image, opts.turn), wholeSmall));
  const { gray: photographed, small, paper } = croppedToPaper(whole, wholeSmall, box);
  const gray = smearRatio(photographed) < SMEARED ? await unsmeared(photographed) : photographed;
  // sharp resizes before it blurs whatever the call order: the background is upscaled, then lightly blurred.
  const bg = await toGray(
    rawSharp(small).blur(2).resize({ width: gray.width, height: gray.height, fit: 'fill' }),
  );
  // The skew is measured once, at the default ink: a bolder page must lie as the boxes of the first reading say.
  let angle: number | null = null;
  const render = async (black: number): Promise<Gray> => {
    const flat = divide(gray, bg, box ? box.level : 0, paper, black);
    angle ??= skewAngle(flat);
    return Math.abs(angle) >= 0.3 ? toGray(rawSharp(flat).rotate(angle, { background: '#ffffff' })) : flat;
  };
  // Each ink level rendered once: the RFC rescue, the date's re-read and the RFC pass all ask for the bolder one.
  const inks = new Map<number, Promise<Gray>>();
  const withInk = (black: number): Promise<Gray> => {
    const rendered = inks.get(black) ?? render(black);
    inks.set(black, rendered);
    return rendered;
  };
  const page = await withInk(opts.black);
  return { pgm: pgmOf(page), gray: page, withInk, scale: opts.scale };
}

/** Print smeared along its lines (the hand moved as the photo was taken) measures below this; dev pages 0.72–2.5. */
const SMEARED = 0.75;

/** Edge energy along the lines over that across them: squared steps to the next pixel, noise left out. */
export function smearRatio({ data, width }: Gray): number {
  let [along, across] = [0, 0];
  for (let i = 0; i < data.length - width; i++) {
    const dx = (data[i + 1] as number) - (data[i] as number);
    const dy = (data[i + width] as number) - (data[i] as number);
    if ((i + 1) % width && Math.abs(dx) + Math.abs(dy) > 8)
      [along, across] = [along + dx * dx, across + dy * dy];
  }
  return along / Math.max(1, across);
}

const UNSMEAR = [...Array(10).fill(0), -0.6, -0.6, 3.4, -0.6, -0.6, ...Array(10).fill(0)];
/** A smear along the lines undone in part: each pixel less three times the mean of its row's five around it. */
export const unsmeared = (g: Gray): Promise<Gray> =>
  toGray(rawSharp(g).convolve({ width: 5, height: 5, kernel: UNSMEAR, scale: 1, offset: 0 }));

/** The page and its 1/8 background cut to the paper's box, with the paper's outline as spans of each row. */
function croppedToPaper(
  gray: Gray,
  small: Gray,
  box: PaperBox | null,
): { gray: Gray; small: Gray; paper: Spans | null } {
  if (!box) return { gray, small, paper: null };
  const [fx, fy] = [gray.width / small.width, gray.height / small.height];
  const [left, top] = [Math.floor(box.left * fx), Math.floor(box.top * fy)];
  const width = Math.min(gray.width - left, Math.ceil(box.width * fx));
  const cut = cropGray(gray, left, top, width, Math.min(gray.height - top, Math.ceil(box.height * fy)));
  // The paper's outline, back from the small image's grown (max-filtered) edges to its own.
  const outline = box.outline.map(([x, y]): Point => [(x + 0.5) * fx - left, (y + 0.5) * fy - top]);
  return {
    gray: cut,
    small: cropGray(small, box.left, box.top, box.width, box.height),
    paper: polygonSpans(outline, cut.width, cut.height, Math.round(PAPER_GROWTH * fx), fx),
  };
}

/** Pixels around the band whitened with it. */
const FRAME_EDGE = 3;

/** The page, and its renderings at other inks, with the table's dark band around the paper whitened. */
export function framelessPage(page: PreparedPage): PreparedPage | null {
  const frame = frameMask(page.gray);
  if (!frame) return null;
  const gray = whitened(page.gray, frame);
  const withInk = async (black: number): Promise<Gray> => whitened(await page.withInk(black), frame);
  return { ...page, pgm: pgmOf(gray), gray, withInk };
}

/** `g` with the pixels `m` marks white (a page at another ink has the page's size: the same crop and skew). */
const whitened = (g: Gray, m: Uint8Array): Gray => ({ ...g, data: g.data.map((v, i) => (m[i] ? 255 : v)) });

/** The pixels of the table's dark band around the paper and of its soft edge, or null when there is none. */
function frameMask(g: Gray): Uint8Array | null {
  const { data, width, height } = g;
  const [seen, mask] = [new Uint8Array(width * height), new Uint8Array(width * height)];
  const band = Math.round(Math.min(width, height) * 0.2);
  const dark = (i: number): boolean => (data[i] ?? 255) < 160;
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      if (x >= band && x < width - band && y >= band && y < height - band) continue;
      const i = y * width + x;
      if (seen[i] || !dark(i)) continue;
      const pixels = [i];
      const r = flood(width, height, [i], seen, (j) => dark(j) && pixels.push(j) > 0);
      const tall = r.y1 - r.y0 >= 0.5 * height;
      const ring = r.x1 - r.x0 >= 0.7 * width && r.y1 - r.y0 >= 0.7 * height;
      if (!tall && !ring) continue;
      // Its soft edge too (the photo's blur), or tesseract reads the faint outline left as `|` and `1`.
      for (const j of pixels) {
        const [px, py] = [j % width, Math.floor(j / width)];
        const [x0, x1] = [Math.max(0, px - FRAME_EDGE), Math.min(width, px + FRAME_EDGE + 1)];
        for (let yy = Math.max(0, py - FRAME_EDGE); yy <= Math.min(height - 1, py + FRAME_EDGE); yy++)
          mask.fill(1, yy * width + x0, yy * width + x1);
      }
    }
  }
  return mask.includes(1) ? mask : null;
}

/** A binary PGM (P5): writing it is a copy, and tesseract decodes it faster than a PNG (same pixels, same text). */
export const pgmOf = (g: Gray): Buffer =>
  Buffer.concat([Buffer.from(`P5\n${g.width} ${g.height}\n255\n`, 'ascii'), g.data]);

const rawSharp = ({ data, width, height }: Gray): Img =>
  sharp(data, { raw: { width, height, channels: 1 }, limitInputPixels: DECODE_PIXEL_CEILING });

async function toGray(img: Img, channel: 0 | 1 = 0): Promise<Gray> {
  const { data, info } = await img.extractChannel(channel).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** How far (in 1/8-image pixels) the max filter grows the paper beyond its edge. */
const PAPER_GROWTH = 3;

/** A square grey max (or min) filter of radius r (sharp's dilate() is binary): a row pass, then a column pass. */
const rankFilter = (g: Gray, r: number, max: boolean): Gray =>
  rankPass(rankPass(g, r, max, 1), r, max, g.width);

/** One pass of a rank filter along rows (`stride` 1) or columns (`stride` = width). */
function rankPass({ data: src, width, height }: Gray, r: number, max: boolean, stride: number): Gray {
  const out = Buffer.alloc(src.length);
  const [along, lines, step] = stride === 1 ? [width, height, width] : [height, width, 1];
  for (let line = 0; line < lines; line++) {
    const base = line * step;
    for (let pos = 0; pos < along; pos++) {
      const lo = Math.max(0, pos - r);
      const hi = Math.min(along - 1, pos + r);
      let m = src[base + lo * stride] as number;
      for (let k = lo + 1; k <= hi; k++) {
        const v = src[base + k * stride] as number;
        if (max ? v > m : v < m) m = v;
      }
      out[base + pos * stride] = m;
    }
  }
  return { data: out, width, height };
}

/** Colour saturation (HSV's S) on the given grid, min-filtered: a shadow darkens a colour without changing it. */
async function saturation(photo: Img, { width, height }: Gray): Promise<Gray> {
  const hsv = photo.resize({ width, height, fit: 'fill' }).removeAlpha().toColourspace('hsv');
  return rankFilter(await toGray(hsv, 1), PAPER_GROWTH, false);
}

/** Divides by the background so shadows and gradients become white paper and ink stays dark. */
function divide(g: Gray, bg: Gray, level: number, paper: Spans | null, black: number): Gray {
  const { data: src, width, height } = g;
  const out = Buffer.alloc(src.length);
  const ink = inkTable(black);
  const table = level * 0.65;
  const back = bg.data;
  for (let y = 0; y < height; y++) {
    const [from, to] = paper ? [paper.from[y] as number, paper.to[y] as number] : [0, 0];
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const i = row + x;
      const b = back[i] as number;
      out[i] = b < table && (x < from || x >= to) ? 255 : (ink[(b << 8) | (src[i] as number)] as number);
    }
  }
  return { data: out, width, height };
}

/** One table per ink level (two are in use: the default and the bolder re-read's), made once per process. */
const INK_TABLES = new Map<number, Uint8Array>();

/** The ink mapping of every (background, pixel) pair: the pixel over its background, `black` and darker black. */
function inkTable(black: number): Uint8Array {
  const cached = INK_TABLES.get(black);
  if (cached) return cached;
  const table = Uint8Array.from({ length: 256 * 256 }, (_, i) => {
    const [b, v] = [i >> 8, i & 255];
    const r = v / Math.max(16, b);
    return Math.max(0, Math.min(255, Math.round(((r - black) / (1 - black - 0.02)) * 255)));
  });
  INK_TABLES.set(black, table);
  return table;
}

/** The histogram of the values of `data` at the indices `keep` allows. */
function histogram(data: Uint8Array, keep: (i: number) => boolean = () => true): number[] {
  const hist = new Array<number>(256).fill(0);
  for (let i = 0; i < data.length; i++) if (keep(i)) hist[data[i] ?? 0] = (hist[data[i] ?? 0] ?? 0) + 1;
  return hist;
}

/** Otsu's threshold over a grey histogram: splits paper from table without a fixed level. */
function otsu(data: Uint8Array): number {
  const hist = histogram(data);
  const total = data.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * (hist[i] ?? 0);
  let [sumB, wB, best, level] = [0, 0, 0, 128];
  for (let t = 0; t < 256; t++) {
    wB += hist[t] ?? 0;
    if (wB === 0 || wB === total) continue;
    sumB += t * (hist[t] ?? 0);
    const mB = sumB / wB;
    const mF = (sum - sumB) / (total - wB);
    const between = wB * (total - wB) * (mB - mF) ** 2;
    if (between > best) [best, level] = [between, t];
  }
  return level;
}

type Rect = [number, number, number, number];
function union(a: Rect, b: Box): Rect {
  return [Math.min(a[0], b.x0), Math.min(a[1], b.y0), Math.max(a[2], b.x1), Math.max(a[3], b.y1)];
}

/** The largest bright region, with the pieces separator rows (`****`) cut from it merged; null when small. */
function brightCore(bg: Gray, bright: (i: number) => boolean): { starts: number[]; box: Rect } | null {
  const { data, width, height } = bg;
  const seen = new Uint8Array(data.length);
  const pieces: Array<ReturnType<typeof flood>> = [];
  // A coarse grid of starts is plenty for a bounding box.
  for (let y0 = 0; y0 < height; y0 += 2) {
    for (let x0 = 0; x0 < width; x0 += 2) {
      const start = y0 * width + x0;
      if (seen[start] || !bright(start)) continue;
      const piece = flood(width, height, [start], seen, bright);
      if (piece.count > data.length * 0.01) pieces.push(piece);
    }
  }
  pieces.sort((a, b) => b.count - a.count);
  const first = pieces[0];
  if (!first) return null;
  let box: Rect = [first.x0, first.y0, first.x1, first.y1];
  let count = first.count;
  const starts = [first.start];
  for (const b of pieces.slice(1)) {
    const [bx0, by0, bx1, by1] = box;
    const overlap = Math.min(bx1, b.x1) - Math.max(bx0, b.x0);
    const gap = Math.max(b.y0 - by1, by0 - b.y1);
    if (overlap > 0.6 * Math.min(bx1 - bx0, b.x1 - b.x0) && gap < height * 0.06) {
      box = union(box, b);
      count += b.count;
      starts.push(b.start);
    }
  }
  return count < data.length * 0.15 ? null : { starts, box };
}

/** Bounding box and outline of the paper; null when it fills the frame or is unclear. */
function paperBox(bg: Gray, sat: Gray): PaperBox | null {
  const { data, width, height } = bg;
  const level = otsu(data);
  const bright = (i: number): boolean => (data[i] ?? 0) > level;
  const core = brightCore(bg, bright);
  if (!core) return null;
  const mask = new Uint8Array(data.length);
  const paper = flood(width, height, core.starts, mask, paperLike(bg, sat, bright, level));
  // A shadow over part of the paper leaves only its lit part above Otsu's level.
  const grown = darkAround(bg, mask, level) ? union(core.box, paper) : core.box;
  const [x0, y0, x1, y1] = keepBrightSides(bg, grown, level);
  const pad = Math.round(width * 0.02);
  const [left, right] = [Math.max(0, x0 - pad), Math.min(width, x1 + 1 + pad)];
  const [top, bottom] = [Math.max(0, y0 - pad), Math.min(height, y1 + 1 + pad)];
  if ((right - left) * (bottom - top) > width * height * 0.92) return null;
  // The paper's outline: the hull of each row's first and last paper pixel.
  const edges: Point[] = [];
  for (let y = paper.y0; y <= paper.y1; y++) {
    const row = mask.subarray(y * width, (y + 1) * width);
    const a = row.indexOf(1);
    if (a >= 0) edges.push([a, y], [row.lastIndexOf(1), y]);
  }
  return { left, top, width: right - left, height: bottom - top, level, outline: convexHull(edges) };
}

/** Whether what lies outside the paper's flood (`mask`) is a dark table: its median below a third of `level`. */
function darkAround(bg: Gray, mask: Uint8Array, level: number): boolean {
  const hist = histogram(bg.data, (i) => !mask[i]);
  return hist.some((n) => n > 0) && histMedian(hist) < level / 3;
}

function histMedian(hist: number[]): number {
  const half = hist.reduce((a, b) => a + b, 0) / 2;
  let seen = 0;
  for (let v = 0; v < hist.length; v++) {
    seen += hist[v] ?? 0;
    if (seen >= half) return v;
  }
  return 0;
}

/** Shadows are rarely darker than this share of the lit paper. */
const DEEPEST_SHADOW = 0.3;
/** Without colour to go by, paper in shadow is told from the table by brightness alone, as before. */
const SHADOW_WITHOUT_COLOUR = 0.65;

/** What counts as paper when growing the bright core: its colour when the table is clearly more colourful, else brightness. */
function paperLike(
  bg: Gray,
  sat: Gray,
  bright: (i: number) => boolean,
  level: number,
): (i: number) => boolean {
  const { data } = bg;
  const p = histMedian(histogram(sat.data, bright));
  const t = histMedian(histogram(sat.data, (i) => !bright(i)));
  if (t - p < 40) return (i) => (data[i] ?? 0) >= level * SHADOW_WITHOUT_COLOUR;
  const cut = (p + t) / 2;
  return (i) => bright(i) || ((sat.data[i] ?? 255) < cut && (data[i] ?? 0) >= level * DEEPEST_SHADOW);
}

type Point = [number, number];
type PaperBox = { left: number; top: number; width: number; height: number; level: number; outline: Point[] };
type Spans = { from: Int32Array; to: Int32Array };

/** Andrew's monotone chain: the convex hull, counter-clockwise in image coordinates. */
function convexHull(points: Point[]): Point[] {
  const pts = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (pts.length < 3) return pts;
  const cross = (o: Point, a: Point, b: Point): number =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list: Point[]): Point[] => {
    const out: Point[] = [];
    for (const p of list) {
      while (out.length >= 2 && cross(out[out.length - 2] as Point, out[out.length - 1] as Point, p) <= 0)
        out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  return [...half(pts), ...half([...pts].reverse())];
}

/** Per row, the span [from, to) inside a convex polygon shrunk by `inset`, except on sides at the image's border. */
function polygonSpans(poly: Point[], width: number, height: number, inset: number, edge: number): Spans {
  const lo = new Float64Array(height).fill(Number.POSITIVE_INFINITY);
  const hi = new Float64Array(height).fill(Number.NEGATIVE_INFINITY);
  for (let i = 0; i < poly.length; i++) {
    const [ax, ay] = poly[i] as Point;
    const [bx, by] = poly[(i + 1) % poly.length] as Point;
    const yStart = Math.max(0, Math.ceil(Math.min(ay, by)));
    const yEnd = Math.min(height - 1, Math.floor(Math.max(ay, by)));
    for (let y = yStart; y <= yEnd; y++) {
      const x = ay === by ? Math.min(ax, bx) : ax + ((y - ay) * (bx - ax)) / (by - ay);
      const x2 = ay === by ? Math.max(ax, bx) : x;
      if (x < (lo[y] ?? 0)) lo[y] = x;
      if (x2 > (hi[y] ?? 0)) hi[y] = x2;
    }
  }
  const [from, to] = [new Int32Array(height), new Int32Array(height)];
  for (let y = 0; y < height; y++) {
    let l = Number.NEGATIVE_INFINITY;
    let r = Number.POSITIVE_INFINITY;
    // Rows past the image's top or bottom edge continue it (the photo cut the paper there).
    for (let k = Math.max(0, y - inset); k <= Math.min(height - 1, y + inset); k++) {
      l = Math.max(l, lo[k] ?? 0);
      r = Math.min(r, hi[k] ?? 0);
    }
    // A side at the image's edge is where the photo cut the paper, not the paper's edge: no inset there.
    from[y] = l <= edge ? 0 : Math.max(0, Math.ceil(l + inset));
    to[y] =
      r >= width - 1 - edge ? width : Math.min(width, Math.max(from[y] ?? 0, Math.floor(r - inset) + 1));
  }
  return { from, to };
}

/** The box grown back over paper the flood missed (gradients, separators, a title or stamp). */
function keepBrightSides(g: Gray, box: Rect, level: number): Rect {
  const { data, width, height } = g;
  // Whether the pixels from `i`, `n` of them `step` apart, are bright enough.
  const bright = (i: number, n: number, step: number): boolean => {
    let k = 0;
    for (let j = 0; j < n; j++) if ((data[i + j * step] ?? 0) > level * 0.85) k++;
    return k > n * 0.3;
  };
  let [x0, y0, x1, y1] = box;
  while (x0 > 0 && bright(y0 * width + x0 - 1, y1 - y0 + 1, width)) x0--;
  while (x1 < width - 1 && bright(y0 * width + x1 + 1, y1 - y0 + 1, width)) x1++;
  // The last row from `y` on, one `step` at a time, that `row` still takes for paper.
  const reach = (from: number, step: number, row: (y: number) => boolean): number => {
    let y = from;
    while (y + step >= 0 && y + step < height && row(y + step)) y += step;
    return y;
  };
  const brightRow = (y: number): boolean => bright(y * width + x0, x1 - x0 + 1, 1);
  [y0, y1] = [reach(y0, -1, brightRow), reach(y1, 1, brightRow)];
  // A light falling off towards one end leaves paper there too dim for the rule above: it goes on while it
  // stands brighter than the table beside it. Only a tenth of the paper or more: a row or two changes nothing.
  const paperRow = (y: number): boolean => brightRow(y) || litOverTable(g, x0, x1, y);
  const [top, bottom, least] = [reach(y0, -1, paperRow), reach(y1, 1, paperRow), (y1 - y0) / 10];
  return [x0, y0 - top >= least ? top : y0, x1, bottom - y1 >= least ? bottom : y1];
}

/** Paper in a light's fall-off stays this much brighter than the table beside it, however dark both get. */
const OVER_TABLE = { ratio: 1.15, levels: 10 };

/** Whether a row between the box's sides stands brighter than the table on either side of it (OVER_TABLE). */
function litOverTable({ data, width }: Gray, x0: number, x1: number, y: number): boolean {
  const mean = (from: number, to: number): number | null => {
    if (to - from < 3) return null;
    let sum = 0;
    for (let x = from; x < to; x++) sum += data[y * width + x] ?? 0;
    return sum / (to - from);
  };
  const inside = mean(x0, x1 + 1) ?? 0;
  const sides = [mean(0, x0 - 2), mean(x1 + 3, width)].filter((m): m is number => m !== null);
  const table = Math.max(...sides);
  return sides.length > 0 && inside >= table * OVER_TABLE.ratio && inside >= table + OVER_TABLE.levels;
}

/** Small-angle skew: the shear that makes the ink's row profile sharpest (text lines line up). */
function skewAngle(g: Gray): number {
  const { data, width, height } = g;
  // The middle of the paper only: crop borders and table edges are straight lines of their own.
  const y0 = Math.round(height * 0.06);
  const x0 = Math.round(width * 0.12);
  const cap = Math.max(0, (Math.ceil(height * 0.94 - y0) + 1) * (Math.ceil((width * 0.88 - x0) / 3) + 1));
  const [xs, ys] = [new Int32Array(cap), new Int32Array(cap)];
  let n = 0;
  for (let y = y0; y < height * 0.94; y++) {
    const row = y * width;
    for (let x = x0; x < width * 0.88; x += 3) {
      if ((data[row + x] as number) < 170) {
        xs[n] = x;
        ys[n] = y;
        n++;
      }
    }
  }
  if (n < 200) return 0;
  const rows = new Float64Array(Math.ceil((height + width) / 3) + 2);
  const shift = width * 0.12;
  const score = (a: number): number => {
    const t = Math.tan((a * Math.PI) / 180);
    rows.fill(0);
    for (let i = 0; i < n; i++) {
      const r = Math.round(((ys[i] as number) - (xs[i] as number) * t + shift) / 3);
      if (r >= 0 && r < rows.length) rows[r] = (rows[r] as number) + 1;
    }
    // Sharp edges between text lines and gaps, not mass: robust to blobs like barcodes.
    let s = 0;
    for (let r = 1; r < rows.length; r++) s += ((rows[r] as number) - (rows[r - 1] as number)) ** 2;
    return s;
  };
  // Coarse 1° search, then 0.25° around the best.
  let [best, bestScore] = [0, -1];
  const tryAngle = (a: number): void => {
    const sc = score(a);
    if (sc > bestScore) [best, bestScore] = [a, sc];
  };
  for (let a = -6; a <= 6; a += 1) tryAngle(a);
  const coarse = best;
  for (let a = coarse - 0.75; a <= coarse + 0.751; a += 0.25) tryAngle(a);
  return -best;
}

/** A box of a prepared image with `pad` pixels of margin (clipped to the image), scaled, to re-read it alone. */
export async function cropBox(g: Gray, box: Box, pad: number, scale = 1): Promise<Gray> {
  const [left, right] = [Math.max(0, Math.floor(box.x0 - pad)), Math.min(g.width, Math.ceil(box.x1 + pad))];
  const [top, bottom] = [Math.max(0, Math.floor(box.y0 - pad)), Math.min(g.height, Math.ceil(box.y1 + pad))];
  const cut = cropGray(g, left, top, Math.max(1, right - left), Math.max(1, bottom - top));
  return scale === 1 ? cut : toGray(rawSharp(cut).resize({ width: Math.round(cut.width * scale) }));
}

/** The top 40 % of a prepared page, by default at twice the size, for re-reading the header's fields. */
export function headerCrop(g: Gray, scale = 2): Promise<Gray> {
  return cropBox(g, { x0: 0, y0: 0, x1: g.width, y1: Math.max(1, Math.round(g.height * 0.4)) }, 0, scale);
}

/** A row holds ink when this share of its width more than the lightest rows' is dark. */
const INK_ROW = 0.01;
/** Light pixels (specks, noise) a bar's dark row may have in a row without breaking it. */
const BAR_GAP = 2;

/** The widest run of 0…n-1 where `on` holds, gaps of up to `gap` bridged: [first, after last]; [0, 0] for none. */
function widestStretch(n: number, on: (i: number) => boolean, gap = 0): [number, number] {
  let best: [number, number] = [0, 0];
  let [from, off] = [-1, 0];
  for (let i = 0; i < n; i++) {
    if (!on(i)) {
      if (from >= 0 && ++off > gap) from = -1;
      continue;
    }
    if (from < 0) from = i;
    off = 0;
    if (i + 1 - from > best[1] - best[0]) best = [from, i + 1];
  }
  return best;
}

/** Large print above the first line a reading found (a display title the single-block layout leaves out). */
export function unreadTitle(
  g: Gray,
  words: Array<{ text: string; bbox: Box; confidence: number }>,
): (Box & { inverse: boolean }) | null {
  // Words read with low confidence are no reading: a reversed title comes out as `E o] Mo 070`.
  const read = words.filter(isSureWord).map((w) => w.bbox);
  if (read.length < 5) return null;
  const body = median(read.map((b) => b.y1 - b.y0));
  const end = Math.floor(Math.min(...read.map((b) => b.y0)) - 0.2 * body);
  if (body <= 0 || end < 1.4 * body) return null;
  const kinds = printRuns(g, rowShares(g, read, body, end), body);
  const start = kinds[0]?.a;
  if (start === undefined) return null;
  const stop = Math.max(...kinds.map((r) => r.b));
  if (kinds[0]?.reversed) {
    // The bar's box: the widest stretch of columns dark over a tenth of its rows (the paper's edges stand apart).
    const [x0, x1] = widestStretch(g.width, (x) => darkRows(g, x, start, stop) > 0.1 * (stop - start));
    return x1 - x0 < g.width / 3 ? null : { x0, x1, y0: start, y1: stop, inverse: true };
  }
  const pad = Math.round(0.25 * body);
  return { x0: 0, x1: g.width, y0: Math.max(0, start - pad), y1: Math.min(end, stop + pad), inverse: false };
}

/** Per row above `end`, the share of the page's width that is dark, counting only columns that may hold print. */
function rowShares(g: Gray, read: Box[], body: number, end: number): number[] {
  const textLeft = Math.min(...read.map((b) => b.x0));
  const textRight = Math.max(...read.map((b) => b.x1));
  const columns = Array.from({ length: g.width }, (_, x) => x).filter(
    (x) =>
      x >= textLeft - body &&
      x < textRight + body &&
      ((x >= textLeft + body && x < textRight - body) || darkRows(g, x, 0, end) < 0.6 * end),
  );
  return Array.from({ length: end }, (_, y) => columns.filter((x) => isDark(g, x, y)).length / g.width);
}

/**
 * The runs of inked rows tall enough for a title and clear of the page's top edge; a run with solid rows is a
 * bar, kept only when its middle is lighter (print white on it).
 */
function printRuns(
  g: Gray,
  shares: number[],
  body: number,
): Array<{ a: number; b: number; reversed: boolean }> {
  const floor = [...shares].sort((x, y) => x - y)[Math.floor(shares.length / 4)] ?? 0;
  const runs: Array<[number, number]> = [];
  shares.forEach((share, y) => {
    if (share < floor + INK_ROW) return;
    const last = runs[runs.length - 1];
    if (last && y - last[1] <= body / 2) last[1] = y + 1;
    else runs.push([y, y + 1]);
  });
  const mean = (a: number, b: number): number =>
    shares.slice(a, b).reduce((t, v) => t + v, 0) / Math.max(1, b - a);
  // A bar's row is mostly dark in one stretch over half the page; a bold title's rows are dark letter by letter.
  const solidRow = (y: number): boolean => {
    if ((shares[y] ?? 0) <= 0.6) return false;
    const [x0, x1] = widestStretch(g.width, (x) => isDark(g, x, y), BAR_GAP);
    return x1 - x0 >= 0.5 * g.width;
  };
  return runs
    .filter(([a, b]) => a > body / 2 && b - a >= 1.4 * body)
    .map(([a, b]) => {
      const solidRows = Array.from({ length: b - a }, (_, i) => a + i).filter(solidRow);
      const solid = solidRows.map((y) => shares[y] ?? 0);
      const third = Math.floor((b - a) / 3);
      // A bar is solid above and below its print; a shadow's gradient only on one side.
      const solidIn = (from: number, to: number): boolean => solidRows.some((y) => y >= from && y < to);
      const reversed =
        solidIn(a, a + third) &&
        solidIn(b - third, b) &&
        mean(a + third, b - third) < Math.max(...solid) - 0.1;
      return { a, b, solid: solid.length > 0, reversed };
    })
    .filter((r) => !r.solid || r.reversed);
}

/** A box of a prepared page for a re-read; print white on a bar reversed, with a white margin (see ocr.ts). */
export async function grayCrop(g: Gray, box: Box & { inverse?: boolean }): Promise<Gray> {
  const cut = cropGray(g, box.x0, box.y0, Math.max(1, box.x1 - box.x0), Math.max(1, box.y1 - box.y0));
  if (!box.inverse) return cut;
  const margin = Math.round((box.y1 - box.y0) / 3);
  const white = { top: margin, bottom: margin, left: margin, right: margin, background: '#ffffff' };
  return toGray(rawSharp(await toGray(rawSharp(cut).negate())).extend(white));
}
