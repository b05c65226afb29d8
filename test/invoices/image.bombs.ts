import sharp from 'sharp';

/** Crafted images: a few hundred bytes whose header declares a huge canvas (a "pixel bomb"). */
function crc32(buf: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buf) {
    let c = (crc ^ byte) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A valid PNG header declaring width×height RGB pixels, with a tiny (empty) image stream. */
export function pngBomb(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real small JPEG whose start-of-frame is rewritten to declare width×height (≤ 65535 a side). */
export async function jpegBomb(width: number, height: number): Promise<Buffer> {
  const jpg = Buffer.from(
    await sharp({ create: { width: 64, height: 96, channels: 3, background: '#ffffff' } })
      .jpeg()
      .toBuffer(),
  );
  const sof = jpg.indexOf(Buffer.from([0xff, 0xc0]));
  jpg.writeUInt16BE(height, sof + 5);
  jpg.writeUInt16BE(width, sof + 7);
  return jpg;
}
