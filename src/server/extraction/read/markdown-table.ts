import { cleanLine } from './clean-text';

function escapeCell(cell: string): string {
  return cleanLine(cell.replace(/\n/g, ' ')).replace(/\|/g, '\\|');
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
