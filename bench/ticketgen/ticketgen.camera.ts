/** Puts the paper in a frame as a phone sees it, then the lens, sensor and encoder (see ticketgen.photo.ts). */
import sharp from 'sharp';
import { type Degradation, homography, valueNoise } from './ticketgen.photo.js';
import type { Paper } from './ticketgen.render.js';
import type { Rng } from './ticketgen.rng.js';

const BACKGROUNDS: Array<[number, number, number]> = [
  [120, 86, 60],
  [150, 150, 145],
  [160, 40, 38],
  [60, 90, 60],
  [40, 55, 95],
  [215, 210, 200],
  [90, 70, 50],
  [30, 30, 32],
];

interface Frame {
  width: number;
  height: number;
  /** Output pixel → paper pixel. */
  toPaper: number[];
}

function frameOf(rng: Rng, p: Paper, d: Degradation): Frame {
  const mx = Math.round(p.width * d.margin);
  const my = Math.round(p.height * d.margin * 0.5 + p.width * d.margin * 0.5);
  const width = p.width + 2 * mx;
  const height = p.height + 2 * my;
  const [cx, cy] = [width / 2, height / 2];
  const th = (d.rotationDeg * Math.PI) / 180;
  const jitter = (): number => rng.normal() * d.perspective * p.width;
  const corners = [
    [0, 0],
    [p.width, 0],
    [p.width, p.height],
    [0, p.height],
  ].map(([x = 0, y = 0]) => {
    const [dx, dy] = [x + mx - cx, y + my - cy];
    return [
      cx + dx * Math.cos(th) - dy * Math.sin(th) + jitter(),
      cy + dx * Math.sin(th) + dy * Math.cos(th) + jitter(),
    ];
  });
  const paper = [
    [0, 0],
    [p.width, 0],
    [p.width, p.height],
    [0, p.height],
  ];
  return { width, height, toPaper: homography(corners, paper) };
}

/** Light at each output pixel: global level, a gradient across the frame, a soft-edged shadow. */
function lightField(rng: Rng, f: Frame, d: Degradation): (x: number, y: number) => number {
  const ang = rng.float(0, 2 * Math.PI);
  const [gx, gy] = [Math.cos(ang), Math.sin(ang)];
  const diag = Math.hypot(f.width, f.height);
  const sAng = rng.float(0, 2 * Math.PI);
  const [sx, sy] = [Math.cos(sAng), Math.sin(sAng)];
  const sOff = rng.float(-0.2, 0.3) * diag;
  const soft = rng.float(0.02, 0.08) * diag;
  const [cx, cy] = [f.width / 2, f.height / 2];
  return (x, y) => {
    const along = ((x - cx) * gx + (y - cy) * gy) / diag;
    const s = d.shadow / (1 + Math.exp(-((x - cx) * sx + (y - cy) * sy - sOff) / soft));
    return d.light * (1 - d.gradient * (0.5 + along)) * (1 - s);
  };
}

/** Paper and ink at one paper pixel (bilinear), 0 = paper, 1 = full ink. */
function inkAt(p: Paper, u: number, v: number): number {
  const i = Math.floor(u);
  const j = Math.floor(v);
  const fx = u - i;
  const fy = v - j;
  const g = (a: number, b: number): number =>
    a < 0 || b < 0 || a >= p.width || b >= p.height ? 255 : (p.gray[b * p.width + a] ?? 255);
  const val =
    (g(i, j) * (1 - fx) + g(i + 1, j) * fx) * (1 - fy) + (g(i, j + 1) * (1 - fx) + g(i + 1, j + 1) * fx) * fy;
  return 1 - val / 255;
}

interface Surface {
  fade: (u: number, v: number) => number;
  crease: (u: number, v: number) => number;
  curl: (u: number) => number;
  bg: [number, number, number];
  bgTex: (u: number, v: number) => number;
  paper: [number, number, number];
}

