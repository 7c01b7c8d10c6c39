// What a PDF adds to the layout of one page: running headers and footers that repeat across
// pages are found first (and dropped), and a table carried on from one page to the next is joined.
import { dropRunningLines } from '../../clean-text';
import { lineText, type TextLine } from '../../layout/lines';
import type { Block } from '../../types';

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
type TableBlock = Extract<Block, { kind: 'table' }>;
const widthOf = (block: TableBlock) =>
  Math.max(block.table.header.length, ...block.table.rows.map((row) => row.length));
const headingKey = (cells: string[]) =>
  cells.map((cell) => cell.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')).join('|');

/**
 * A table that opens a page right after a table that closed the page before, with as many
 * columns, and whose first row is data (it has no header, or a header of figures where that
 * table's header held none), carries it on: it takes the header of the table it continues.
 */
function continuesWithoutHeader(block: TableBlock, previous: TableBlock): boolean {
  return (
    previous.table.header.length > 0 &&
    widthOf(previous) === widthOf(block) &&
    !hasDigits(previous.table.header) &&
    (block.table.header.length === 0 || hasDigits(block.table.header))
  );
}

/** A table printed again under its repeated headings on the next page carries the table on. */
const repeatsHeader = (block: TableBlock, previous: TableBlock) =>
  block.table.header.length > 0 &&
  widthOf(previous) === widthOf(block) &&
  headingKey(block.table.header) === headingKey(previous.table.header);

const CONTINUED = /\b(?:continued|cont(?:['’]d|\.))/i;

/**
 * What stands between a table and its continuation on the next page and may go: its title printed
 * again, or a line saying it is continued. Null when anything else stands there.
 */
function between(blocks: Block[], tableIndex: number): Block[] | null {
  const seen = new Set(
    blocks.slice(0, tableIndex).flatMap((block) => ('text' in block ? [block.text] : [])),
  );
  const after = blocks.slice(tableIndex + 1);
  const isRepeat = (block: Block) =>
    'text' in block && (seen.has(block.text) || CONTINUED.test(block.text));
  return after.every(isRepeat) ? after : null;
}

/**
 * Tables carried on from one page to the next: one without its header takes the header of the
 * table it continues; one under its repeated headings (and title) joins that table.
 */
export function joinContinuedTables(blocks: Block[]): Block[] {
  const joined: Block[] = [];
  for (const block of blocks) {
    const index = joined.findLastIndex((item) => item.kind === 'table');
    const previous = joined[index];
    const isNextPage =
      block.kind === 'table' &&
      previous?.kind === 'table' &&
      typeof block.page === 'number' &&
      previous.page === block.page - 1;
    if (!isNextPage || block.kind !== 'table' || previous?.kind !== 'table') {
      joined.push(block);
      continue;
    }
    const { header, rows } = block.table;
    if (index === joined.length - 1 && continuesWithoutHeader(block, previous)) {
      const carried = header.length > 0 ? [header, ...rows] : rows;
      joined.push({
        ...block,
        table: { ...block.table, header: previous.table.header, rows: carried },
      });
    } else if (repeatsHeader(block, previous) && between(joined, index) !== null) {
      // The repeated title and headings go; the rows join the table they carry on.
      const table = { ...previous.table, rows: [...previous.table.rows, ...rows] };
      joined.splice(index, Infinity, { ...previous, table });
    } else joined.push(block);
  }
  return joined;
}
