import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One Bot API call as the fake received it: JSON fields, or multipart fields plus uploaded files. */
export interface TelegramCall {
  method: string;
  params: Record<string, unknown>;
  files: Record<string, { filename: string; bytes: Buffer }>;
}

interface Failure {
  error_code: number;
  description: string;
  parameters?: { retry_after?: number };
}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function parseCall(req: http.IncomingMessage, method: string): Promise<TelegramCall> {
  const body = await readBody(req);
  const type = req.headers['content-type'] ?? '';
  const call: TelegramCall = { method, params: {}, files: {} };
  if (type.includes('multipart/form-data')) {
    for (const part of parseMultipart(body, type)) {
      if (part.filename === undefined) call.params[part.name] = tryJson(part.data.toString('utf8'));
      else call.files[part.name] = { filename: part.filename, bytes: part.data };
    }
    // grammY sends `document=attach://<id>` and the file under <id>: file it under the field name too.
    for (const [k, v] of Object.entries(call.params)) {
      const id = typeof v === 'string' ? /^attach:\/\/(.+)$/.exec(v)?.[1] : undefined;
      const file = id ? call.files[id] : undefined;
      if (file) call.files[k] = file;
    }
  } else if (body.length) {
    call.params = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
  }
  return call;
}

/** A minimal multipart/form-data reader (grammY uploads documents this way). */
function parseMultipart(body: Buffer, type: string): { name: string; filename?: string; data: Buffer }[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(type);
  const delimiter = Buffer.from(`--${boundary?.[1] ?? boundary?.[2] ?? ''}`);
  const parts: { name: string; filename?: string; data: Buffer }[] = [];
  let pos = body.indexOf(delimiter);
  while (pos >= 0) {
    const start = pos + delimiter.length;
    const next = body.indexOf(delimiter, start);
    if (next < 0) break;
    const chunk = body.subarray(start + 2, next - 2); // skip CRLF after the delimiter and before the next
    const split = chunk.indexOf('\r\n\r\n');
    const head = chunk.subarray(0, split).toString('utf8');
    const name = /(?:^|[;\s])name="([^"]*)"/.exec(head)?.[1] ?? '';
    // grammY writes the file name unquoted: filename=factura.pdf
    const filename = /filename="?([^"\r\n;]*)"?/.exec(head)?.[1];
    parts.push({ name, filename, data: Buffer.from(chunk.subarray(split + 4)) });
    pos = next;
  }
  return parts;
}

const tryJson = (v: string): unknown => {
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};

/**
 * A local stand-in for the Telegram Bot API (node:http on 127.0.0.1): records every call, answers the methods
 * the bot uses, serves files for getFile, and fails chosen calls on request (429 with retry_after, 403 ...).
 */
export class FakeTelegram {
  readonly calls: TelegramCall[] = [];
  private readonly files = new Map<string, Buffer>();
  private readonly failures: { method: string; failure: Failure }[] = [];
  private server = http.createServer((req, res) => {
    this.route(req, res).catch((err: unknown) => {
      res.writeHead(500).end(String(err));
    });
  });
  private messageId = 1000;
  url = '';
  /** Called for every recorded call (the local chat script prints them). */
  onCall?: (call: TelegramCall) => void;

  constructor(readonly token: string) {}

  async start(port = 0): Promise<this> {
    await new Promise<void>((r) => this.server.listen(port, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }

  addFile(fileId: string, bytes: Buffer): void {
    this.files.set(fileId, bytes);
  }

  /** The next call of `method` fails with this Bot API error. */
  failNext(method: string, failure: Failure): void {
    this.failures.push({ method, failure });
  }

  sent(method?: string): TelegramCall[] {
    return this.calls.filter((c) => !method || c.method === method);
  }

  /** Texts and captions sent to a chat, in order. */
  textsTo(chatId: number | string): string[] {
    return this.calls
      .filter(
        (c) =>
          String(c.params.chat_id) === String(chatId) &&
          (c.method === 'sendMessage' || c.method === 'sendDocument'),
      )
      .map((c) => String(c.params.text ?? c.params.caption ?? ''));
  }

  private async route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const file = /^\/file\/bot([^/]+)\/(.+)$/.exec(url.pathname);
    if (file) return this.serveFile(res, file[1], file[2]);
    const m = /^\/bot([^/]+)\/(\w+)$/.exec(url.pathname);
    if (!m || m[1] !== this.token)
      return this.reply(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
    const call = await parseCall(req, m[2] ?? '');
    this.calls.push(call);
    this.onCall?.(call);
    const i = this.failures.findIndex((f) => f.method === call.method);
    if (i >= 0) {
      const failure = this.failures.splice(i, 1)[0]!.failure;
      return this.reply(res, failure.error_code, { ok: false, ...failure });
    }
    return this.reply(res, 200, { ok: true, result: this.result(call) });
  }

  private result(call: TelegramCall): unknown {
    const chat = { id: Number(call.params.chat_id), type: 'private', first_name: 'Ana' };
    switch (call.method) {
      case 'getMe':
        return { id: 42, is_bot: true, first_name: 'Facturas', username: 'FacturasBot' };
      case 'getFile': {
        const id = String(call.params.file_id);
        const bytes = this.files.get(id);
        if (!bytes) return { file_id: id, file_unique_id: id };
        return { file_id: id, file_unique_id: id, file_size: bytes.length, file_path: `photos/${id}.jpg` };
      }
      case 'sendMessage':
        return { message_id: ++this.messageId, date: 0, chat, text: call.params.text };
      case 'editMessageText':
        return { message_id: Number(call.params.message_id), date: 0, chat, text: call.params.text };
      case 'sendDocument':
        return {
          message_id: ++this.messageId,
          date: 0,
          chat,
          document: { file_id: 'doc', file_unique_id: 'doc' },
        };
      default:
        return true;
    }
  }

  private serveFile(res: http.ServerResponse, token: string | undefined, path: string | undefined): void {
    const id = /^photos\/(.+)\.jpg$/.exec(path ?? '')?.[1];
    const bytes = id !== undefined && token === this.token ? this.files.get(id) : undefined;
    if (!bytes) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': bytes.length }).end(bytes);
  }

  private reply(res: http.ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }
}
