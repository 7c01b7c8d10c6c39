import { describe, expect, it } from 'vitest';
import { drawTextBlock, grayOf, rotated } from '../../../../../tests/fixtures/photo-fixtures';
import { findInk } from './ink';
import { skewAngle, straighten } from './skew';

describe('skew', () => {
  it.each([4, -4, 9])('finds lines skewed by %s° within half a degree', (degrees) => {
    const photo = grayOf(rotated(drawTextBlock(), degrees));
    expect(Math.abs(skewAngle(findInk(photo)) - degrees)).toBeLessThanOrEqual(0.5);
  });

  it('straightens a block skewed by 4° so that its lines run level', () => {
    const photo = grayOf(rotated(drawTextBlock(), 4));
    const { image } = straighten(photo, skewAngle(findInk(photo)));
    expect(Math.abs(skewAngle(findInk(image)))).toBeLessThanOrEqual(0.5);
  });

  it('leaves level text as it is', () => {
    const upright = grayOf(drawTextBlock());
    expect(Math.abs(skewAngle(findInk(upright)))).toBeLessThanOrEqual(0.3);
    expect(straighten(upright, 0.1).image).toBe(upright);
  });

  it('finds no skew where there is no text', () => {
    const blank = { width: 640, height: 400, data: new Uint8Array(640 * 400).fill(255) };
    for (let y = 100; y < 300; y += 1) blank.data.fill(204, y * 640 + 120, y * 640 + 520);
    expect(skewAngle(findInk(blank))).toBe(0);
  });
});
