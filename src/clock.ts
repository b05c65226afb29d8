/** Time source passed in explicitly so tests can freeze or advance it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const nowIso = (clock: Clock): string => clock.now().toISOString();

/** A clock tests can move by hand. */
export function fixedClock(start = '2026-11-21T18:00:00.000Z'): Clock & { advance(ms: number): void } {
  let t = new Date(start).getTime();
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
  };
}
