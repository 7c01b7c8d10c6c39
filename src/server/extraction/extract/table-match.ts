// Which of a Document's tables hold the user's columns, and their rows as raw strings.
// - A table with a header maps columns to header cells (header-match.ts).
// - A table without a header maps by position, and only when no table in the Document has a
//   header and its width equals the number of columns (a header-less CSV of exactly those fields).
// - A table's row labels (a first column without a heading, holding text) answer the user's first
//   column when no heading names it but a heading names another column (withRowLabels).
// - A table qualifies when it has the first column or at least half of them (isEnoughMatch).
// - A header-less table right after a mapped table of its width (same or next page) carries that
//   table on, with its header: the rest of a table continued across pages.
// - Qualifying tables are grouped by the columns they cover; the group covering the most columns
//   (then the best scores, then the most rows) is the best. Every qualifying table whose columns
//   are among the best group's (with the first column when the best group has it) contributes too:
//   tables of one kind whose headings differ a little (a "Note" column in one of them). Their rows
//   come in document order: a table split across PDF pages, sheets of the same layout, assets and
//   liabilities side by side.
import type { DocumentTable } from '../../../shared/document';
import {
  isEnoughMatch,
  matchHeaders,
  MATCH_THRESHOLD,
  normalizeHeader,
  type HeaderMatch,
} from './header-match';

export type RawRow = Record<string, string | null>;

export type TableMapping = { table: DocumentTable; matches: HeaderMatch[]; isPositional: boolean };

export type TableSelection = { mappings: TableMapping[]; skipped: number };

/** Most of the column's filled cells hold words, not figures. */
function isLabelColumn(rows: string[][], index: number): boolean {
  const cells = rows.map((row) => row[index]?.trim() ?? '').filter((cell) => cell !== '');
  const labels = cells.filter((cell) => /\p{L}{2}/u.test(cell)).length;
  return cells.length > 0 && labels * 2 > cells.length;
}

/** A heading that names a period: a year, a quarter, a month or a day of one ("14 Nov"). */
const PERIOD =
  /\b(?:(?:19|20)\d\d|q[1-4]|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?)(?:\b|$)/i;

/**
 * A statement's row labels ("Revenue", "Cost of sales") usually stand under no heading. They
 * answer the user's first column ("Line item") when no heading names that column, and only in a
 * table whose headings name another of the user's columns. In a table over periods (its matched
 * headings are years, quarters or dates: a balance sheet, a time series) the heading over the row
 * labels says what kind of items they are ("Assets"), so they answer it whatever it says.
 */
function withRowLabels(
  table: DocumentTable,
  columns: string[],
  matches: HeaderMatch[],
): HeaderMatch[] {
  const [first] = columns;
  const isFree = matches.every((match) => match.column !== first && match.index !== 0);
  if (first === undefined || matches.length === 0 || !isFree) return matches;
  const isOverPeriods = matches.every((match) => PERIOD.test(table.header[match.index] ?? ''));
  const isUnnamed = (table.header[0] ?? '').trim() === '' || isOverPeriods;
  if (!isUnnamed || !isLabelColumn(table.rows, 0)) return matches;
  return [{ column: first, index: 0, score: MATCH_THRESHOLD }, ...matches];
}

function mapTable(
  table: DocumentTable,
  columns: string[],
  isPositionalAllowed: boolean,
): TableMapping | null {
  const hasHeader = table.header.some((cell) => cell.trim() !== '');
  if (!hasHeader) {
    const width = Math.max(table.header.length, ...table.rows.map((row) => row.length));
    if (!isPositionalAllowed || width !== columns.length) return null;
    const matches = columns.map((column, index) => ({ column, index, score: 1 }));
    return { table, matches, isPositional: true };
  }
  const matches = withRowLabels(table, columns, matchHeaders(columns, table.header));
  return isEnoughMatch(columns, matches) ? { table, matches, isPositional: false } : null;
}

const scoreOf = (group: TableMapping[]) =>
  group.reduce((sum, mapping) => sum + mapping.matches.reduce((s, m) => s + m.score, 0), 0);
