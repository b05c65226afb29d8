import type { Clock } from '../../clock.js';

export type ChatTraffic = 'message' | 'photo';

/**
 * 'ok': go on. 'warn': over the limit, the first time in this window (say so once). 'drop': over the limit and
 * already told: ignore quietly, so a flood does not turn into a flood of replies.
 */
export type ChatVerdict = 'ok' | 'warn' | 'drop';

export interface ChatLimiter {
  /** Counts `n` items of `kind` against every key (the chat, the profile); all must have room. */
  take(kind: ChatTraffic, keys: string[], n: number): ChatVerdict;
}

interface Window {
  start: number;
  count: number;
  warned: boolean;
}

const WINDOW_MS = 60_000;
const MAX_KEYS = 50_000;

/** Fixed one-minute windows in memory, like the API's per-key limit: enough for one process. */
export function createChatLimiter(opts: {
  clock: Clock;
  messagesPerMinute: number;
  photosPerMinute: number;
}): ChatLimiter {
  const windows = new Map<string, Window>();
  const windowOf = (key: string, now: number): Window => {
    let w = windows.get(key);
    if (!w || now - w.start >= WINDOW_MS) {
      if (windows.size > MAX_KEYS) windows.clear();
      w = { start: now, count: 0, warned: false };
      windows.set(key, w);
    }
    return w;
  };
  return {
    take(kind, keys, n) {
      const now = opts.clock.now().getTime();
      const limit = kind === 'photo' ? opts.photosPerMinute : opts.messagesPerMinute;
      const ws = keys.map((k) => windowOf(`${kind}:${k}`, now));
      const full = ws.filter((w) => w.count + n > limit);
      if (full.length === 0) {
        for (const w of ws) w.count += n;
        return 'ok';
      }
      const first = full.some((w) => !w.warned);
      for (const w of full) w.warned = true;
      return first ? 'warn' : 'drop';
    },
  };
}
