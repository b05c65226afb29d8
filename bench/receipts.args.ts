import { existsSync, readdirSync } from 'node:fs';

/**
 * The command line the receipt benches share: `[DIR] [--flag] [--option VALUE]…`. DIR defaults to
 * ../shared/receipts/dev when present, else fixtures/receipts; `valued` names the options that take a value (so a
 * value is never taken for DIR).
 */
export function benchArgs(argv: string[], valued: string[]) {
  const value = (f: string): string | undefined => {
    const i = argv.indexOf(f);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const values = new Set(valued.map((f) => argv.indexOf(f) + 1).filter((i) => i > 0));
  const dir =
    argv.find((a, i) => !a.startsWith('--') && !values.has(i)) ??
    (existsSync('../shared/receipts/dev') ? '../shared/receipts/dev' : 'fixtures/receipts');
  /** The photos of DIR, by name. */
  const files = readdirSync(dir)
    .filter((f) => /\.(jpe?g|png)$/i.test(f))
    .sort();
  return { dir, files, value, flag: (f: string): boolean => argv.includes(f) };
}
