import sharp from 'sharp';

type Img = ReturnType<typeof sharp>;

export interface PrepareOptions {
  /** Flatten uneven light by dividing by an estimate of the paper's brightness. */
  flatten?: boolean;
  /** Crop to the bright paper area when the photo shows the table around it. */
  crop?: boolean;
  /** Output scale factor (1 = as photographed). */
  scale?: number;
}

interface Gray {
  data: Buffer;
  width: number;
  height: number;
}

const DEFAULTS: Required<PrepareOptions> = { flatten: true, crop: false, scale: 1 };

/** Turns a phone photo into a flat, high-contrast grayscale PNG for OCR. */
export async function prepareImage(image: Buffer, options: PrepareOptions = {}): Promise<Buffer> {
  const opts = { ...DEFAULTS, ...options };
  let gray = await toGray(sharp(image, { failOn: 'none' }).rotate().grayscale());
  if (opts.scale !== 1) {
    gray = await toGray(rawSharp(gray).resize({ width: Math.round(gray.width * opts.scale) }));
  }
  const bg = await background(gray);
  if (opts.crop) {
    const box = paperBox(bg);
    if (box) {
      gray = await toGray(rawSharp(gray).extract(box));
      bg.data = (await toGray(rawSharp(bg).extract(box))).data;
      bg.width = box.width;
      bg.height = box.height;
    }
  }
  const out = opts.flatten ? divide(gray, bg) : gray;
  return rawSharp(out).normalise().png({ compressionLevel: 1 }).toBuffer();
}

function rawSharp(g: Gray): Img {
  return sharp(g.data, { raw: { width: g.width, height: g.height, channels: 1 } });
}

async function toGray(img: Img): Promise<Gray> {
  const { data, info } = await img.extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Paper brightness: a max filter removes the dark strokes, a blur smooths what is left. */
async function background(g: Gray): Promise<Gray> {
  const small = await toGray(rawSharp(g).resize({ width: Math.max(16, Math.round(g.width / 8)) }));
  const img = rawSharp(maxFilter(small, 2)).blur(2).resize({ width: g.width, height: g.height });
  return toGray(img);
}

/** Grey-level dilation (sharp's dilate() is binary). Runs on the 1/8 image, so it is cheap. */
function maxFilter(g: Gray, r: number): Gray {
  const { data, width, height } = g;
  const out = Buffer.alloc(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let m = 0;
      for (let dy = Math.max(0, y - r); dy <= Math.min(height - 1, y + r); dy++) {
        for (let dx = Math.max(0, x - r); dx <= Math.min(width - 1, x + r); dx++) {
          const v = data[dy * width + dx] ?? 0;
          if (v > m) m = v;
        }
      }
      out[y * width + x] = m;
    }
  }
  return { data: out, width, height };
}

/** Divides by the background so shadows and gradients become white paper, ink stays dark. */
function divide(g: Gray, bg: Gray): Gray {
  const out = Buffer.alloc(g.data.length);
  for (let i = 0; i < g.data.length; i++) {
    const v = (g.data[i] ?? 0) / Math.max(16, bg.data[i] ?? 255);
    out[i] = Math.max(0, Math.min(255, Math.round((v - 0.25) * 340)));
  }
  return { data: out, width: g.width, height: g.height };
}

/** Bounding box of rows/columns that are mostly bright paper; null when the paper fills the frame. */
function paperBox(bg: Gray): { left: number; top: number; width: number; height: number } | null {
  const { data, width, height } = bg;
  let max = 0;
  for (const v of data) if (v > max) max = v;
  const cut = max * 0.72;
  const bright = (x: number, y: number): boolean => (data[y * width + x] ?? 0) >= cut;
  const rowOk = (y: number): boolean => countRun(width, (x) => bright(x, y)) > width * 0.3;
  const colOk = (x: number): boolean => countRun(height, (y) => bright(x, y)) > height * 0.3;
  const [top, bottom] = span(height, rowOk);
  const [left, right] = span(width, colOk);
  if (bottom - top < height * 0.3 || right - left < width * 0.3) return null;
  const pad = Math.round(width * 0.01);
  const box = {
    left: Math.max(0, left - pad),
    top: Math.max(0, top - pad),
    width: Math.min(width, right + pad) - Math.max(0, left - pad),
    height: Math.min(height, bottom + pad) - Math.max(0, top - pad),
  };
  if (box.width > width * 0.97 && box.height > height * 0.97) return null;
  return box;
}

function countRun(n: number, ok: (i: number) => boolean): number {
  let c = 0;
  for (let i = 0; i < n; i += 2) if (ok(i)) c += 2;
  return c;
}

function span(n: number, ok: (i: number) => boolean): [number, number] {
  let a = 0;
  while (a < n && !ok(a)) a++;
  let b = n - 1;
  while (b > a && !ok(b)) b--;
  return [a, b + 1];
}
