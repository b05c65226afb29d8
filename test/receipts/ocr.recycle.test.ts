import { describe, expect, it } from 'vitest';
import { createTesseractEngine, type OcrOptions, type PoolWorker } from '../../src/receipts/ocr/ocr.js';

interface FakeWorker extends PoolWorker {
  id: number;
  /** What each reading was of, in order ('warm' for the warm-up page). */
  read: string[];
  terminated: boolean;
  /** While set, the worker's readings wait for it. */
  gate?: Promise<void>;
}

/** Workers whose start the test finishes (`started[n].resolve()`, or `.reject()`), each reading the image's text back. */
function fakeWorkers() {
  const started: Array<{ worker: FakeWorker; resolve: () => void; reject: () => void }> = [];
  const start = (): Promise<PoolWorker> =>
    new Promise((resolve, reject) => {
      const worker: FakeWorker = {
        id: started.length + 1,
        read: [],
        terminated: false,
        async recognize(image: Buffer, _o: OcrOptions) {
          if (worker.terminated) throw new Error('terminated worker asked to read');
          worker.read.push(image.toString());
          await worker.gate;
          return { text: `${image.toString()} by ${worker.id}`, confidence: 90 };
        },
        async terminate() {
          worker.terminated = true;
        },
      };
      started.push({ worker, resolve: () => resolve(worker), reject: () => reject(new Error('no start')) });
    });
  return { started, start };
}

const settle = (): Promise<void> => new Promise((r) => setTimeout(r, 0));
const warmUp = (recognize: PoolWorker['recognize']): Promise<unknown> =>
  recognize(Buffer.from('warm'), { words: true });

/**
 * A pool of one fake worker that has read its first job (`a`, its text given back as `first`); with `recycleAfter`
 * 1 its replacement is starting.
 */
async function servedOnce(recycleAfter: number, warm: typeof warmUp | undefined) {
  const f = fakeWorkers();
  const engine = createTesseractEngine({ workers: 1, recycleAfter, start: f.start, warmUp: warm });
  const reading = engine.recognize(Buffer.from('a'));
  f.started[0]?.resolve();
  return { f, engine, first: (await reading).text };
}

describe('worker recycling', () => {
  it('starts and warms the replacement while the old worker serves on, then ends the old one', async () => {
    const { f, engine, first } = await servedOnce(2, warmUp);
    const job = (s: string) => engine.recognize(Buffer.from(s)).then((r) => r.text);
    expect(first).toBe('a by 1');
    expect(await job('b')).toBe('b by 1');
    // Two jobs: the replacement is starting; the next ticket does not wait for it.
    expect(engine.stats).toEqual({ started: 2, recycled: 1 });
    expect(await job('c')).toBe('c by 1');
    const [old, fresh] = f.started.map((s) => s.worker);
    expect(old?.terminated).toBe(false);
    f.started[1]?.resolve();
    await settle();
    // Warmed before any ticket, and put in as soon as it is: the old worker ended.
    expect(fresh?.read).toEqual(['warm']);
    expect(old?.terminated).toBe(true);
    expect(await job('d')).toBe('d by 2');
    expect(old?.read).toEqual(['a', 'b', 'c']);
    expect(engine.stats).toEqual({ started: 2, recycled: 1 });
    await engine.close();
    expect(fresh?.terminated).toBe(true);
  });

  it('puts a replacement that is ready during a job in only when the job ends', async () => {
    const { f, engine } = await servedOnce(1, warmUp);
    const [old] = f.started.map((s) => s.worker) as [FakeWorker];
    let letGo = (): void => undefined;
    old.gate = new Promise((r) => {
      letGo = r;
    });
    const busy = engine.recognize(Buffer.from('b'));
    f.started[1]?.resolve();
    await settle();
    // Warm, but job b still runs on the old worker: it is not ended under it.
    expect(f.started[1]?.worker.read).toEqual(['warm']);
    expect(old.terminated).toBe(false);
    letGo();
    expect((await busy).text).toBe('b by 1');
    expect(old.terminated).toBe(true);
    expect((await engine.recognize(Buffer.from('c'))).text).toBe('c by 2');
    // Job c's end started the next replacement; the pool's close waits for its start to end it.
    f.started.at(-1)?.resolve();
    await engine.close();
  });

  it('keeps serving on the old worker when the replacement fails to start, and tries again', async () => {
    const { f, engine } = await servedOnce(1, undefined);
    f.started[1]?.reject();
    await settle();
    expect((await engine.recognize(Buffer.from('b'))).text).toBe('b by 1');
    // That job's end started another replacement, which does start.
    expect(f.started).toHaveLength(3);
    f.started[2]?.resolve();
    await settle();
    expect((await engine.recognize(Buffer.from('c'))).text).toBe('c by 3');
    expect(f.started[0]?.worker.terminated).toBe(true);
    f.started.at(-1)?.resolve();
    await engine.close();
  });

  it('ends a replacement still starting when the pool closes', async () => {
    const { f, engine } = await servedOnce(1, warmUp);
    const closing = engine.close();
    f.started[1]?.resolve();
    await closing;
    expect(f.started.map((s) => s.worker.terminated)).toEqual([true, true]);
    // Closed before it was warm: it never read.
    expect(f.started[1]?.worker.read).toEqual([]);
    await expect(engine.recognize(Buffer.from('b'))).rejects.toThrow(/closed/);
  });
});
