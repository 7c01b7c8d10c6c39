// Two tables set side by side (assets beside liabilities, males beside females, the blocks of a
// tax table): their rows share lines, so they first come out as one wide table whose rows hold
// two rows each. They are told apart from one table by a second column of row labels after a
// gutter: the right part repeats the left part's headings, or both parts open with a column of
// labels of several words and the gutter between them is the table's widest or one part runs on
// where the other has ended.
import { isNumeric } from './cell-table';
import { columnOf, type Column } from './columns';
import { groupLines, joinWords, phrases, type LineInfo } from './lines';
import { firstDataLine } from './stream-table';
import type { Word } from './types';

/** A column of labels: most of its cells in the data lines hold words, on average this many. */
const LABEL_WORDS = 2;
/** Its gutter is this many times wider than any other gutter of the table. */
const WIDER_GUTTER = 1.5;

const normalized = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** Each column's text on each line. */
function cellTexts(infos: LineInfo[], columns: Column[]): string[][] {
  return infos.map(({ line }) => {
    const cells = columns.map(() => [] as Word[]);
    for (const word of line.words) cells[columnOf(columns, word)]!.push(word);
    return cells.map((words) => joinWords(words));
  });
}

function isLabelColumn(rows: string[][], column: number): boolean {
  const cells = rows.map((row) => row[column]!).filter(Boolean);
  const labels = cells.filter((cell) => !isNumeric(cell) && /\p{L}/u.test(cell));
  const words = labels.reduce((sum, cell) => sum + cell.split(' ').length, 0);
  return (
    cells.length >= 2 &&
    labels.length * 4 >= cells.length * 3 &&
    words >= LABEL_WORDS * labels.length
  );
}

const hasFigures = (rows: string[][], from: number, to: number) =>
  rows.some((row) => row.slice(from, to).some((cell) => isNumeric(cell)));

/** Each column's lowest heading. */
const lowestHeadings = (head: string[][], width: number) =>
  Array.from({ length: width }, (_, c) => normalized(head.findLast((row) => row[c])?.[c] ?? ''));

/** The right part's headings are the left part's again, column for column. */
function repeatsHeadings(head: string[][], split: number, width: number): boolean {
  if (split * 2 !== width) return false;
  const lowest = lowestHeadings(head, width);
  const [left, right] = [lowest.slice(0, split), lowest.slice(split)];
  return left.some(Boolean) && left.every((text, i) => text === right[i]);
}

/** A line of data that fills one part and leaves the other empty: tables of unequal length. */
const endsBefore = (body: string[][], split: number) =>
  body.some((row) => {
    const [left, right] = [row.slice(0, split), row.slice(split)];
    return (
      (left.every(Boolean) && right.every((c) => !c)) ||
      (right.every(Boolean) && left.every((c) => !c))
    );
  });

/** The column where a second table starts, or null for one table. */
export function sideBySideSplit(infos: LineInfo[], columns: Column[]): number | null {
  if (columns.length < 4) return null;
  const first = firstDataLine(infos);
  const cells = cellTexts(infos, columns);
  const [head, body] = [cells.slice(0, first), cells.slice(first)];
  const gutters = columns.slice(1).map((column, i) => column.x0 - columns[i]!.x1);
  for (let split = 2; split <= columns.length - 2; split++) {
    if (!hasFigures(body, 1, split) || !hasFigures(body, split + 1, columns.length)) continue;
    if (repeatsHeadings(head, split, columns.length)) return split;
    const gutter = gutters[split - 1]!;
    const isWidest = gutters.every((other, i) => i === split - 1 || gutter >= WIDER_GUTTER * other);
    const isApart = isWidest || endsBefore(body, split);
    if (isApart && isLabelColumn(body, 0) && isLabelColumn(body, split)) return split;
  }
  return null;
}

/** The lines of the words on one side of x, as lines of their own. */
export function linesBeside(infos: LineInfo[], x: number, isLeft: boolean): LineInfo[] {
  const words = infos
    .flatMap((info) => info.line.words)
    .filter((word) => (word.x0 + word.x1) / 2 < x === isLeft);
  return groupLines(words).map((line) => ({ line, phrases: phrases(line) }));
}
