import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TwilioMessage {
  to: string;
  from: string;
  body: string;
  mediaUrls: string[];
}

/**
 * A local stand-in for Twilio's REST API: records Messages.create calls (checking the account's basic auth),
 * serves media for MediaUrl downloads behind the same auth, and fails chosen sends on request.
 */
export class FakeTwilio {
  readonly messages: TwilioMessage[] = [];
  readonly mediaRequests: { path: string; authorized: boolean }[] = [];
  private readonly media = new Map<string, { bytes: Buffer; type: string }>();
  private readonly failures: { status: number; code: number; message: string; after: number }[] = [];
  private server = http.createServer((req, res) => void this.route(req, res));
  private seq = 0;
  url = '';
  onMessage?: (msg: TwilioMessage) => void;

  constructor(
    readonly accountSid: string,
    readonly authToken: string,
  ) {}

  async start(port = 0): Promise<this> {
    await new Promise<void>((r) => this.server.listen(port, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }

  /** Serves bytes at a media URL (what Twilio puts in MediaUrl0...). */
  addMedia(id: string, bytes: Buffer, type = 'image/jpeg'): string {
    this.media.set(id, { bytes, type });
    return `${this.url}/2010-04-01/Accounts/${this.accountSid}/Messages/MM${id}/Media/ME${id}`;
  }

  /** A coming Messages.create fails: the next one, or the one after `after` successful sends. */
  failNext(status: number, message = 'Too Many Requests', code = 20429, after = 0): void {
    this.failures.push({ status, code, message, after });
  }

  bodiesTo(to: string): string[] {
    return this.messages.filter((m) => m.to === to).map((m) => m.body);
  }

  private authorized(req: http.IncomingMessage): boolean {
    const expected = `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString('base64')}`;
    return req.headers.authorization === expected;
  }

  private async route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const media = /\/Media\/ME(.+)$/.exec(url.pathname);
    if (req.method === 'GET' && media) {
      const authorized = this.authorized(req);
      this.mediaRequests.push({ path: url.pathname, authorized });
      const item = this.media.get(media[1] ?? '');
      if (!authorized) return this.json(res, 401, { code: 20003, message: 'Authenticate', status: 401 });
      if (!item) return void res.writeHead(404).end();
      return void res.writeHead(200, { 'content-type': item.type }).end(item.bytes);
    }
    if (req.method === 'POST' && url.pathname === `/2010-04-01/Accounts/${this.accountSid}/Messages.json`) {
      if (!this.authorized(req))
        return this.json(res, 401, { code: 20003, message: 'Authenticate', status: 401 });
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const next = this.failures[0];
      if (next && next.after > 0) next.after -= 1;
      else if (next) {
        this.failures.shift();
        const { after: _, ...failure } = next;
        return this.json(res, failure.status, { ...failure, more_info: '' });
      }
      const msg = {
        to: form.get('To') ?? '',
        from: form.get('From') ?? '',
        body: form.get('Body') ?? '',
        mediaUrls: form.getAll('MediaUrl'),
      };
      this.messages.push(msg);
      this.onMessage?.(msg);
      const sid = `SM${String(++this.seq).padStart(32, '0')}`;
      return this.json(res, 201, {
        sid,
        account_sid: this.accountSid,
        status: 'queued',
        to: msg.to,
        from: msg.from,
        body: msg.body,
      });
    }
    return this.json(res, 404, { code: 20404, message: 'Not found', status: 404 });
  }

  private json(res: http.ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }
}
