import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  cropBox,
  framelessPage,
  grayCrop,
  headerCrop,
  preparePage,
  rescaleFactor,
  smearRatio,
  textHeight,
  unreadTitle,
  unsmeared,
} from '../../src/receipts/image/prepare.js';
import { cropGray } from '../../src/receipts/image/raster.js';

/** A grey page as PNG, for sharp to crop and measure as a photo. */
const pngOf = (g: { data: Uint8Array; width: number; height: number }): Promise<Buffer> =>
  sharp(g.data, { raw: { width: g.width, height: g.height, channels: 1 } })
    .png()
    .toBuffer();
/** A photo prepared on its own, as PNG. */
const prepared = async (photo: Buffer): Promise<Buffer> => pngOf((await preparePage(photo)).gray);

/** A PNG's grey bytes. */
const pixels = async (png: Buffer): Promise<Buffer> =>
  (await sharp(png).extractChannel(0).raw().toBuffer({ resolveWithObject: true })).data;

describe('preparePage', () => {
  it('maps the same page at another ink level exactly as a fresh preparation at that level would (same skew)', async () => {
    for (const file of ['dev-001-clean.jpg', 'dev-021-mild.jpg']) {
      const photo = readFileSync(`fixtures/receipts/${file}`);
      const page = await preparePage(photo);
      const bold = await page.withInk(0.6);
      const alone = await preparePage(photo, { black: 0.6 });
      expect(Buffer.from(bold.data).equals(Buffer.from(alone.gray.data))).toBe(true);
      expect(Buffer.from(bold.data).equals(Buffer.from(page.gray.data))).toBe(false);
      // Rendered once per level: a second pass asking for the same ink gets the same pixels, not a new rendering.
      expect(await page.withInk(0.6)).toBe(bold);
      expect(await page.withInk(0.45)).toBe(page.gray);
    }
  });

  it('lays a page at another ink level as the default page lies: the same skew, not one measured anew', async () => {
    // This photo at ink 0.2 or 0.9, prepared on its own, measures another skew (a canvas of another size); its
    // re-reads are cut at boxes found on the default page, so the page must keep the default page's geometry.
    const photo = readFileSync('fixtures/receipts/dev-011-clean.jpg');
    const page = await preparePage(photo);
    for (const black of [0.2, 0.9]) {
      const alone = await preparePage(photo, { black });
      expect([alone.gray.width, alone.gray.height]).not.toEqual([page.gray.width, page.gray.height]);
      const ink = await page.withInk(black);
      expect([ink.width, ink.height]).toEqual([page.gray.width, page.gray.height]);
    }
  });

  it('crops the header and a word box exactly as sharp would from the PNG, enlarged or not', async () => {
    const page = await preparePage(readFileSync('fixtures/receipts/dev-001-clean.jpg'));
    const png = await pngOf(page.gray);
    const { width, height } = page.gray;
    const head = Math.round(height * 0.4);
    for (const scale of [1, 2]) {
      const bySharp = await pixels(
        await sharp(png)
          .extract({ left: 0, top: 0, width, height: head })
          .resize(scale === 1 ? undefined : { width: width * scale })
          .png()
          .toBuffer(),
      );
      const ours = await headerCrop(page.gray, scale);
      expect([ours.width, ours.height]).toEqual([width * scale, head * scale]);
      expect(Buffer.from(ours.data).equals(bySharp)).toBe(true);
    }
    // A box with a margin reaching past the page's right edge: clipped there.
    const box = { x0: 700, y0: 200.4, x1: width + 40, y1: 227.6 };
    const cut = await cropBox(page.gray, box, 10, 2);
    const bySharp = await pixels(
      await sharp(png)
        .extract({ left: 690, top: 190, width: width - 690, height: 48 })
        .resize({ width: (width - 690) * 2 })
        .png()
        .toBuffer(),
    );
    expect(Buffer.from(cut.data).equals(bySharp)).toBe(true);
  });

  it('hands the first reading a PGM of exactly the grey pixels the re-reads crop', async () => {
    const page = await preparePage(readFileSync('fixtures/receipts/dev-001-clean.jpg'));
    const header = `P5\n${page.gray.width} ${page.gray.height}\n255\n`;
    expect(page.pgm.subarray(0, header.length).toString('ascii')).toBe(header);
    expect(page.pgm.subarray(header.length).equals(page.gray.data)).toBe(true);
  });
});

