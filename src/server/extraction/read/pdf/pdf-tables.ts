// Finds tables among a page's lines: two or more consecutive lines whose cells fall into the same
// columns. A column is a band of x positions that the cells of the run overlap; a line whose cells
// would merge two columns, or put two cells into one, ends the run.
import type { PdfCell, PdfLine } from './pdf-lines';
import { median } from './pdf-lines';

/** What a page is made of: tables, side-by-side text columns, and loose lines. */
export type PageSection =
  | { kind: 'table'; header: string[]; rows: string[][] }
  | { kind: 'columns'; columns: string[][] }
  | { kind: 'line'; line: PdfLine };

type Band = { x0: number; x1: number };

/** Rows further apart than this many font sizes are not one table. */
const MAX_ROW_GAP = 3;
/** A wrapped cell continues on a line closer than this many font sizes. */
const MAX_WRAP_GAP = 1.4;
/** Text columns, not a table: every column averages at least this many words per line. */
const MIN_WORDS_IN_TEXT_COLUMN = 4;

function columnBands(lines: PdfLine[]): Band[] {
  const spans = lines.flatMap((line) => line.cells).sort((a, b) => a.x0 - b.x0);
  const bands: Band[] = [];
  for (const span of spans) {
    const last = bands.at(-1);
    if (last && span.x0 <= last.x1) last.x1 = Math.max(last.x1, span.x1);
    else bands.push({ x0: span.x0, x1: span.x1 });
  }
  return bands;
}

const bandOf = (bands: Band[], cell: PdfCell) =>
  bands.findIndex((band) => cell.x0 >= band.x0 && cell.x1 <= band.x1);

function isOneCellPerBand(lines: PdfLine[], bands: Band[]): boolean {
  return lines.every((line) => {
    const indexes = line.cells.map((cell) => bandOf(bands, cell));
    return indexes.every((index, i) => i === 0 || index > indexes[i - 1]!);
  });
}

/** A line that carries on the cells of the row above (a wrapped description, say). */
function isWrappedLine(row: PdfLine[], line: PdfLine, bands: Band[], rowGap: number): boolean {
  const gap = line.y - row.at(-1)!.y;
  if (gap > MAX_WRAP_GAP * line.size || gap >= 0.85 * rowGap) return false;
  if (line.cells.length >= row[0]!.cells.length) return false;
  return line.cells.every((cell) => bandOf(bands, cell) >= 0);
}

type Run = { rows: PdfLine[][]; bands: Band[]; end: number };

/** The longest run of aligned lines starting at `start`, or null when there is none. */
function findRun(lines: PdfLine[], start: number): Run | null {
  const first = lines[start];
  if (!first || first.cells.length < 2) return null;
  const aligned = [first];
  const rows: PdfLine[][] = [[first]];
  let bands = columnBands(aligned);
  let end = start + 1;
  for (; end < lines.length; end += 1) {
    const line = lines[end]!;
    const previous = lines[end - 1]!;
    const rowGaps = aligned.slice(1).map((row, i) => row.y - aligned[i]!.y);
    if (rowGaps.length > 0 && isWrappedLine(rows.at(-1)!, line, bands, median(rowGaps))) {
      rows.at(-1)!.push(line);
      continue;
    }
    if (line.cells.length < 2) break;
    if (line.y - previous.y > MAX_ROW_GAP * Math.max(line.size, previous.size)) break;
    const candidate = columnBands([...aligned, line]);
    if (candidate.length < bands.length || !isOneCellPerBand([...aligned, line], candidate)) break;
    bands = candidate;
    aligned.push(line);
    rows.push([line]);
  }
  return rows.length >= 2 ? { rows, bands, end } : null;
}

/** A row's text per column; the lines of a wrapped row are joined per column. */
function rowCells(lines: PdfLine[], bands: Band[]): string[] {
  const cells = bands.map(() => [] as string[]);
  for (const cell of lines.flatMap((line) => line.cells))
    cells[bandOf(bands, cell)]?.push(cell.text);
  return cells.map((texts) => texts.join(' '));
}

function toSection(run: Run): PageSection {
  const cells = run.rows.map((lines) => rowCells(lines, run.bands));
  const words = (text: string) => (text ? text.split(' ').length : 0);
  const isText = run.bands.every(
    (_, column) =>
      cells.reduce((sum, row) => sum + words(row[column] ?? ''), 0) / cells.length >=
      MIN_WORDS_IN_TEXT_COLUMN,
  );
  if (isText && cells.length >= 3) {
    return { kind: 'columns', columns: run.bands.map((_, i) => cells.map((row) => row[i] ?? '')) };
  }
  const [header = [], ...rows] = cells;
  return { kind: 'table', header, rows };
}

/** The page as tables, text columns and the remaining lines, top to bottom. */
export function findSections(lines: PdfLine[]): PageSection[] {
  const sections: PageSection[] = [];
  let index = 0;
  while (index < lines.length) {
    const run = findRun(lines, index);
    if (run) {
      sections.push(toSection(run));
      index = run.end;
      continue;
    }
    sections.push({ kind: 'line', line: lines[index]! });
    index += 1;
  }
  return sections;
}
