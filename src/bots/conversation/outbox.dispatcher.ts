import type { Clock } from '../../clock.js';
import type { Db } from '../../db/db.js';
import type { OutboxTable } from '../../db/schema.js';
import type { Logger } from '../../logger.js';
import type { Channel, OutPayload } from './conversation.types.js';
import { claimOutbox, markAttemptFailed, markSent, pendingOutbox } from './outbox.repo.js';

/** Thrown by a sender to say how to retry: a 429 gives retryAfterSeconds; a refusal that will not change is permanent. */
export class SendError extends Error {
  override readonly name = 'SendError';
  constructor(
    message: string,
    readonly opts: { permanent?: boolean; retryAfterSeconds?: number } = {},
  ) {
    super(message);
  }
}

export type Sender = (chatId: string, payload: OutPayload) => Promise<void>;

export interface DispatcherOptions {
  pollMs?: number;
  maxAttempts?: number;
  /** How long a claimed row stays invisible to other dispatchers while being sent. */
  leaseMs?: number;
  batch?: number;
}

export interface Dispatcher {
  /** One pass over the pending rows; returns how many sends were attempted. */
  runOnce(): Promise<number>;
  /** Passes until nothing due is left (tests, shutdown). */
  drain(): Promise<void>;
  /** Ask for a pass soon (after new rows were queued); no-op unless started. */
  kick(): void;
  start(): void;
  stop(): Promise<void>;
}

type DispatcherDeps = { db: Db; clock: Clock; logger: Logger };

/** Exponential backoff from 2 s, capped at 15 min; Telegram's retry_after wins when given. */
export function retryDelayMs(attempts: number, retryAfterSeconds?: number): number {
  if (retryAfterSeconds !== undefined) return Math.max(1, retryAfterSeconds) * 1000;
  return Math.min(2000 * 2 ** attempts, 15 * 60_000);
}

export function createDispatcher(
  deps: DispatcherDeps,
  senders: Partial<Record<Channel, Sender>>,
  opts: DispatcherOptions = {},
): Dispatcher {
  const { db, clock, logger } = deps;
  const pollMs = opts.pollMs ?? 1000;
  const maxAttempts = opts.maxAttempts ?? 10;
  const leaseMs = opts.leaseMs ?? 60_000;
  const batch = opts.batch ?? 50;

  async function sendRow(row: OutboxTable): Promise<boolean> {
    const send = senders[row.channel as Channel];
    const now = clock.now();
    if (!send || !(await claimOutbox(db, row, new Date(now.getTime() + leaseMs).toISOString()))) return false;
    const payload = JSON.parse(row.payload) as OutPayload;
    try {
      await send(row.chat_id, payload);
      await markSent(
        db,
        row,
        clock.now().toISOString(),
        payload.type === 'text' && payload.sensitive === true,
      );
      return true;
    } catch (err) {
      const se = err instanceof SendError ? err : undefined;
      const giveUp = se?.opts.permanent === true || row.attempts + 1 >= maxAttempts;
      const retryAt = giveUp
        ? null
        : new Date(
            clock.now().getTime() + retryDelayMs(row.attempts, se?.opts.retryAfterSeconds),
          ).toISOString();
      const secret = payload.type === 'text' && payload.sensitive === true;
      await markAttemptFailed(db, row, (err as Error).message ?? String(err), retryAt, secret);
      logger.warn(
        { outboxId: row.id, channel: row.channel, err: (err as Error).message, retryAt },
        'chat send failed',
      );
      // A row given up on no longer holds its chat back; a row to retry does.
      return giveUp;
    }
  }

  async function runOnce(): Promise<number> {
    const rows = await pendingOutbox(db, batch);
    const held = new Set<string>();
    let attempted = 0;
    for (const row of rows) {
      const chat = `${row.channel}:${row.chat_id}`;
      if (held.has(chat)) continue;
      if (row.next_attempt_at > clock.now().toISOString() || !senders[row.channel as Channel]) {
        // Later messages of this chat wait for this one, so a chat never sees them out of order.
        held.add(chat);
        continue;
      }
      attempted += 1;
      if (!(await sendRow(row))) held.add(chat);
    }
    return attempted;
  }

  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  function tick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = runOnce()
      .then(() => undefined)
      .catch((err: unknown) => logger.error({ err }, 'outbox pass failed'))
      .finally(() => {
        running = undefined;
        if (stopped) return;
        if (again) {
          again = false;
          setImmediate(tick);
        } else {
          timer = setTimeout(tick, pollMs);
        }
      });
  }

  return {
    runOnce,
    async drain() {
      for (let i = 0; i < 100 && (await runOnce()) > 0; i++);
    },
    kick: () => tick(),
    start() {
      if (!stopped) return;
      stopped = false;
      tick();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
