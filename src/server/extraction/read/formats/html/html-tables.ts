import type { TableSource } from '../../../../../shared/document';
import type { TableData } from '../../types';
import { hasDescendantTag, tagOf } from './dom';
import { inferHeaderRows } from './html-header';
import { inlineText } from './inline-text';

// Spans are capped so that a hostile `colspan="100000"` cannot build a huge grid.
const MAX_COLSPAN = 200;
const LAYOUT_CONTENT = new Set(
  'h1 h2 h3 h4 h5 h6 article section main blockquote pre nav form'.split(' '),
);
const MAX_DATA_CELL_CHARACTERS = 2000;
const TABLE = new Set(['table']);

type RowGroup = { isHead: boolean; rows: Element[] };

function childrenTagged(element: Element, tags: string[]): Element[] {
  return Array.from(element.children).filter((child) => tags.includes(tagOf(child)));
}

/** The table's own row groups (not those of nested tables): head first, foot last. */
function rowGroups(table: Element): RowGroup[] {
  const groups: RowGroup[] = [];
  const feet: RowGroup[] = [];
  let loose: Element[] | null = null;
  for (const child of Array.from(table.children)) {
    const tag = tagOf(child);
    if (tag === 'tr') {
      if (!loose) groups.push({ isHead: false, rows: (loose = []) });
      loose.push(child);
      continue;
    }
    loose = null;
    const rows = childrenTagged(child, ['tr']);
    if (tag === 'thead') groups.push({ isHead: true, rows });
    if (tag === 'tbody') groups.push({ isHead: false, rows });
    if (tag === 'tfoot') feet.push({ isHead: false, rows });
  }
  return [...groups, ...feet].filter((group) => group.rows.length > 0);
}

function cellsOf(row: Element): Element[] {
  return childrenTagged(row, ['td', 'th']);
}

function span(cell: Element, name: string, fallback: number, max: number): number {
  const value = Number.parseInt(cell.getAttribute(name) ?? '', 10);
  if (!Number.isFinite(value) || value < 0) return 1;
  return Math.min(value === 0 ? fallback : value, max);
}

/** One row group as a grid: a spanning cell's text is repeated into every cell it covers. */
function groupGrid(rows: Element[]): string[][] {
  const grid: (string | undefined)[][] = rows.map(() => []);
  rows.forEach((row, r) => {
    let column = 0;
    for (const cell of cellsOf(row)) {
      while (grid[r]?.[column] !== undefined) column++;
      const text = inlineText(cell, 'cell');
      const colspan = span(cell, 'colspan', 1, MAX_COLSPAN);
      const rowspan = span(cell, 'rowspan', rows.length - r, rows.length - r);
      for (let i = 0; i < rowspan; i++) {
        const target = grid[r + i];
        for (let j = 0; target && j < colspan; j++) target[column + j] = text;
      }
      column += colspan;
    }
  });
  return grid.map((row) => Array.from(row, (cell) => cell ?? ''));
}

/** Header rows stacked above a column become one name: "Price" over "Adult" → "Price Adult". */
function combineHeaderRows(rows: string[][], width: number): string[] {
  return Array.from({ length: width }, (_, column) => {
    const parts: string[] = [];
    for (const row of rows) {
      const cell = row[column] ?? '';
      if (cell && parts[parts.length - 1] !== cell) parts.push(cell);
    }
    return parts.join(' ');
  });
}

/**
 * Header rows at the top of the first row group: rows of th cells, or (without any header
 * markup) the rows that look like a header (see html-header.ts). -1 when the table has a thead.
 */
function leadingHeaderRowCount(table: Element, groups: RowGroup[]): number {
  if (groups.some((group) => group.isHead)) return -1;
  const rows = groups[0]?.rows ?? [];
  const isHeaderRow = (row: Element) => {
    const cells = cellsOf(row);
    return cells.length > 0 && cells.every((cell) => tagOf(cell) === 'th');
  };
  let count = 0;
  while (count < rows.length && isHeaderRow(rows[count] as Element)) count++;
  if (count === rows.length && !hasDescendantTag(table, new Set(['td']))) return Math.min(count, 1);
  const hasHeaderCells = rows.some((row) => cellsOf(row).some((cell) => tagOf(cell) === 'th'));
  if (count === 0 && !hasHeaderCells) return inferHeaderRows(rows);
  return count;
}

/** A table's rows as rectangular text: header rows combined into one header. */
export function readTable(table: Element, source: TableSource): TableData {
  const groups = rowGroups(table);
  const headerCount = leadingHeaderRowCount(table, groups);
  const headerRows: string[][] = [];
  const rows: string[][] = [];
  groups.forEach((group, index) => {
    const grid = groupGrid(group.rows);
    if (group.isHead) headerRows.push(...grid);
    else if (index === 0 && headerCount > 0) {
      headerRows.push(...grid.slice(0, headerCount));
      rows.push(...grid.slice(headerCount));
    } else rows.push(...grid);
  });
  const width = Math.max(0, ...headerRows.map((row) => row.length), ...rows.map((r) => r.length));
  const pad = (row: string[]) => Array.from({ length: width }, (_, i) => row[i] ?? '');
  const caption = childrenTagged(table, ['caption'])[0];
  return {
    name: caption ? inlineText(caption, 'cell') || null : null,
    source,
    header: headerRows.length > 0 ? combineHeaderRows(headerRows, width) : [],
    rows: rows.filter((row) => row.some((cell) => cell !== '')).map(pad),
  };
}

function isLayoutCell(cell: Element): boolean {
  if (hasDescendantTag(cell, LAYOUT_CONTENT)) return true;
  return (cell.textContent ?? '').length > MAX_DATA_CELL_CHARACTERS;
}

/**
 * A data table holds rows of values: it has header cells, or at least two rows of two cells.
 * A table used for page layout (presentation role, holding other tables, headings or long
 * passages) is not one: its cells are read as ordinary content.
 */
export function isDataTable(table: Element): boolean {
  const role = table.getAttribute('role');
  if (role === 'presentation' || role === 'none') return false;
  const groups = rowGroups(table);
  const rows = groups.flatMap((group) => group.rows);
  const cells = rows.flatMap(cellsOf);
  if (cells.length === 0 || cells.some(isLayoutCell)) return false;
  const hasHeader = groups.some((group) => group.isHead) || cells.some((c) => tagOf(c) === 'th');
  if (!hasHeader && hasDescendantTag(table, TABLE)) return false;
  if (hasHeader) return true;
  return rows.length >= 2 && rows.some((row) => cellsOf(row).length >= 2);
}
