import { cleanLine } from './clean-text';

function escapeCell(cell: string): string {
  return cleanLine(cell.replace(/\n/g, ' ')).replace(/\|/g, '\\|');
}

/** The header toGfmTable numbers for a table without one: "| Column 1 | Column 2 |". */
const NUMBERED_HEADER = /^\| Column 1 \|(?: Column \d+ \|)*\n/;

/**
 * Where the rows of a GFM table start when its header was numbered here (it is not on the page,
 * so no word of it is placed there); 0 when the table has a header of its own.
 */
export function numberedHeaderLength(table: string): number {
  return NUMBERED_HEADER.exec(table)?.[0].length ?? 0;
}

/**
 * A GFM table. Ragged rows are padded so every cell keeps its column; a table without a header
 * gets numbered column names so that GFM still reads it as a table.
 */
export function toGfmTable(header: string[], rows: string[][]): string {
  const width = Math.max(header.length, ...rows.map((row) => row.length), 1);
  const head =
    header.length > 0 ? header : Array.from({ length: width }, (_, i) => `Column ${i + 1}`);
  const pad = (cells: string[]) =>
    Array.from({ length: width }, (_, i) => escapeCell(cells[i] ?? ''));
  const line = (cells: string[]) => `| ${pad(cells).join(' | ')} |`;
  return [
    line(head),
    `| ${Array.from({ length: width }, () => '---').join(' | ')} |`,
    ...rows.map(line),
  ].join('\n');
}
