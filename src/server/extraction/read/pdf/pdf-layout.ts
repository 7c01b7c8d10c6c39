// What a PDF adds to the layout of one page: running headers and footers that repeat across
// pages are found first (and dropped), and a table carried on from one page to the next is joined.
import { dropRunningLines } from '../clean-text';
import { lineText, type TextLine } from '../layout/lines';
import type { Block } from '../types';

/**
 * The lines of each page that are running headers, footers or page numbers. Every line takes part
 * in the count, so that "top" and "bottom" mean the page's real edges; callers keep table rows.
 */
export function findRunningLines(pages: TextLine[][]): Set<TextLine> {
  const kept = dropRunningLines(pages.map((lines) => lines.map(lineText)));
  const running = new Set<TextLine>();
  pages.forEach((lines, p) => {
    const texts = kept[p] ?? [];
    let next = 0;
    for (const line of lines) {
      if (texts[next] === lineText(line)) next += 1;
      else running.add(line);
    }
  });
  return running;
}

const hasDigits = (cells: string[]) => cells.some((cell) => /\d/.test(cell));
const widthOf = (block: Extract<Block, { kind: 'table' }>) =>
  Math.max(block.table.header.length, ...block.table.rows.map((row) => row.length));

/**
 * A table that opens a page right after a table that closed the page before, with as many
 * columns, and whose first row is data (it has no header, or a header of figures where that
 * table's header held none), carries it on: it takes the header of the table it continues.
 */
export function joinContinuedTables(blocks: Block[]): Block[] {
  const joined: Block[] = [];
  for (const block of blocks) {
    const previous = joined.at(-1);
    const isContinuation =
      block.kind === 'table' &&
      previous?.kind === 'table' &&
      typeof block.page === 'number' &&
      previous.page === block.page - 1 &&
      previous.table.header.length > 0 &&
      widthOf(previous) === widthOf(block) &&
      !hasDigits(previous.table.header) &&
      (block.table.header.length === 0 || hasDigits(block.table.header));
    if (!isContinuation) {
      joined.push(block);
      continue;
    }
    const { header, rows } = block.table;
    joined.push({
      ...block,
      table: {
        ...block.table,
        header: previous.table.header,
        rows: header.length > 0 ? [header, ...rows] : rows,
      },
    });
  }
  return joined;
}
