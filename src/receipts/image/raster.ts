/** Single-channel images as the receipt code handles them in memory, and the region fill and ink tests they share. */
import type { Box } from '../ocr/ocr.js';

/** An 8-bit grey image, row by row. */
export interface Gray {
  data: Uint8Array;
  width: number;
  height: number;
}

/** A filled region: where it started, its bounds and its size in pixels. */
export interface Region extends Box {
  start: number;
  count: number;
}

/** The 4-connected region of a `width`×`height` grid grown from `starts` over the pixels `accept` allows. */
export function flood(
  width: number,
  height: number,
  starts: number[],
  seen: Uint8Array,
  accept: (i: number) => boolean,
): Region {
  const stack = starts.filter((s) => !seen[s]);
  for (const s of stack) seen[s] = 1;
  const region = { start: starts[0] ?? 0, x0: width, y0: height, x1: 0, y1: 0, count: 0 };
  while (stack.length) {
    const i = stack.pop() ?? 0;
    const x = i % width;
    const y = (i - x) / width;
    region.count++;
    if (x < region.x0) region.x0 = x;
    if (x > region.x1) region.x1 = x;
    if (y < region.y0) region.y0 = y;
    if (y > region.y1) region.y1 = y;
    for (const n of [
      x > 0 ? i - 1 : -1,
      x < width - 1 ? i + 1 : -1,
      y > 0 ? i - width : -1,
      y < height - 1 ? i + width : -1,
    ]) {
      if (n >= 0 && !seen[n] && accept(n)) {
        seen[n] = 1;
        stack.push(n);
      }
    }
  }
  return region;
}

/** The `width`×`height` rectangle of `g` at (`left`, `top`), copied row by row (what sharp's extract gives). */
export function cropGray(g: Gray, left: number, top: number, width: number, height: number): Gray {
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const from = (top + y) * g.width + left;
    data.set(g.data.subarray(from, from + width), y * width);
  }
  return { data, width, height };
}

/** The middle value of `xs` (the upper one of an even count), 0 for none. */
export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** Whether the pixel at (`x`, `y`) is ink: darker than mid-grey. */
export const isDark = (g: Gray, x: number, y: number): boolean => (g.data[y * g.width + x] ?? 255) < 128;
/** How many of rows y0..y1 of column x are dark. */
export const darkRows = (g: Gray, x: number, y0: number, y1: number): number => {
  let n = 0;
  for (let y = y0; y < y1; y++) if (isDark(g, x, y)) n++;
  return n;
};