/** A 600 × 900 photo drawn pixel by pixel: paper at x 100–500, y 100–800, ink bars 14 px of every 40 on it. */
async function drawPhoto(colour: (x: number, y: number, onPaper: boolean, ink: boolean) => number[]) {
  const width = 600;
  const height = 900;
  const rgb = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const onPaper = x >= 100 && x < 500 && y >= 100 && y < 800;
      const ink = onPaper && x >= 150 && x < 450 && (y - 150) % 40 < 14 && y >= 150 && y < 750;
      rgb.set(colour(x, y, onPaper, ink), (y * width + x) * 3);
    }
  }
  return sharp(rgb, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** White paper with ink bars on a table of colour `table`, each pixel given the share `light` says of the light. */
const litPhoto = (
  table: number[],
  light: (x: number, y: number, onPaper: boolean) => number,
): Promise<Buffer> =>
  drawPhoto((x, y, onPaper, ink) => {
    const px = onPaper ? (ink ? [40, 40, 40] : [240, 238, 235]) : table;
    const k = light(x, y, onPaper);
    return px.map((v) => Math.round(v * k));
  });

/** White paper with ink bars on a green table, optionally in shadow. */
const photo = (shadow: boolean): Promise<Buffer> =>
  litPhoto([30, 140, 40], (x, y) => {
    // A hand's soft shadow over the top right, paper and table beyond it alike, down to 30 % of the light.
    const depth = shadow ? Math.min(x - 260, 440 - y) : 0;
    return depth <= 0 ? 1 : depth >= 80 ? 0.3 : 1 - (0.7 * depth) / 80;
  });

/** Share of dark pixels in a window given as fractions of the prepared page's size. */
async function inkShare(png: Buffer, x0: number, x1: number, y0: number, y1: number): Promise<number> {
  const { data, info } = await sharp(png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  let dark = 0;
  let all = 0;
  for (let y = Math.round(y0 * info.height); y < y1 * info.height; y++) {
    for (let x = Math.round(x0 * info.width); x < x1 * info.width; x++) {
      all++;
      if ((data[y * info.width + x] ?? 255) < 100) dark++;
    }
  }
  return dark / all;
}

describe('a photo turned a quarter or half round, with no EXIF orientation', () => {
  it('is prepared the right way up when read at the turn that undoes it, and as it lies otherwise', async () => {
    const photo = readFileSync('fixtures/receipts/dev-001-clean.jpg');
    const upright = await preparePage(photo);
    for (const angle of [90, 180, 270] as const) {
      const turned = await sharp(photo).rotate(angle).jpeg({ quality: 92 }).toBuffer();
      const undo = ((360 - angle) % 360) as 90 | 180 | 270;
      const page = await preparePage(turned, { turn: undo });
      expect(Math.abs(page.gray.width - upright.gray.width)).toBeLessThanOrEqual(4);
      expect(Math.abs(page.gray.height - upright.gray.height)).toBeLessThanOrEqual(4);
      expect(Math.abs((textHeight(page.gray) ?? 0) - (textHeight(upright.gray) ?? 0))).toBeLessThanOrEqual(1);
      // Without the turn, a quarter-turned ticket lies on its side: wider than tall.
      const asItLies = await preparePage(turned);
      expect(asItLies.gray.width > asItLies.gray.height).toBe(angle !== 180);
    }
  });
});

describe('a photo smeared along its lines (the hand moved as it was taken)', () => {
  /** A grey page smeared over `k` pixels along its rows, as a camera moved sideways smears it. */
  const smeared = async (g: { data: Uint8Array; width: number; height: number }, k: number) => {
    const kernel = Array.from({ length: k * k }, (_, i) => (Math.floor(i / k) === (k - 1) / 2 ? 1 : 0));
    const raw = sharp(g.data, { raw: { width: g.width, height: g.height, channels: 1 } });
    const { data, info } = await raw
      .convolve({ width: k, height: k, kernel })
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data: new Uint8Array(data), width: info.width, height: info.height };
  };

  it('is told from a sharp one by its edges along the lines, and sharpened back along them', async () => {
    for (const file of ['dev-001-clean.jpg', 'dev-021-mild.jpg']) {
      const page = (await preparePage(readFileSync(`fixtures/receipts/${file}`))).gray;
      const blurred = await smeared(page, 5);
      expect(smearRatio(page)).toBeGreaterThan(0.75);
      expect(smearRatio(blurred)).toBeLessThan(0.75);
      // Part of the smear undone: the edges across the rows come back (not all: the smear lost detail).
      const mended = await unsmeared(blurred);
      expect(smearRatio(mended)).toBeGreaterThan(1.5 * smearRatio(blurred));
      expect(mended.width).toBe(page.width);
    }
  });

  it('prepares a smeared photo with part of the smear undone', async () => {
    const photo = await sharp(readFileSync('fixtures/receipts/dev-021-mild.jpg'))
      .grayscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const gray = { data: new Uint8Array(photo.data), width: photo.info.width, height: photo.info.height };
    const page = (await preparePage(await pngOf(await smeared(gray, 5)))).gray;
    // Prepared without the correction, the same photo's page measures 0.56.
    expect(smearRatio(page)).toBeGreaterThan(0.9);
  });
});

describe('preparePage on a shadowed ticket', () => {
  it('keeps the text under a shadow that reaches past the paper', async () => {
    // The deep part of the shadow on the paper: bars 14 px of every 40 are ink there, as in the lit photo.
    const window = [0.62, 0.78, 0.08, 0.3] as const;
    const lit = await inkShare(await prepared(await photo(false)), ...window);
    const shaded = await inkShare(await prepared(await photo(true)), ...window);
    expect(lit).toBeGreaterThan(0.25);
    expect(shaded).toBeGreaterThan(lit * 0.8);
  });
});

/** White paper with ink bars on a dark grey table, its right half in a deep shadow that stops at the paper. */
const halfShadedPhoto = (): Promise<Buffer> =>
  litPhoto([28, 28, 28], (x, _y, onPaper) => (onPaper && x >= 300 ? 0.45 : 1));

describe('preparePage on a ticket half in shadow', () => {
  it('crops to the whole paper, not only its lit half, when the table around it is dark', async () => {
    const page = await prepared(await halfShadedPhoto());
    const { width = 0 } = await sharp(page).metadata();
    // The paper is 400 px wide, its lit half 200.
    expect(width).toBeGreaterThan(380);
    // The bars in the shadowed half are there, as ink.
    expect(await inkShare(page, 0.6, 0.85, 0.1, 0.9)).toBeGreaterThan(0.2);
  });
});

/** White paper with ink bars on a grey table, the light falling off towards the top over paper and table alike. */
const fadingPhoto = (): Promise<Buffer> => litPhoto([110, 107, 103], (_x, y) => 0.3 + 0.7 * (y / 900) ** 1.5);

describe('preparePage on a ticket whose top lies in the light’s fall-off', () => {
  it('crops to the whole paper, up to its dim top, where it stands brighter than the table beside it', async () => {
    const page = await prepared(await fadingPhoto());
    const { height = 0 } = await sharp(page).metadata();
    // The paper is 700 px high (the crop keeps a margin of about 40 px above and below it); the part of it
    // brighter than the table at the bottom of the photo, about 450.
    expect(height).toBeGreaterThan(740);
    expect(height).toBeLessThan(820);
    // The first bars, in the dimmest light, are there as ink.
    expect(await inkShare(page, 0.2, 0.8, 0.05, 0.2)).toBeGreaterThan(0.15);
  });
});

describe('framelessPage', () => {
  /** A 400 × 600 page: text bars (12 px of every 30) and, when `band`, a 16 px dark band 30 px inside its edge. */
  const page = (band: 'ring' | 'side' | 'none') => {
    const [width, height] = [400, 600];
    const data = new Uint8Array(width * height).fill(250);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const inBand =
          x >= 30 && x < 370 && y >= 30 && y < 570 && !(x >= 46 && x < 354 && y >= 46 && y < 554);
        if ((band === 'ring' && inBand) || (band === 'side' && x >= 30 && x < 46 && y >= 30 && y < 570))
          data[y * width + x] = 20;
        if (x >= 80 && x < 320 && y >= 80 && y < 520 && (y - 80) % 30 < 12) data[y * width + x] = 30;
      }
    }
    const gray = { data, width, height };
    return {
      pgm: Buffer.alloc(0),
      gray,
      withInk: async () => gray,
      scale: 1,
    };
  };
  const at = (g: { data: Uint8Array; width: number }, x: number, y: number) => g.data[y * g.width + x];

  it('whitens a dark band around the paper, or down one side of it, with its soft edge, and keeps the text', () => {
    for (const band of ['ring', 'side'] as const) {
      const out = framelessPage(page(band));
      expect(out).not.toBeNull();
      const g = (out as NonNullable<typeof out>).gray;
      expect(at(g, 35, 300)).toBe(255); // the band
      expect(at(g, 48, 300)).toBe(255); // its edge, 3 px beyond
      expect(at(g, 100, 85)).toBe(30); // a text bar
      expect(at(g, 60, 300)).toBe(250); // paper
      expect(g.data.length).toBe(400 * 600);
    }
  });

  it('whitens the same band on the page drawn at another ink level', async () => {
    const framed = page('ring');
    // At a bolder ink the band and the text print darker; the band must not come back with it.
    const bolder = { ...framed.gray, data: framed.gray.data.map((v) => (v < 128 ? 0 : v)) };
    const out = framelessPage({ ...framed, withInk: async () => bolder });
    const g = await (out as NonNullable<typeof out>).withInk(0.6);
    expect(at(g, 35, 300)).toBe(255);
    expect(at(g, 48, 300)).toBe(255);
    expect(at(g, 100, 85)).toBe(0);
    expect(at(g, 60, 300)).toBe(250);
  });

  it('finds nothing on a page without one: text bars are no band', () => {
    expect(framelessPage(page('none'))).toBeNull();
  });
});

