import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';

/** What one POST came to: a status and the first bytes of the answer, or an error text (no answer). */
export type PostOutcome = { status: number; body: string } | { error: string };

export interface PostOptions {
  /** The addresses already checked for the host: the connection goes to the first, never to a new lookup. */
  addresses: string[];
  timeoutMs: number;
  maxBodyBytes: number;
}

type AllCallback = (err: null, addresses: { address: string; family: number }[]) => void;

/** A lookup that answers with the pre-checked address, so DNS cannot change between the check and connect. */
function pinned(address: string): LookupFunction {
  const family = isIP(address) === 6 ? 6 : 4;
  return (_host, opts, cb) => {
    // Happy-eyeballs connects ask for every address at once (`all`), and get the list form of the callback.
    if (opts.all) (cb as unknown as AllCallback)(null, [{ address, family }]);
    else cb(null, address, family);
  };
}

/**
 * POSTs body to url once. Redirects are not followed (node's http never does), the whole exchange is bounded by
 * timeoutMs, and only the first maxBodyBytes of the answer are kept.
 */
export function postOnce(
  url: URL,
  headers: Record<string, string>,
  body: string,
  opts: PostOptions,
): Promise<PostOutcome> {
  const mod = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (o: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(o);
    };
    const req = mod.request(url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'ticket-factura-webhooks/1',
      },
      lookup: pinned(opts.addresses[0]!),
      agent: false,
    });
    const timer = setTimeout(() => done({ error: `timed out after ${opts.timeoutMs} ms` }), opts.timeoutMs);
    req.on('error', (e) => done({ error: e.message }));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () =>
        done({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).subarray(0, opts.maxBodyBytes).toString('utf8'),
        });
      res.on('data', (c: Buffer) => {
        chunks.push(c);
        size += c.length;
        if (size >= opts.maxBodyBytes) finish();
      });
      res.on('end', finish);
      res.on('error', finish);
    });
    req.end(body);
  });
}
