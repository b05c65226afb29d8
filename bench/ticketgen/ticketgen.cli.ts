/** npm run gen:tickets -- --seed N [--count 60] [--out DIR] */
import { generateTickets } from './ticketgen.js';

const argv = process.argv.slice(2);
const value = (f: string): string | undefined => {
  const i = argv.indexOf(f);
  return i >= 0 ? argv[i + 1] : undefined;
};
const seed = Number(value('--seed'));
const count = Number(value('--count') ?? 60);
const out = value('--out') ?? `bench/ticketgen/out/seed-${seed}`;
if (!Number.isInteger(seed) || seed < 0 || !Number.isInteger(count) || count < 1) {
  process.stderr.write(
    'usage: npm run gen:tickets -- --seed N [--count 60] [--out DIR]  (N, count: whole numbers)\n',
  );
  process.exit(2);
}
const t0 = performance.now();
const made = await generateTickets(seed, count, out);
process.stdout.write(
  `${made.length} tickets of seed ${seed} in ${out} (${((performance.now() - t0) / 1000).toFixed(1)} s)\n`,
);