/** A white page with `lines` rows of dark blocks `text` px tall, like a ticket's lines of capitals. */
function ruledPage(width: number, text: number, lines: number) {
  const height = lines * text * 2 + 40;
  const data = new Uint8Array(width * height).fill(255);
  for (let l = 0; l < lines; l++) {
    const top = 20 + l * text * 2;
    for (let y = top; y < top + text; y++)
      for (let x = 20; x < width - 20; x++) if (x % 12 < 8) data[y * width + x] = 20;
  }
  return { data, width, height };
}

describe('textHeight', () => {
  it('measures the height of the text lines, whatever the page width, and nothing on a blank page', () => {
    expect(textHeight(ruledPage(600, 18, 20))).toBe(18);
    expect(textHeight(ruledPage(1400, 40, 12))).toBe(40);
    expect(textHeight({ data: new Uint8Array(400 * 300).fill(255), width: 400, height: 300 })).toBeNull();
  });

  it('measures dot-matrix print by its lines, not its dots', () => {
    const page = ruledPage(800, 21, 20);
    // Every third row of each line blank: 2-px dots with 1-px gaps, as a dot-matrix printer leaves them.
    for (let y = 0; y < page.height; y++) if (y % 3 === 2) page.data.fill(255, y * 800, (y + 1) * 800);
    expect(textHeight(page)).toBeGreaterThanOrEqual(19);
  });

  it('is not thrown by a few dots between the lines or a slight tilt', () => {
    const page = ruledPage(800, 20, 20);
    for (let i = 0; i < 40; i++) page.data[(30 + i * 19) * 800 + ((i * 97) % 800)] = 0;
    expect(textHeight(page)).toBe(20);
  });
});

