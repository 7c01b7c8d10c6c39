import { describe, expect, it } from 'vitest';
import { drawTextBlock, grayOf, rotated } from '../../../../../tests/fixtures/photo-fixtures';
import { ALL_STEPS, cleanUp } from './clean-up';
import { boxBack } from './geometry';
import type { GrayImage } from './gray-image';
import { findInk } from './ink';
import { isSideways } from './orientation';
import { skewAngle } from './skew';
import { turnBack, turnImage } from './turn';

/** The centre of the image's ink, each pixel (at its centre) weighed by how dark it is. */
function inkCentre(image: GrayImage) {
  let [sx, sy, total] = [0, 0, 0];
  for (let i = 0; i < image.data.length; i += 1) {
    const ink = 255 - (image.data[i] ?? 255);
    sx += ((i % image.width) + 0.5) * ink;
    sy += (Math.floor(i / image.width) + 0.5) * ink;
    total += ink;
  }
  return [sx / total, sy / total] as const;
}

describe('cleanUp', () => {
  it('turns a photo taken sideways and skewed by 3° upright and level', () => {
    const photo = grayOf(rotated(drawTextBlock(), 93));
    const cleaned = cleanUp(photo, new Set(ALL_STEPS));
    expect(cleaned.quarters).toBe(1);
    const ink = findInk(cleaned.image);
    expect(isSideways(ink)).toBe(false);
    expect(Math.abs(skewAngle(ink))).toBeLessThanOrEqual(0.5);
    expect(cleaned.image.width).toBeGreaterThan(cleaned.image.height);
  });

  it('maps points of the cleaned image back onto the photo', () => {
    const photo = grayOf(rotated(drawTextBlock(10), 94));
    // Without evening out the light, the ink is the same pixels in both images.
    const cleaned = cleanUp(photo, new Set(['rotation', 'deskew', 'upscale'] as const));
    expect(cleaned.factor).toBeGreaterThan(1);
    const [cx, cy] = inkCentre(cleaned.image);
    const [px, py] = cleaned.back(cx, cy);
    const [ex, ey] = inkCentre(photo);
    expect(Math.hypot(px - ex, py - ey)).toBeLessThan(1.5);
  });

  it('keeps the box of a word on the photo when only some steps run', () => {
    const photo = grayOf(drawTextBlock());
    const cleaned = cleanUp(photo, new Set());
    expect(cleaned.image).toBe(photo);
    expect(
      boxBack({ x0: 10, y0: 20, x1: 30, y1: 40 }, cleaned.back, photo.width, photo.height),
    ).toEqual({ x0: 10, y0: 20, x1: 30, y1: 40 });
  });
});

describe('quarter turns', () => {
  it('turns pixels and maps them back, each way', () => {
    const image: GrayImage = { width: 3, height: 2, data: Uint8Array.from([1, 2, 3, 4, 5, 6]) };
    expect([...turnImage(image, 1).data]).toEqual([4, 1, 5, 2, 6, 3]);
    expect([...turnImage(image, 2).data]).toEqual([6, 5, 4, 3, 2, 1]);
    expect([...turnImage(image, 3).data]).toEqual([3, 6, 2, 5, 1, 4]);
    for (const quarters of [1, 2, 3] as const) {
      const turned = turnImage(image, quarters);
      const back = turnBack(quarters, image.width, image.height);
      for (let i = 0; i < turned.data.length; i += 1) {
        const [x, y] = back((i % turned.width) + 0.5, Math.floor(i / turned.width) + 0.5);
        expect(image.data[Math.floor(y) * image.width + Math.floor(x)]).toBe(turned.data[i]);
      }
    }
  });
});
