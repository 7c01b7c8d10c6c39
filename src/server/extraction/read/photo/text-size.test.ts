import { describe, expect, it } from 'vitest';
import { drawTextBlock, grayOf } from '../../../../../tests/fixtures/photo-fixtures';
import { findInk } from './ink';
import { enlarge, letterHeight, SMALL_LETTER, upscaleFactor } from './text-size';

describe('text size', () => {
  it('measures letters about as tall as the font draws them', () => {
    const height = letterHeight(findInk(grayOf(drawTextBlock(30))));
    expect(height).toBeGreaterThanOrEqual(18);
    expect(height).toBeLessThanOrEqual(26);
  });

  it('leaves text of a readable size alone', () => {
    expect(upscaleFactor(letterHeight(findInk(grayOf(drawTextBlock(30)))))).toBe(1);
  });

  it('enlarges small text until its letters are of a readable size', () => {
    const small = grayOf(drawTextBlock(11));
    const factor = upscaleFactor(letterHeight(findInk(small)));
    expect(factor).toBeGreaterThan(1.5);
    const { image, back } = enlarge(small, factor);
    expect(image.width).toBe(Math.round(small.width * factor));
    expect(letterHeight(findInk(image))).toBeGreaterThanOrEqual(SMALL_LETTER);
    const [x, y] = back(image.width, image.height);
    expect(x).toBeCloseTo(small.width, 5);
    expect(y).toBeCloseTo(small.height, 5);
  });
});