describe('rescaleFactor', () => {
  it('enlarges small text to 17 px, shrinks a wide page to 900 px, and leaves a dev-like page alone', () => {
    expect(rescaleFactor(900, 2000, 20)).toBe(1);
    expect(rescaleFactor(600, 1200, 10)).toBeCloseTo(1.7);
    expect(rescaleFactor(1800, 4000, 40)).toBeCloseTo(0.5);
  });

  it('never shrinks a wide page below 13 px text, nor enlarges a wide page because its text is 13–16 px', () => {
    // A 1350 px page with 15 px text: to 900 px its text would be 10 px.
    expect(rescaleFactor(1350, 3000, 15)).toBeCloseTo(13 / 15);
    expect(rescaleFactor(1160, 3000, 13)).toBe(1);
  });

  it('caps the enlargement at 3× the photo and the page at 6 MP', () => {
    expect(rescaleFactor(300, 500, 4)).toBe(3);
    // A first look at half the photo: 17/4 of it is 2.1× the photo, within the cap.
    expect(rescaleFactor(300, 500, 4, 0.5)).toBeCloseTo(4.25);
    expect(rescaleFactor(300, 500, 2, 0.5)).toBe(6);
    // A 4000×600 panorama with 8 px text: enlarged only to 6 MP.
    expect(rescaleFactor(4000, 600, 8)).toBeCloseTo(Math.sqrt(6e6 / 2.4e6));
  });
});

