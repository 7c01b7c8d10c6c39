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
});
