import type { Context, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { AppError } from '../errors.js';
import type { AppEnv } from './env.js';
import { errorResponse } from './errors.js';

/**
 * The request body limit, and what keeps a keep-alive connection usable after an early answer.
 *
 * The body is counted as the handler reads it (nothing is buffered up front, so a stranger's upload costs
 * nothing before authentication). A handler that answers without reading the body (401, 415, 429 ...) leaves
 * it on the connection, where the client's next request would be read as garbage: the rest is read and thrown
 * away before the answer goes out, up to twice the limit and a few seconds; beyond that the answer says
 * `Connection: close`, and the client opens a new connection for its next request.
 */
export interface BodyLimitOptions {
  maxBytes: number;
  /** How long the unread rest of a body may take to arrive before the connection is given up instead. */
  drainMs?: number;
}

const TOO_LARGE = 'Request body is too large';
const tooLarge = (c: Context<AppEnv>) => errorResponse(c, new AppError('PayloadTooLarge', TOO_LARGE));

function counted(source: ReadableStream<Uint8Array>, maxBytes: number) {
  const reader = source.getReader();
  const state = { size: 0, exceeded: false, ended: false };
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        state.ended = true;
        return controller.close();
      }
      state.size += value.byteLength;
      if (state.size > maxBytes) {
        state.exceeded = true;
        return controller.error(new HTTPException(413, { message: TOO_LARGE }));
      }
      controller.enqueue(value);
    },
  });
  /** Reads and drops the rest; true when the body ended within `upTo` bytes and `ms`. */
  const drain = async (upTo: number, ms: number): Promise<boolean> => {
    const deadline = Date.now() + ms;
    while (!state.ended && state.size <= upTo && Date.now() < deadline) {
      const timeout = new Promise<'late'>((r) => setTimeout(() => r('late'), deadline - Date.now()).unref());
      const next = await Promise.race([reader.read(), timeout]);
      if (next === 'late') break;
      if (next.done) state.ended = true;
      else state.size += next.value.byteLength;
    }
    return state.ended;
  };
  return { stream, state, drain };
}

async function settle(c: Context<AppEnv>, body: ReturnType<typeof counted>, opts: BodyLimitOptions) {
  const ended = body.state.ended || (await body.drain(opts.maxBytes * 2, opts.drainMs ?? 5000));
  if (!ended) c.header('Connection', 'close');
}

export function bodyLimit(opts: BodyLimitOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const raw = c.req.raw;
    if (!raw.body) return next();
    const body = counted(raw.body, opts.maxBytes);
    const declared = Number(c.req.header('content-length') ?? Number.NaN);
    if (!c.req.header('transfer-encoding') && declared > opts.maxBytes) {
      const res = tooLarge(c);
      if (declared > opts.maxBytes * 2) res.headers.set('Connection', 'close');
      else await settle(c, body, opts);
      return res;
    }
    c.req.raw = new Request(raw, { body: body.stream, duplex: 'half' } as RequestInit);
    await next();
    // A handler may turn the failed read into another error (the JSON validator says "malformed"): the
    // answer is the limit's.
    if (body.state.exceeded) c.res = tooLarge(c);
    if (!body.state.ended) await settle(c, body, opts);
  };
}
