import { crc32, deflateSync } from 'node:zlib';
import QRCode from 'qrcode';

/**
 * The verification QR as a 1-bit greyscale PNG data URL, built synchronously from the QR module matrix.
 * Why not qrcode's own PNG: it writes RGBA through an async stream with per-row filter heuristics, and pdfkit
 * must then decode it again to split off the alpha channel (~5 ms per invoice together). A PNG without alpha
 * is embedded by pdfkit as is, and a 1-bit image stays a few hundred bytes. pdfmake's built-in `qr` node was
 * measured too: it draws every module as a vector rectangle and costs ~10 ms.
 */
export function qrPngDataUrl(text: string, opts: { margin: number; scale: number }): string {
  const { size, data } = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  const side = (size + 2 * opts.margin) * opts.scale;
  const rowBytes = 1 + Math.ceil(side / 8); // filter-type byte, then 8 pixels per byte (1 = white)
  const raw = Buffer.alloc(rowBytes * side, 0xff);
  for (let y = 0; y < side; y++) {
    raw[y * rowBytes] = 0; // filter "none": the rows are tiny and deflate handles the runs
    const my = Math.floor(y / opts.scale) - opts.margin;
    for (let x = 0; x < side; x++) {
      const mx = Math.floor(x / opts.scale) - opts.margin;
      const dark = my >= 0 && my < size && mx >= 0 && mx < size && data[my * size + mx] === 1;
      const at = y * rowBytes + 1 + (x >> 3);
      if (dark) raw.writeUInt8(raw.readUInt8(at) & ~(0x80 >> (x & 7)), at);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, filter method 0, no interlace
  const png = Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, body: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
  const out = Buffer.alloc(4 + typed.length + 4);
  out.writeUInt32BE(body.length, 0);
  typed.copy(out, 4);
  out.writeUInt32BE(crc32(typed), 4 + typed.length);
  return out;
}
