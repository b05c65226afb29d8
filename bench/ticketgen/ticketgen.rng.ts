/**
 * A small seeded generator (mulberry32 over a 32-bit state): the same seed gives the same tickets on every
 * machine and Node version, which Math.random cannot promise.
 */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** Uniform in [min, max). */
  float(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(xs: readonly T[]): T;
  /** `pairs`: [value, weight]. */
  weighted<T>(pairs: ReadonlyArray<readonly [T, number]>): T;
  shuffle<T>(xs: readonly T[]): T[];
  /** Approximately normal (sum of three uniforms), mean 0, standard deviation 1. */
  normal(): number;
}

/** Mixes a seed and a stream number into a 32-bit state, so ticket k of seed s does not depend on the count. */
export function mixSeed(seed: number, stream: number): number {
  let h = (Math.imul(seed >>> 0, 0x9e3779b1) ^ Math.imul(stream + 0x7f4a7c15, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x21f0aaad) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x735a2d97) >>> 0;
  return (h ^ (h >>> 15)) >>> 0;
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  return {
    next,
    int,
    float: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick,
    weighted<T>(pairs: ReadonlyArray<readonly [T, number]>): T {
      const total = pairs.reduce((a, [, w]) => a + w, 0);
      let r = next() * total;
      for (const [v, w] of pairs) {
        r -= w;
        if (r < 0) return v;
      }
      return (pairs[pairs.length - 1] as readonly [T, number])[0];
    },
    shuffle<T>(xs: readonly T[]): T[] {
      const out = [...xs];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j] as T, out[i] as T];
      }
      return out;
    },
    normal: () => (next() + next() + next() - 1.5) * 2,
  };
}
