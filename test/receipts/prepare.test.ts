import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { prepareImage, preparePage } from '../../src/receipts/prepare.js';

describe('preparePage', () => {
  it('maps the same page at another ink level exactly as a fresh preparation at that level would', async () => {
    for (const file of ['dev-001-clean.jpg', 'dev-021-mild.jpg']) {
      const photo = readFileSync(`fixtures/receipts/${file}`);
      const page = await preparePage(photo);
      expect(page.png.equals(await prepareImage(photo))).toBe(true);
      const bold = await page.withInk(0.6);
      expect(bold.equals(await prepareImage(photo, { black: 0.6 }))).toBe(true);
      expect(bold.equals(page.png)).toBe(false);
    }
  });
});
