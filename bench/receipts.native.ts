/**
 * The native tesseract CLI over the same photos with the same model file tesseract.js runs (spa best_int), one
 * thread per process (Debian's build uses OpenMP, whose threads spin against each other on 2 cores): the speed
 * reference for the reader.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';

const require = createRequire(import.meta.url);

/** The CLI's version line, or null when it is not installed (bench/ticketgen/setup.sh installs it). */
export function nativeVersion(): string | null {
  try {
    return execFileSync('tesseract', ['--version'], { encoding: 'utf8' }).split('\n')[0] ?? null;
  } catch {
    return null;
  }
}

/** A tessdata folder holding the model tesseract.js loads, unpacked; remove it with `done`. */
export function sameModel(): { dir: string; done: () => void } {
  const pkg = require.resolve('@tesseract.js-data/spa/package.json');
  const dir = mkdtempSync(join(tmpdir(), 'tessdata-'));
  writeFileSync(
    join(dir, 'spa.traineddata'),
    gunzipSync(readFileSync(join(dirname(pkg), '4.0.0_best_int', 'spa.traineddata.gz'))),
  );
  return { dir, done: () => rmSync(dir, { recursive: true, force: true }) };
}

const args = (file: string, tessdata: string): string[] => [
  file,
  'stdout',
  '--tessdata-dir',
  tessdata,
  '-l',
  'spa',
  '--psm',
  '6',
];
const env = { ...process.env, OMP_THREAD_LIMIT: '1' };

/** Milliseconds per photo, one process at a time. */
export function nativeSingle(files: string[], tessdata: string): number[] {
  return files.map((f) => {
    const t0 = performance.now();
    execFileSync('tesseract', args(f, tessdata), { stdio: ['ignore', 'ignore', 'ignore'], env });
    return performance.now() - t0;
  });
}

/** Wall milliseconds per photo with `parallel` processes at a time over all the photos. */
export async function nativeParallel(files: string[], tessdata: string, parallel: number): Promise<number> {
  const queue = [...files];
  const t0 = performance.now();
  const lane = async (): Promise<void> => {
    for (let f = queue.shift(); f !== undefined; f = queue.shift()) {
      const file = f;
      await new Promise<void>((resolve, reject) =>
        execFile('tesseract', args(file, tessdata), { env, maxBuffer: 16 * 2 ** 20 }, (e) =>
          e ? reject(e) : resolve(),
        ),
      );
    }
  };
  await Promise.all(Array.from({ length: parallel }, lane));
  return (performance.now() - t0) / files.length;
}
