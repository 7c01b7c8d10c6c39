import { describe, expect, it } from 'vitest';
import { drawTextBlock, grayOf, shaded } from '../../../../../tests/fixtures/photo-fixtures';
import type { GrayImage } from './gray-image';
import { cleanUp } from './clean-up';
import { binarise, flattenLighting, isUnevenlyLit, smooth } from './lighting';

/** The share of pixels that are black in a binary image, within columns [from, to). */
function blackShare(image: GrayImage, from: number, to: number) {
  let black = 0;
  for (let y = 0; y < image.height; y += 1)
    for (let x = from; x < to; x += 1) if (image.data[y * image.width + x] === 0) black += 1;
  return black / ((to - from) * image.height);
}

describe('lighting', () => {
  const clean = binarise(grayOf(drawTextBlock()));
  const photo = grayOf(shaded(drawTextBlock(), 0.75));
  const { width } = photo;

  it('a shadow across the page turns to black under one threshold for the whole image', () => {
    const plain = binarise(photo);
    expect(blackShare(plain, width - 60, width)).toBeGreaterThan(0.9);
  });

  it('evened out first, paper is white in the light and in the shadow, and the text stays', () => {
    const flat = binarise(smooth(flattenLighting(photo)));
    const [lit, dark] = [
      [0, Math.round(width / 3)],
      [Math.round((2 * width) / 3), width],
    ] as const;
    // As much ink as the unshaded picture has, in the lit third and in the darkest third.
    for (const [from, to] of [lit, dark]) {
      const expected = blackShare(clean, from, to);
      expect(blackShare(flat, from, to)).toBeGreaterThan(expected * 0.7);
      expect(blackShare(flat, from, to)).toBeLessThan(expected * 1.5);
    }
  });

  it('is evened out only where the paper is lit unevenly', () => {
    expect(isUnevenlyLit(photo)).toBe(true);
    expect(isUnevenlyLit(grayOf(drawTextBlock()))).toBe(false);
  });

  it('leaves an evenly lit scan with faint print as it is', () => {
    // Pale gray print on off-white paper, as a flatbed scans a faded thermal receipt.
    const scan = grayOf(drawTextBlock());
    const faint = { ...scan, data: scan.data.map((value) => Math.round(160 + (value * 75) / 255)) };
    expect(isUnevenlyLit(faint)).toBe(false);
    expect(cleanUp(faint, new Set(['lighting'])).image.data).toEqual(faint.data);
  });
});
