import { crc32, inflateSync } from 'node:zlib';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrPngDataUrl } from '../../src/pdf/invoice.qr.js';

const URL =
  'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=AAAAAAAA-BBBB-4CCC-8DDD-EEEEEEEEEEEE' +
  '&re=A&amp;B010101AB1&rr=COSC8001137NA&tt=1293.1&fe=12345678';

/** The chunks of a PNG, each checked against its CRC. */
function chunks(png: Buffer): Map<string, Buffer> {
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  const out = new Map<string, Buffer>();
  for (let at = 8; at < png.length; ) {
    const len = png.readUInt32BE(at);
    const typed = png.subarray(at + 4, at + 8 + len);
    expect(png.readUInt32BE(at + 8 + len)).toBe(crc32(typed));
    out.set(typed.subarray(0, 4).toString('latin1'), typed.subarray(4));
    at += 12 + len;
  }
  return out;
}

const decode = (dataUrl: string) =>
  chunks(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));

describe('qrPngDataUrl', () => {
  it('writes a 1-bit greyscale PNG without alpha (embedded by pdfkit as is)', () => {
    const png = decode(qrPngDataUrl(URL, { margin: 1, scale: 3 }));
    expect([...png.keys()]).toEqual(['IHDR', 'IDAT', 'IEND']);
    const ihdr = png.get('IHDR') as Buffer;
    const side = (QRCode.create(URL, { errorCorrectionLevel: 'M' }).modules.size + 2) * 3;
    expect(ihdr.readUInt32BE(0)).toBe(side);
    expect(ihdr.readUInt32BE(4)).toBe(side);
    expect([...ihdr.subarray(8)]).toEqual([1, 0, 0, 0, 0]);
  });

  it('encodes the text with error correction M: every pixel is its module, with a white margin', () => {
    const { size, data } = QRCode.create(URL, { errorCorrectionLevel: 'M' }).modules;
    const [margin, scale] = [1, 3];
    const side = (size + 2 * margin) * scale;
    const rowBytes = 1 + Math.ceil(side / 8);
    const raw = inflateSync(decode(qrPngDataUrl(URL, { margin, scale })).get('IDAT') as Buffer);
    expect(raw.length).toBe(rowBytes * side);
    let dark = 0;
    for (let y = 0; y < side; y++) {
      expect(raw[y * rowBytes]).toBe(0);
      for (let x = 0; x < side; x++) {
        const black = ((raw[y * rowBytes + 1 + (x >> 3)] ?? 0) & (0x80 >> (x & 7))) === 0;
        const [mx, my] = [Math.floor(x / scale) - margin, Math.floor(y / scale) - margin];
        const inside = mx >= 0 && my >= 0 && mx < size && my < size;
        expect(black).toBe(inside && data[my * size + mx] === 1);
        if (black) dark++;
      }
    }
    expect(dark).toBeGreaterThan(0);
  });

  it('differs when the content differs', () => {
    expect(qrPngDataUrl(URL, { margin: 1, scale: 3 })).not.toBe(
      qrPngDataUrl(URL.replace('fe=12345678', 'fe=12345679'), { margin: 1, scale: 3 }),
    );
  });
});
