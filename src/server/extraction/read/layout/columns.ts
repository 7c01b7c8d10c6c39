// The columns of a table without ruling lines: the gutters, x ranges that no word of its rows
// reaches, separate them (a projection of the words onto the x axis). A gutter may be narrow, so
// columns set close together stay apart, but not as narrow as the space between two words.
import { median, type TextLine } from './lines';
import type { Word } from './types';

export type Column = { x0: number; x1: number };

/** A gutter narrower than this share of the font size is the space between two words. */
const MIN_GUTTER = 0.4;
/** Nor is one narrower than this many of the table's own spaces between words. */
const MIN_GUTTER_SPACES = 1.5;

/** The usual gap between two words of a phrase (gaps under one font size), in page units. */
function spaceWidth(lines: TextLine[]): number {
  const gaps: number[] = [];
  for (const line of lines) {
    line.words.forEach((word, i) => {
      const gap = i > 0 ? word.x0 - line.words[i - 1]!.x1 : Infinity;
      if (gap > 0 && gap < line.size) gaps.push(gap);
    });
  }
  return median(gaps);
}

/** Columns of `lines`, left to right. */
export function findColumns(lines: TextLine[]): Column[] {
  if (lines.length === 0) return [];
  const size = lines.reduce((sum, line) => sum + line.size, 0) / lines.length;
  const minGutter = Math.max(MIN_GUTTER * size, MIN_GUTTER_SPACES * spaceWidth(lines));
  const events: [number, number][] = [];
  for (const line of lines) {
    for (const word of line.words) events.push([word.x0, 1], [word.x1, -1]);
  }
  events.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const columns: Column[] = [];
  let depth = 0;
  let start = events[0]![0];
  let gapStart: number | null = null;
  for (const [x, step] of events) {
    const wasOpen = depth > 0;
    depth += step;
    const isOpen = depth > 0;
    if (!wasOpen && isOpen) {
      if (gapStart !== null && x - gapStart < minGutter) {
        gapStart = null;
        continue;
      }
      if (gapStart !== null) columns.push({ x0: start, x1: gapStart });
      start = x;
      gapStart = null;
    } else if (wasOpen && !isOpen) gapStart = x;
  }
  columns.push({ x0: start, x1: gapStart ?? events.at(-1)![0] });
  return columns;
}

/** The column a word belongs to: the one holding its middle, else the nearest. */
export function columnOf(columns: Column[], word: Pick<Word, 'x0' | 'x1'>): number {
  const middle = (word.x0 + word.x1) / 2;
  let best = 0;
  let bestDistance = Infinity;
  columns.forEach((column, index) => {
    const distance = middle < column.x0 ? column.x0 - middle : Math.max(0, middle - column.x1);
    if (distance < bestDistance) [best, bestDistance] = [index, distance];
  });
  return best;
}

/** Columns `x0..x1` overlaps, as a range of indexes (empty when it falls in a gutter). */
export function overlappedColumns(columns: Column[], x0: number, x1: number): number[] {
  return columns.flatMap((column, index) => (column.x1 > x0 && column.x0 < x1 ? [index] : []));
}