function surfaceOf(rng: Rng, p: Paper, d: Degradation): Surface {
  const patch = valueNoise(rng, 6, 24);
  const creases = Array.from({ length: d.creases }, () => ({
    v: rng.float(0.1, 0.9) * p.height,
    slope: rng.float(-0.05, 0.05),
  }));
  const phase = rng.float(0, Math.PI);
  const warm = rng.float(-6, 4);
  return {
    fade: (u, v) => d.ink * (1 - d.patchy * patch(u / p.width, v / p.height)),
    crease: (u, v) => {
      let k = 1;
      for (const c of creases) {
        const dist = v - (c.v + c.slope * u);
        if (Math.abs(dist) < 1.5) k *= 0.88;
        else if (dist > 0 && dist < 12) k *= 1.04;
      }
      return k;
    },
    curl: (u) => d.curl * Math.sin((Math.PI * u) / p.width + phase),
    bg: rng.pick(BACKGROUNDS),
    bgTex: valueNoise(rng, 12, 12),
    paper: [248 + warm / 2, 246 + warm / 3, 240 - warm],
  };
}

const INK: [number, number, number] = [28, 28, 38];

/** One output pixel's colour before light and noise. */
function pixel(p: Paper, s: Surface, d: Degradation, rng: Rng, u: number, v: number, out: number[]): void {
  if (u < 0 || v < 0 || u >= p.width - 1 || v >= p.height - 1) {
    const t = 0.9 + 0.2 * s.bgTex(u / p.width, v / p.height);
    for (let c = 0; c < 3; c++) out[c] = (s.bg[c] ?? 0) * t;
    return;
  }
  let ink = inkAt(p, u, v) * s.fade(u, v);
  if (ink > 0.2 && d.dropout > 0 && rng.next() < d.dropout) ink *= 0.15;
  const crease = s.crease(u, v);
  const mi = (Math.round(v) * p.width + Math.round(u)) * 4;
  const alpha = (p.marks[mi + 3] ?? 0) / 255;
  for (let c = 0; c < 3; c++) {
    const base = ((s.paper[c] ?? 255) * (1 - ink) + (INK[c] ?? 0) * ink) * crease;
    out[c] = base * (1 - alpha) + Math.min(base, p.marks[mi + c] ?? 0) * alpha;
  }
}

export async function photograph(rng: Rng, p: Paper, d: Degradation): Promise<Buffer> {
  const f = frameOf(rng, p, d);
  const light = lightField(rng, f, d);
  const s = surfaceOf(rng, p, d);
  // Clamped: light and noise push values past 0..255.
  const out = new Uint8ClampedArray(f.width * f.height * 3);
  const h = f.toPaper;
  const px = [0, 0, 0];
  for (let y = 0; y < f.height; y++) {
    for (let x = 0; x < f.width; x++) {
      const w = (h[6] ?? 0) * x + (h[7] ?? 0) * y + 1;
      const u = ((h[0] ?? 0) * x + (h[1] ?? 0) * y + (h[2] ?? 0)) / w;
      const v = ((h[3] ?? 0) * x + (h[4] ?? 0) * y + (h[5] ?? 0)) / w + s.curl(u);
      pixel(p, s, d, rng, u, v, px);
      const l = light(x, y);
      const o = (y * f.width + x) * 3;
      // Sensor noise mostly in luminance, a little per channel.
      const luma = rng.normal() * d.noise;
      for (let c = 0; c < 3; c++)
        out[o + c] = (px[c] ?? 0) * l * (d.cast[c] ?? 1) + luma + (rng.next() - 0.5) * d.noise;
    }
  }
  return encode(f, Buffer.from(out.buffer), d);
}

async function encode(f: Frame, raw: Buffer, d: Degradation): Promise<Buffer> {
  let img = sharp(raw, { raw: { width: f.width, height: f.height, channels: 3 } });
  if (d.blur >= 0.3) img = img.blur(d.blur);
  if (d.motion > 0) {
    // A horizontal streak: sharp wants a square odd kernel, so only its middle row is non-zero.
    const k = d.motion;
    const kernel = Array.from({ length: k * k }, (_, i) => (Math.floor(i / k) === (k - 1) / 2 ? 1 : 0));
    img = img.convolve({ width: k, height: k, kernel });
  }
  let buf = await img.jpeg({ quality: d.jpeg[0] ?? 90 }).toBuffer();
  for (const q of d.jpeg.slice(1)) {
    const last = q === d.jpeg[d.jpeg.length - 1] && d.resize !== 1;
    const next = sharp(buf);
    buf = await (last ? next.resize({ width: Math.round(f.width * d.resize) }) : next)
      .jpeg({ quality: q })
      .toBuffer();
  }
  return buf;
}