const rowsOf = (group: TableMapping[]) =>
  group.reduce((sum, mapping) => sum + mapping.table.rows.length, 0);

function isBetterGroup(group: TableMapping[], best: TableMapping[]): boolean {
  const covered = group[0]?.matches.length ?? 0;
  const bestCovered = best[0]?.matches.length ?? 0;
  if (covered !== bestCovered) return covered > bestCovered;
  const average = scoreOf(group) / group.length;
  const bestAverage = scoreOf(best) / best.length;
  if (average !== bestAverage) return average > bestAverage;
  return rowsOf(group) > rowsOf(best);
}

const hasHeader = (table: DocumentTable) => table.header.some((cell) => cell.trim() !== '');
const widthOf = (table: DocumentTable) =>
  Math.max(table.header.length, ...table.rows.map((row) => row.length));

/**
 * A table without a header right after a mapped table of the same width, on the same page or the
 * next: the rest of that table (carried over a page break), read with its header.
 */
function continuation(table: DocumentTable, previous: TableMapping | null): TableMapping | null {
  if (!previous || hasHeader(table) || widthOf(table) !== previous.table.header.length) return null;
  const [page, before] = [table.page, previous.table.page];
  const isNear = page === null || before === null || page === before || page === before + 1;
  if (!isNear) return null;
  return { ...previous, table: { ...table, header: previous.table.header } };
}

/** The tables to read rows from, and how many other tables qualified but were left out. */
export function selectTables(tables: DocumentTable[], columns: string[]): TableSelection {
  const isPositionalAllowed = tables.every((table) => !hasHeader(table));
  const groups = new Map<string, TableMapping[]>();
  let qualified = 0;
  const all: TableMapping[] = [];
  let previous: TableMapping | null = null;
  for (const table of tables) {
    const mapping: TableMapping | null =
      continuation(table, previous) ?? mapTable(table, columns, isPositionalAllowed);
    previous = mapping && !mapping.isPositional ? mapping : null;
    if (!mapping) continue;
    qualified++;
    all.push(mapping);
    const shape = mapping.matches.map((match) => match.column).join('\u0000');
    groups.set(shape, [...(groups.get(shape) ?? []), mapping]);
  }
  let best: TableMapping[] = [];
  for (const group of groups.values())
    if (best.length === 0 || isBetterGroup(group, best)) best = group;
  const covered = new Set(best[0]?.matches.map((match) => match.column));
  const hasFirst = covered.has(columns[0] ?? '');
  const isOfKind = (mapping: TableMapping) =>
    mapping.matches.every((match) => covered.has(match.column)) &&
    (!hasFirst || mapping.matches.some((match) => match.column === columns[0]));
  const kept = [...groups.values()].flatMap((group) => (isOfKind(group[0]!) ? group : []));
  const mappings = all.filter((mapping) => kept.includes(mapping));
  return { mappings, skipped: qualified - mappings.length };
}

/** A header printed again inside the body (on each page of a PDF, say). */
function isRepeatedHeader(row: string[], mapping: TableMapping): boolean {
  if (mapping.isPositional) return false;
  return mapping.matches.every(
    (match) =>
      normalizeHeader(row[match.index] ?? '') ===
      normalizeHeader(mapping.table.header[match.index] ?? ''),
  );
}

/**
 * The rows of the mapped tables, one value per column (null when blank), and how many data rows
 * the tables hold (rows with any text; a row blank in every mapped column is counted, not kept).
 */
export function readTableRows(
  mappings: TableMapping[],
  columns: string[],
): { rows: RawRow[]; sourceRowCount: number } {
  const rows: RawRow[] = [];
  let sourceRowCount = 0;
  for (const mapping of mappings) {
    for (const cells of mapping.table.rows) {
      if (cells.every((cell) => cell.trim() === '') || isRepeatedHeader(cells, mapping)) continue;
      sourceRowCount++;
      const row: RawRow = Object.fromEntries(columns.map((column) => [column, null]));
      for (const match of mapping.matches) row[match.column] = cells[match.index]?.trim() || null;
      if (Object.values(row).some((value) => value !== null)) rows.push(row);
    }
  }
  return { rows, sourceRowCount };
}
