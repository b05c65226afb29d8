import { imageSize } from 'image-size';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../errors.js';
import { DECODE_PIXEL_CEILING } from '../receipts/image/prepare.js';

/**
 * Intake checks for receipt images, shared by the REST endpoints and the chat bots. Every refusal is an
 * AppError raised before anything is stored or charged.
 */
const DATA_URI_RE = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w.+-]+=[\w.+-]+)*;base64,/i;
const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;
const BASE64URL_RE = /^[A-Za-z0-9_-]*={0,2}$/;

/** Smallest and largest side a readable ticket photo can have. */
const MIN_SIDE = 32;
const MAX_SIDE = 20_000;

const bad = (message: string) =>
  new AppError('ValidationError', message, [{ path: 'receipt_image', message }]);

/** Base64 or a data URI (`data:image/jpeg;base64,...`) to bytes. Whitespace and line breaks are tolerated. */
export function decodeReceiptImage(input: string, maxBytes: number): Buffer {
  let data = input.trim();
  const prefix = DATA_URI_RE.exec(data);
  if (prefix) data = data.slice(prefix[0].length);
  else if (data.startsWith('data:')) throw bad('receipt_image has a data URI prefix that is not base64');
  data = data.replace(/\s+/g, '');
  if (data.length === 0) throw bad('receipt_image is empty');
  if (data.length % 4 === 1 || !(BASE64_RE.test(data) || BASE64URL_RE.test(data))) {
    throw bad('receipt_image is not valid Base64');
  }
  // Refuse before decoding: 4 base64 characters carry 3 bytes.
  if (Math.floor((data.length * 3) / 4) - 2 > maxBytes) throw tooLarge(maxBytes);
  const buf = Buffer.from(data, BASE64URL_RE.test(data) && !BASE64_RE.test(data) ? 'base64url' : 'base64');
  if (buf.length === 0) throw bad('receipt_image is empty');
  if (buf.length > maxBytes) throw tooLarge(maxBytes);
  return buf;
}

const tooLarge = (maxBytes: number) =>
  new AppError(
    'PayloadTooLarge',
    `receipt_image is larger than ${Math.round(maxBytes / (1024 * 1024))} MB once decoded`,
  );

/** The format judged by the magic bytes, never by a declared media type. */
function sniff(buf: Buffer): 'jpeg' | 'png' | undefined {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (buf.length >= 8 && png.every((b, i) => buf[i] === b)) return 'png';
  return undefined;
}

export interface ReceiptImageInfo {
  format: 'jpeg' | 'png';
  /** Displayed size (after EXIF orientation). */
  width: number;
  height: number;
}

const megapixels = (n: number) => `${Math.round(n / 100_000) / 10} MP`;

/**
 * The size an image's header declares, read from its bytes alone (image-size parses the PNG IHDR and the JPEG
 * start-of-frame without decoding), so a file declaring absurd dimensions is refused before any pixel is
 * allocated; undefined when the header cannot be read.
 */
export function declaredSize(buf: Buffer): { width: number; height: number } | undefined {
  try {
    const { width, height } = imageSize(buf);
    return width && height ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * 413 when the header declares more than maxPixels (judged before any decoding: a few bytes can declare a
 * gigapixel image); 415 unless the bytes are JPEG or PNG; 400 when the image is corrupt or a side is absurd.
 */
export async function checkReceiptImage(
  buf: Buffer,
  maxPixels = DECODE_PIXEL_CEILING,
): Promise<ReceiptImageInfo> {
  const format = sniff(buf);
  if (!format) {
    throw new AppError('UnsupportedMediaType', 'receipt_image must be a JPEG or PNG image');
  }
  const header = declaredSize(buf);
  if (header && header.width * header.height > maxPixels) {
    throw new AppError(
      'PayloadTooLarge',
      `receipt_image is ${header.width}×${header.height} pixels (${megapixels(header.width * header.height)}); at most ${megapixels(maxPixels)} are accepted`,
    );
  }
  const limit = Math.min(maxPixels, DECODE_PIXEL_CEILING);
  let meta: Metadata;
  try {
    meta = await sharp(buf, { limitInputPixels: limit }).metadata();
  } catch {
    throw bad('receipt_image could not be read as an image (corrupt or truncated)');
  }
  if (meta.format !== format || !meta.width || !meta.height) {
    throw bad('receipt_image could not be read as an image (corrupt or truncated)');
  }
  // Orientations 5-8 rotate by 90°: the displayed width is the stored height.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  if (Math.min(width, height) < MIN_SIDE || Math.max(width, height) > MAX_SIDE) {
    throw bad(
      `receipt_image is ${width}×${height} pixels; a receipt photo needs ${MIN_SIDE} to ${MAX_SIDE} per side`,
    );
  }
  if (width * height > limit) {
    throw new AppError(
      'PayloadTooLarge',
      `receipt_image is ${width}×${height} pixels (${megapixels(width * height)}); at most ${megapixels(limit)} are accepted`,
    );
  }
  return { format, width, height };
}
