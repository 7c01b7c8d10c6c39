import { describe, expect, it } from 'vitest';
import { findGrids } from './grid';
import type { Ruling } from './types';

const h = (y: number, x0: number, x1: number): Ruling => ({ x0, y0: y, x1, y1: y });
const v = (x: number, y0: number, y1: number): Ruling => ({ x0: x, y0, x1: x, y1 });

describe('findGrids', () => {
  it('makes one cell of grid cells that no line separates', () => {
    // Three columns, two rows; the top row has no line between its second and third cell.
    const rulings = [
      h(0, 0, 300),
      h(20, 0, 300),
      h(40, 0, 300),
      v(0, 0, 40),
      v(100, 0, 40),
      v(200, 20, 40),
      v(300, 0, 40),
    ];
    const [grid] = findGrids(rulings);

    expect(grid?.xs).toEqual([0, 100, 200, 300]);
    expect(grid?.ys).toEqual([0, 20, 40]);
    expect(grid?.cells.find((cell) => cell.row === 0 && cell.column === 1)).toMatchObject({
      rowSpan: 1,
      columnSpan: 2,
    });
    expect(grid?.cells).toHaveLength(5);
  });

  it('joins a line drawn piece by piece, in any order, into one', () => {
    const rulings = [
      h(20.0000001, 100, 200),
      h(20, 0, 100),
      h(20, 200, 300),
      h(0, 0, 300),
      h(40, 0, 300),
      v(0, 0, 40),
      v(300, 0, 40),
      v(150, 0, 40),
    ];
    const [grid] = findGrids(rulings);

    expect(grid?.cells.every((cell) => cell.rowSpan === 1 && cell.columnSpan === 1)).toBe(true);
    expect(grid?.cells).toHaveLength(4);
  });

  it('finds no grid in lines that do not cross', () => {
    expect(findGrids([h(0, 0, 100), h(20, 0, 100), v(200, 0, 20)])).toEqual([]);
  });
});
