/**
 * Image dimensions read from the header bytes alone (PNG IHDR, JPEG start-of-frame), so a file declaring
 * absurd dimensions is refused before any decoder allocates a pixel for it.
 */
export interface ImageHeader {
  format: 'jpeg' | 'png';
  width: number;
  height: number;
}

/** The largest pixel count any code in the service agrees to decode, whatever the configuration says. */
export const DECODE_PIXEL_CEILING = 100_000_000;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function pngHeader(buf: Buffer): ImageHeader | undefined {
  // Signature, then the IHDR chunk: length (4), type (4), width (4), height (4).
  if (buf.length < 24 || buf.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { format: 'png', width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

/** SOF0..SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC), which share the range. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegHeader(buf: Buffer): ImageHeader | undefined {
  let pos = 2;
  while (pos + 4 <= buf.length) {
    if (buf[pos] !== 0xff) return undefined;
    const marker = buf[pos + 1]!;
    if (marker === 0xff) {
      pos += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      pos += 2; // markers without a length
      continue;
    }
    const length = buf.readUInt16BE(pos + 2);
    if (isStartOfFrame(marker)) {
      if (pos + 9 > buf.length) return undefined;
      return { format: 'jpeg', height: buf.readUInt16BE(pos + 5), width: buf.readUInt16BE(pos + 7) };
    }
    if (marker === 0xda || length < 2) return undefined; // scan data before any frame: not a JPEG we read
    pos += 2 + length;
  }
  return undefined;
}

/** The stored (not EXIF-rotated) size, or undefined when the bytes are not a PNG or JPEG header we can read. */
export function readImageHeader(buf: Buffer): ImageHeader | undefined {
  if (buf.length >= 8 && PNG_SIGNATURE.every((b, i) => buf[i] === b)) return pngHeader(buf);
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return jpegHeader(buf);
  return undefined;
}
