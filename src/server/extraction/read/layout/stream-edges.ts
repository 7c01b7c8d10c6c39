// Lines at the edges of a stream table that belong to it though its run of rows left them out:
// the first lines of headings that wrap, standing above the other headings ("Cost per" over
// "completer (EUR)"), lines of group headings over runs of columns (however long their words run),
// and the last lines of a cell of the last row, below its figures.
import { SIZE_STEP, isMulti, type LineInfo, type TextLine } from './lines';
import type { Column } from './columns';
import type { StreamSection } from './stream';
import { isGroupHeadingLine, tableColumns } from './stream-table';

type TableSection = Extract<StreamSection, { kind: 'table' }>;
/** A table and the lines it was built from, infos[start] to infos[end - 1]. */
export type TableRun = { start: number; end: number; section: TableSection };
type Build = (infos: LineInfo[]) => StreamSection | null;

/** Lines of one table row or cell are closer than this many font sizes. */
const WRAP_GAP = 1.4;
/** Group headings may stand this many font sizes above the line under them (a rule between). */
const GROUP_GAP = 2;
/** A heading line above a table is at most this share of the table's width. */
const MAX_HEADING_WIDTH = 0.3;

/** A line set clearly larger or smaller than the line above. */
export const isResized = (line: TextLine, previous: TextLine) =>
  Math.max(line.size, previous.size) > SIZE_STEP * Math.min(line.size, previous.size);

/** A line set as close under `previous` as the lines of one cell are. */
export const isTightUnder = (line: TextLine, previous: TextLine) =>
  line.baseline - previous.baseline <= WRAP_GAP * Math.max(line.size, previous.size);

const widthOf = (section: TableSection) =>
  Math.max(...section.lines.map((line) => line.x1)) -
  Math.min(...section.lines.map((line) => line.x0));

/**
 * A line that can be the top of the heading line right under it: one narrow phrase, or group
 * headings each centred over a run of the table's columns.
 */
function canHead(info: LineInfo, under: TextLine, width: number, columns: Column[]): boolean {
  const { line } = info;
  if (isResized(under, line)) return false;
  const isNarrow = !isMulti(info) && line.x1 - line.x0 <= MAX_HEADING_WIDTH * width;
  if (isNarrow && isTightUnder(under, line)) return true;
  const gap = under.baseline - line.baseline;
  return gap <= GROUP_GAP * Math.max(line.size, under.size) && isGroupHeadingLine(info, columns);
}

/** The run with the heading lines above it that it takes, of the `loose` lines right above it. */
export function withHeadingsAbove(
  infos: LineInfo[],
  run: TableRun,
  build: Build,
  loose: number,
): TableRun {
  let found = run;
  const width = widthOf(run.section);
  const columns = tableColumns(infos.slice(run.start, run.end));
  while (found.start > run.start - loose && found.start > 0) {
    const info = infos[found.start - 1]!;
    if (!canHead(info, infos[found.start]!.line, width, columns)) break;
    const wider = build(infos.slice(found.start - 1, found.end));
    const isSameTable =
      wider?.kind === 'table' &&
      wider.table.columnCount === found.section.table.columnCount &&
      wider.headerRows === found.section.headerRows + 1;
    if (!isSameTable) break;
    found = { ...found, start: found.start - 1, section: wider };
  }
  return found;
}

/** A line opening with a capital at the table's left edge: a note under it ("Source: ..."). */
function isNoteUnder(line: TextLine, section: TableSection): boolean {
  const left = Math.min(...section.lines.map((l) => l.x0));
  return /^\p{Lu}/u.test(line.words[0]?.text ?? '') && line.x0 <= left + line.size;
}

/** The run with the lines below it that carry on the cells of its last row. */
export function withWrapsBelow(infos: LineInfo[], run: TableRun, build: Build): TableRun {
  let found = run;
  while (found.end < infos.length) {
    const info = infos[found.end]!;
    const above = infos[found.end - 1]!.line;
    if (isMulti(info) || !isTightUnder(info.line, above) || isResized(info.line, above)) break;
    if (isNoteUnder(info.line, found.section)) break;
    const longer = build(infos.slice(found.start, found.end + 1));
    const isSameRows =
      longer?.kind === 'table' &&
      longer.table.columnCount === found.section.table.columnCount &&
      longer.table.rowCount === found.section.table.rowCount;
    if (!isSameRows) break;
    found = { ...found, end: found.end + 1, section: longer };
  }
  return found;
}
