import { AppError } from '../../errors.js';

/**
 * GETs a file, refusing it as soon as it grows past maxBytes (a Content-Length is trusted only to refuse early).
 * 404/410 mean the media is gone (NotFound, not retried); other failures are thrown as plain errors to retry.
 */
export async function downloadLimited(
  url: string,
  opts: { maxBytes: number; headers?: Record<string, string>; timeoutMs?: number },
): Promise<Buffer> {
  const res = await fetch(url, {
    headers: opts.headers,
    signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
  });
  if (res.status === 404 || res.status === 410) throw new AppError('NotFound', 'Media not found');
  if (!res.ok || !res.body) throw new Error(`media download failed with HTTP ${res.status}`);
  const tooBig = () => new AppError('PayloadTooLarge', `Media is larger than ${opts.maxBytes} bytes`);
  if (Number(res.headers.get('content-length') ?? 0) > opts.maxBytes) {
    await res.body.cancel();
    throw tooBig();
  }
  const reader = res.body.getReader();
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > opts.maxBytes) {
      await reader.cancel();
      throw tooBig();
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}