describe('preparePage at the resolution tesseract reads best', () => {
  const photo = readFileSync('fixtures/receipts/dev-003-clean.jpg');
  const resized = async (image: Buffer, factor: number): Promise<Buffer> => {
    const { width = 0 } = await sharp(image).metadata();
    return sharp(image)
      .resize({ width: Math.round(width * factor) })
      .jpeg({ quality: 90 })
      .toBuffer();
  };
  const heightOf = async (image: Buffer, scale?: number): Promise<number | null> =>
    textHeight((await preparePage(image, scale === undefined ? {} : { scale })).gray);

  it('leaves a photo whose text is already readable as it is', async () => {
    const page = await preparePage(photo);
    expect(page.pgm.equals((await preparePage(photo, { scale: 1 })).pgm)).toBe(true);
  });

  it('shrinks a big photo, while decoding it, to a page as wide as those the preparation is tuned for', async () => {
    const big = await resized(photo, 3);
    expect((await preparePage(big, { scale: 1 })).gray.width).toBeGreaterThan(2500);
    const { width } = (await preparePage(big)).gray;
    expect(width).toBeGreaterThanOrEqual(660);
    expect(width).toBeLessThanOrEqual(1150);
  });

  it('prepares a page wider than those again at the width they have', async () => {
    const wide = await resized(readFileSync('fixtures/receipts/dev-001-clean.jpg'), 1.25);
    expect((await preparePage(wide, { scale: 1 })).gray.width).toBeGreaterThan(1150);
    const { width } = (await preparePage(wide)).gray;
    expect(Math.abs(width - 900)).toBeLessThanOrEqual(10);
  });

  it('says at what scale of the photo it prepared the page, for a re-preparation with other options', async () => {
    expect((await preparePage(photo)).scale).toBe(1);
    const small = await preparePage(await resized(photo, 0.45));
    expect(small.scale).toBeGreaterThan(1.2);
    const again = await preparePage(await resized(photo, 0.45), { black: 0.25, scale: small.scale });
    expect(again.gray.width).toBe(small.gray.width);
  });

  it('enlarges a small photo until its text is of a readable height', async () => {
    const small = await resized(photo, 0.45);
    expect(await heightOf(small, 1)).toBeLessThan(13);
    expect(await heightOf(small)).toBeGreaterThanOrEqual(15);
  });
});

