import type { Clock } from '../../clock.js';
import type { Db } from '../../db/db.js';
import type { OutboxTable } from '../../db/schema.js';
import type { Logger } from '../../logger.js';
import type { Channel, OutPayload } from './conversation.types.js';
import { chatHead, claimOutbox, dueChatHeads, markAttemptFailed, markSent } from './outbox.repo.js';

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
  /** Chats served per pass. */
  batch?: number;
  /** Chats sent to at once, so one slow chat does not hold back the others. */
  parallelChats?: number;
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

/** The dispatcher's options with their defaults filled in. */
type DispatchSettings = { maxAttempts: number; leaseMs: number; batch: number; parallel: number };

type Senders = Partial<Record<Channel, Sender>>;

/** Claims and sends one row; true when its chat may go on to the next row (sent, or given up on). */
async function sendRow(
  deps: DispatcherDeps,
  senders: Senders,
  settings: DispatchSettings,
  row: OutboxTable,
): Promise<boolean> {
  const { db, clock, logger } = deps;
  const send = senders[row.channel as Channel];
  const now = clock.now();
  if (!send || !(await claimOutbox(db, row, new Date(now.getTime() + settings.leaseMs).toISOString()))) {
    return false;
  }
  const payload = JSON.parse(row.payload) as OutPayload;
  try {
    await send(row.chat_id, payload);
    await markSent(db, row, clock.now().toISOString(), payload.type === 'text' && payload.sensitive === true);
    return true;
  } catch (err) {
    const se = err instanceof SendError ? err : undefined;
    const giveUp = se?.opts.permanent === true || row.attempts + 1 >= settings.maxAttempts;
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

/** Sends one chat's due messages in order, until one must wait (retry, lease) or the chat is empty. */
async function serveChat(
  deps: DispatcherDeps,
  senders: Senders,
  settings: DispatchSettings,
  head: OutboxTable,
): Promise<number> {
  let row: OutboxTable | undefined = head;
  let attempted = 0;
  while (row && row.next_attempt_at <= deps.clock.now().toISOString() && attempted < 20) {
    attempted += 1;
    if (!(await sendRow(deps, senders, settings, row))) break;
    row = await chatHead(deps.db, row.channel, row.chat_id);
  }
  return attempted;
}

/**
 * One pass: the next due message of up to `batch` chats, a few chats at a time. Only a chat's oldest pending
 * row is ever taken, so each chat's messages go out in order, and across instances the claim (a lease on
 * that row) lets one dispatcher at a time serve a chat.
 */
async function runPass(deps: DispatcherDeps, senders: Senders, settings: DispatchSettings): Promise<number> {
  const heads = await dueChatHeads(
    deps.db,
    deps.clock.now().toISOString(),
    Object.keys(senders),
    settings.batch,
  );
  let attempted = 0;
  let next = 0;
  const lane = async () => {
    while (next < heads.length) attempted += await serveChat(deps, senders, settings, heads[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(settings.parallel, heads.length) }, lane));
  return attempted;
}

/**
 * Runs `pass` every `pollMs` once started; a kick during a pass asks for one more right after it, never a
 * second pass beside it, and stop() waits for the pass under way.
 */
function passLoop(
  pass: () => Promise<number>,
  logger: Logger,
  pollMs: number,
): Pick<Dispatcher, 'kick' | 'start' | 'stop'> {
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
    running = pass()
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

export function createDispatcher(
  deps: DispatcherDeps,
  senders: Partial<Record<Channel, Sender>>,
  opts: DispatcherOptions = {},
): Dispatcher {
  const settings: DispatchSettings = {
    maxAttempts: opts.maxAttempts ?? 10,
    leaseMs: opts.leaseMs ?? 60_000,
    batch: opts.batch ?? 50,
    parallel: opts.parallelChats ?? 8,
  };
  const runOnce = () => runPass(deps, senders, settings);
  const loop = passLoop(runOnce, deps.logger, opts.pollMs ?? 1000);
  return {
    runOnce,
    async drain() {
      for (let i = 0; i < 100 && (await runOnce()) > 0; i++);
    },
    ...loop,
  };
}
