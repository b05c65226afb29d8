/**
 * How a ticket is photographed, drawn by difficulty: perspective, rotation and curl, uneven light, shadow,
 * faded and patchy thermal ink, creases, sensor noise, blur, and the JPEG generations of a phone and a messaging
 * app (applied in ticketgen.camera.ts).
 */
import type { Rng } from './ticketgen.rng.js';
import type { Difficulty } from './ticketgen.ticket.js';

export interface Degradation {
  rotationDeg: number;
  /** Corner jitter as a share of the paper's width. */
  perspective: number;
  /** Curl amplitude in pixels. */
  curl: number;
  margin: number;
  blur: number;
  motion: number;
  /** Light falling off across the frame (0 = even). */
  gradient: number;
  /** Darkness of a cast shadow (0 = none). */
  shadow: number;
  /** Global light (1 = good light). */
  light: number;
  cast: [number, number, number];
  /** Ink strength (1 = fresh black), patchiness and the share of missing dots. */
  ink: number;
  patchy: number;
  dropout: number;
  creases: number;
  noise: number;
  jpeg: number[];
  /** Scale of the messaging-app copy (1 = none). */
  resize: number;
  stamp: boolean;
  pen: boolean;
}

export function drawDegradation(rng: Rng, d: Difficulty): Degradation {
  const by = <T>(clean: T, mild: T, hard: T): T => (d === 'clean' ? clean : d === 'mild' ? mild : hard);
  const sign = rng.chance(0.5) ? 1 : -1;
  return {
    rotationDeg: sign * by(rng.float(0, 0.4), rng.float(0.3, 2), rng.float(1.5, 3)),
    perspective: by(0, rng.float(0.005, 0.02), rng.float(0.015, 0.04)),
    curl: by(0, rng.float(0, 4), rng.float(3, 10)),
    margin: by(rng.float(0.02, 0.06), rng.float(0.06, 0.14), rng.float(0.08, 0.18)),
    blur: by(rng.float(0, 0.4), rng.float(0.4, 0.9), rng.float(0.7, 1.4)),
    motion: by(0, 0, rng.chance(0.35) ? rng.pick([3, 5]) : 0),
    gradient: by(rng.float(0, 0.05), rng.float(0.08, 0.2), rng.float(0.2, 0.4)),
    shadow: by(0, rng.chance(0.35) ? rng.float(0.1, 0.25) : 0, rng.chance(0.6) ? rng.float(0.25, 0.45) : 0),
    light: by(1, rng.float(0.88, 1), rng.float(0.65, 0.85)),
    cast: by(
      [1, 1, 1],
      [1, rng.float(0.97, 1), rng.float(0.92, 1)],
      [rng.float(0.95, 1.05), rng.float(0.93, 1), rng.float(0.8, 0.95)],
    ),
    ink: by(rng.float(0.9, 1), rng.float(0.7, 0.92), rng.float(0.5, 0.75)),
    patchy: by(0, rng.float(0, 0.2), rng.float(0.2, 0.45)),
    dropout: by(0, rng.float(0, 0.03), rng.float(0.03, 0.12)),
    creases: by(0, rng.chance(0.25) ? 1 : 0, rng.int(0, 3)),
    noise: by(rng.float(1, 2), rng.float(3, 5), rng.float(6, 10)),
    jpeg: by([rng.int(88, 95)], [rng.int(85, 92), rng.int(70, 82)], [rng.int(80, 90), rng.int(35, 55)]),
    resize: by(1, 1, rng.float(0.75, 0.9)),
    stamp: by(false, rng.chance(0.15), rng.chance(0.35)),
    pen: by(false, rng.chance(0.2), rng.chance(0.5)),
  };
}

/** Smooth random field on [0,1]², values in [0,1): bilinear over a coarse grid. */
export function valueNoise(rng: Rng, gw: number, gh: number): (u: number, v: number) => number {
  const grid = Array.from({ length: (gw + 1) * (gh + 1) }, () => rng.next());
  return (u, v) => {
    const x = Math.min(Math.max(u, 0), 1) * gw;
    const y = Math.min(Math.max(v, 0), 1) * gh;
    const i = Math.min(Math.floor(x), gw - 1);
    const j = Math.min(Math.floor(y), gh - 1);
    const fx = x - i;
    const fy = y - j;
    const at = (a: number, b: number): number => grid[b * (gw + 1) + a] ?? 0;
    return (
      (at(i, j) * (1 - fx) + at(i + 1, j) * fx) * (1 - fy) +
      (at(i, j + 1) * (1 - fx) + at(i + 1, j + 1) * fx) * fy
    );
  };
}

/** The homography taking each of the four `from` points to its `to` point (8×8 system, Gaussian elimination). */
export function homography(from: number[][], to: number[][]): number[] {
  const a: number[][] = [];
  for (let k = 0; k < 4; k++) {
    const [x, y] = from[k] as [number, number];
    const [u, v] = to[k] as [number, number];
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u], [0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(a[r]?.[c] ?? 0) > Math.abs(a[p]?.[c] ?? 0)) p = r;
    [a[c], a[p]] = [a[p] as number[], a[c] as number[]];
    const row = a[c] as number[];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const other = a[r] as number[];
      const f = (other[c] ?? 0) / (row[c] ?? 1);
      for (let k = c; k < 9; k++) other[k] = (other[k] ?? 0) - f * (row[k] ?? 0);
    }
  }
  return [...a.map((r, i) => (r[8] ?? 0) / (r[i] ?? 1)), 1];
}