describe('unreadTitle', () => {
  const width = 600;
  /**
   * A prepared page 600 px wide: body lines of 16 px text (ink in every other 8 px column) from y = 200, and
   * `draw` adding what is above them.
   */
  const page = (draw: (x: number, y: number) => boolean) => {
    const height = 400;
    const data = new Uint8Array(width * height).fill(255);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const body = y >= 200 && (y - 200) % 30 < 16 && x >= 40 && x < 560 && x % 8 < 4;
        if (body || draw(x, y)) data[y * width + x] = 0;
      }
    return { data, width, height };
  };
  /** What the first reading found: the body lines only, from y = 200. */
  const words = [0, 1, 2, 3, 4, 5].map((k) => ({
    text: 'PALABRA',
    confidence: 90,
    bbox: {
      x0: 40 + (k % 3) * 170,
      y0: 200 + 30 * Math.floor(k / 3),
      x1: 200 + (k % 3) * 170,
      y1: 216 + 30 * Math.floor(k / 3),
    },
  }));
  // A dark bar over x 60–540, y 90–150 with light strokes inside (a title printed white on it).
  const bar = (x: number, y: number) =>
    x >= 60 && x < 540 && y >= 90 && y < 150 && !(y >= 105 && y < 135 && x >= 100 && x < 500 && x % 20 < 10);
  // 40 px letters: strokes 6 px wide every 20 px, over x 100–500.
  const letters = (x: number, y: number, top: number) =>
    y >= top && y < top + 40 && x >= 100 && x < 500 && x % 20 < 6;

  it('finds large print above the first line read, and nothing when the reading starts at the top', () => {
    const box = unreadTitle(
      page((x, y) => letters(x, y, 100)),
      words,
    );
    expect(box).toMatchObject({ x0: 0, x1: width, inverse: false });
    expect(box?.y0).toBeLessThanOrEqual(100);
    expect(box?.y1).toBeGreaterThanOrEqual(140);
    expect(box?.y1).toBeLessThan(200);
    expect(
      unreadTitle(
        page(() => false),
        words,
      ),
    ).toBeNull();
    // Body-sized print above (a greeting, a branch) is no title.
    expect(
      unreadTitle(
        page((x, y) => y >= 120 && y < 136 && x >= 100 && x < 500 && x % 8 < 4),
        words,
      ),
    ).toBeNull();
    // A title the reading has (a word box over it): nothing left to read.
    const withTitle = [
      ...words,
      { text: 'TITULO', confidence: 90, bbox: { x0: 100, y0: 100, x1: 500, y1: 140 } },
    ];
    expect(
      unreadTitle(
        page((x, y) => letters(x, y, 100)),
        withTitle,
      ),
    ).toBeNull();
    // A title OCR garbled with low confidence counts as unread.
    const garbled = [...words, { text: 'Mo', confidence: 20, bbox: { x0: 100, y0: 100, x1: 500, y1: 140 } }];
    expect(
      unreadTitle(
        page((x, y) => letters(x, y, 100)),
        garbled,
      ),
    ).not.toBeNull();
  });

  it('tells a title printed white on a dark bar from a band of the table, which holds nothing to read', () => {
    const box = unreadTitle(page(bar), words);
    expect(box).toMatchObject({ inverse: true, y0: 90, y1: 150 });
    expect(box?.x0).toBeGreaterThanOrEqual(55);
    expect(box?.x1).toBeLessThanOrEqual(545);
    // A solid band (the table's edge, a shadow) with no print in it.
    expect(
      unreadTitle(
        page((_, y) => y >= 30 && y < 70),
        words,
      ),
    ).toBeNull();
    // The band at the very top of the page, with a title below it: the title alone.
    const both = unreadTitle(
      page((x, y) => y < 20 || letters(x, y, 100)),
      words,
    );
    expect(both?.y0).toBeGreaterThan(20);
  });

  it('finds a bar whose white letters are thin, and a title below the shadow of the paper’s edge', () => {
    // Strokes 4 px every 20 px: the print's rows stay more than 60 % dark, lighter than the bar's solid rows.
    const thin = (x: number, y: number) =>
      x >= 60 && x < 540 && y >= 90 && y < 150 && !(y >= 105 && y < 135 && x >= 100 && x < 500 && x % 20 < 4);
    expect(unreadTitle(page(thin), words)).toMatchObject({ inverse: true, y0: 90, y1: 150 });
    // A shadow solid at its top edge and fading downwards (the paper's edge, photographed) is no bar: the title
    // under it is found, dark on light.
    const shadow = (x: number, y: number) => y >= 20 && y < 60 && x % 10 < 10 - Math.floor((y - 20) / 4);
    const box = unreadTitle(
      page((x, y) => shadow(x, y) || letters(x, y, 100)),
      words,
    );
    expect(box).toMatchObject({ inverse: false });
    expect(box?.y0).toBeGreaterThan(60);
  });

  it('takes a bold title, dark in most of its rows but letter by letter, for print, not a bar', () => {
    // 40 px letters over x 40–560 whose top and bottom strokes fill 70 % of each 10 px (E, S, C, O), 3 px apart.
    const bold = (x: number, y: number) =>
      y >= 100 && y < 140 && x >= 40 && x < 560 && x % 10 < (y < 108 || y >= 132 ? 7 : 3);
    const box = unreadTitle(page(bold), words);
    expect(box).toMatchObject({ x0: 0, x1: width, inverse: false });
    expect(box?.y0).toBeLessThanOrEqual(100);
    expect(box?.y1).toBeGreaterThanOrEqual(140);
  });

  it('finds a title inside a dark frame whose sides, outside the text, run down part of the rows above it', () => {
    // The table's band across the top and down both sides (x < 16, x ≥ 584) as far as y 140: a tilted paper's
    // edge, dark over less than 60 % of the rows above the first line read.
    const frame = (x: number, y: number) =>
      (y >= 30 && y < 50) || (y >= 30 && y < 140 && (x < 16 || x >= 584));
    const box = unreadTitle(
      page((x, y) => frame(x, y) || letters(x, y, 100)),
      words,
    );
    expect(box).toMatchObject({ inverse: false });
    expect(box?.y0).toBeGreaterThan(50);
    expect(box?.y1).toBeGreaterThanOrEqual(140);
  });

  it('finds a bar as tall as most of the rows above the first line read, inside the text’s width', () => {
    // y 20–150: 130 of the 197 rows above the body; white print over y 50–120.
    const tall = (x: number, y: number) =>
      x >= 60 && x < 540 && y >= 20 && y < 150 && !(y >= 50 && y < 120 && x >= 100 && x < 500 && x % 20 < 10);
    expect(unreadTitle(page(tall), words)).toMatchObject({ inverse: true, y0: 20, y1: 150 });
  });

  it('bounds a bar by its own dark stretch, not by the paper’s dark edges beyond the light paper beside it', () => {
    // The table's dark band down both sides of the paper (x < 16, x ≥ 584), light paper between it and the bar.
    const box = unreadTitle(
      page((x, y) => bar(x, y) || x < 16 || x >= 584),
      words,
    );
    expect(box).toMatchObject({ inverse: true, y0: 90, y1: 150 });
    expect(box?.x0).toBeGreaterThanOrEqual(55);
    expect(box?.x1).toBeLessThanOrEqual(545);
  });

  it('inverts a bar’s crop inside a white margin: its print dark, its ground and rim light', async () => {
    // A bar (grey 70) with white print (230) and a light rim (190) two pixels wide, as a photographed bar's edge.
    const width = 120;
    const height = 40;
    const data = new Uint8Array(width * height).map((_, i) => {
      const x = i % width;
      const y = Math.floor(i / width);
      if (x < 2 || y < 2 || x >= width - 2 || y >= height - 2) return 190;
      return x >= 40 && x < 80 && y >= 15 && y < 25 ? 230 : 70;
    });
    const g = { data, width, height };
    const box = { x0: 0, y0: 0, x1: width, y1: height, inverse: true };
    const margin = Math.round(height / 3);
    const at = (cut: { data: Uint8Array; width: number }, x: number, y: number) =>
      cut.data[(y + margin) * cut.width + x + margin];
    const grey = await grayCrop(g, box);
    expect([at(grey, 0, 0), at(grey, 10, 10), at(grey, 50, 20)]).toEqual([65, 185, 25]);
  });

  it('hands a bar’s print to OCR dark on white', async () => {
    const g = page(bar);
    const box = unreadTitle(g, words);
    if (!box) throw new Error('no title found');
    const cut = await grayCrop(g, box);
    const at = (x: number, y: number) => cut.data[y * cut.width + x];
    const margin = Math.round((box.y1 - box.y0) / 3);
    expect(at(2, 2)).toBe(255); // the white margin
    expect(at(margin + 104 - box.x0, margin + 120 - box.y0)).toBe(0); // the print, now dark
    expect(at(margin + 100 - box.x0, margin + 95 - box.y0)).toBe(255); // the bar, now light
  });
});

describe('cropGray', () => {
  it('copies exactly the pixels sharp extract() gives for the same rectangle', async () => {
    const width = 37;
    const height = 23;
    const data = Uint8Array.from({ length: width * height }, (_, i) => (i * 7919) % 251);
    const cut = cropGray({ data, width, height }, 5, 3, 20, 11);
    const ref = await sharp(data, { raw: { width, height, channels: 1 } })
      .extract({ left: 5, top: 3, width: 20, height: 11 })
      .extractChannel(0)
      .raw()
      .toBuffer();
    expect([cut.width, cut.height]).toEqual([20, 11]);
    expect(Buffer.from(cut.data).equals(ref)).toBe(true);
  });
});
