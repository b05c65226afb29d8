/**
 * Photographed Mexican store tickets with exact ground truth, deterministic by seed: ticket k of seed s is the
 * same whatever the count, so a draw can be grown and any ticket reproduced.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { layoutOf } from './ticketgen.body.js';
import { photograph } from './ticketgen.camera.js';
import { marksSvg } from './ticketgen.marks.js';
import { drawDegradation } from './ticketgen.photo.js';
import { renderPaper } from './ticketgen.render.js';
import { createRng, mixSeed } from './ticketgen.rng.js';
import { type Difficulty, drawTicket, truthOf } from './ticketgen.ticket.js';

/** Newest date any draw may carry; a seed moves it back by up to 89 days, and its tickets span the year before. */
const LATEST = Date.UTC(2026, 10, 20);

export const referenceDate = (seed: number): Date => new Date(LATEST - (seed % 90) * 86_400_000);

/** Difficulty of ticket k: 30 % clean, 40 % mild, 30 % hard, interleaved so any prefix of a draw has all three. */
export function difficultyOf(k: number): Difficulty {
  return (
    (['mild', 'clean', 'hard', 'mild', 'hard', 'clean', 'mild', 'clean', 'hard', 'mild'] as const)[k % 10] ??
    'mild'
  );
}

export interface Generated {
  name: string;
  truth: Record<string, unknown>;
}

/** The ticket's facts and layout without the photo (fast: what the unit tests check). */
export function ticketFacts(seed: number, k: number) {
  const rng = createRng(mixSeed(seed, k));
  const difficulty = difficultyOf(k);
  const ticket = drawTicket(rng, difficulty, referenceDate(seed));
  const layout = layoutOf(rng, ticket);
  const name = `gen-${seed}-${String(k + 1).padStart(3, '0')}-${difficulty}`;
  return { rng, ticket, layout, name, truth: truthOf(ticket, name, layout.printed) };
}

export async function generateTicket(seed: number, k: number): Promise<Generated & { jpeg: Buffer }> {
  const { rng, ticket, layout, name, truth } = ticketFacts(seed, k);
  const degradation = drawDegradation(rng, ticket.difficulty);
  const paper = await renderPaper(rng, layout, marksSvg(rng, degradation.stamp, degradation.pen));
  const jpeg = await photograph(rng, paper, degradation);
  return { name, truth, jpeg };
}

/** Writes NAME.jpg + NAME.json for tickets 0..count-1 of `seed` into `out`. */
export async function generateTickets(seed: number, count: number, out: string): Promise<Generated[]> {
  mkdirSync(out, { recursive: true });
  const done: Generated[] = [];
  for (let k = 0; k < count; k++) {
    const { name, truth, jpeg } = await generateTicket(seed, k);
    writeFileSync(join(out, `${name}.jpg`), jpeg);
    writeFileSync(join(out, `${name}.json`), `${JSON.stringify(truth, null, 2)}\n`);
    done.push({ name, truth });
  }
  return done;
}
