import { describe, expect, it } from 'vitest';
import {
  drawPriceTable,
  drawTextBlock,
  grayOf,
  rotated,
} from '../../../../../tests/fixtures/photo-fixtures';
import { findInk } from './ink';
import { isSideways } from './orientation';

describe('isSideways', () => {
  it('tells text turned sideways from upright or upside-down text', () => {
    const block = drawTextBlock();
    expect(isSideways(findInk(grayOf(block)))).toBe(false);
    expect(isSideways(findInk(grayOf(rotated(block, 90))))).toBe(true);
    expect(isSideways(findInk(grayOf(rotated(block, 270))))).toBe(true);
    expect(isSideways(findInk(grayOf(rotated(block, 180))))).toBe(false);
  });

  it('is not fooled by a table whose columns stand out more than its lines', () => {
    const table = drawPriceTable();
    expect(isSideways(findInk(grayOf(table)))).toBe(false);
    expect(isSideways(findInk(grayOf(rotated(table, 90))))).toBe(true);
  });
});
