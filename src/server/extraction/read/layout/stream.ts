// Tables without ruling lines (the stream approach of camelot and tabula): a run of lines that
// mostly split into several phrases, with at most a couple of one-phrase lines (a section label,
// a wrapped cell) between them, is a table candidate; the gutters of its rows give the columns.
// Side-by-side text columns (many words per line in every column) are prose, read column by column.
import type { Column } from './columns';
import { isMulti, joinWords, median, phrases, type LineInfo, type TextLine } from './lines';
import { isResized, isTightUnder, withHeadingsAbove, withWrapsBelow } from './stream-edges';
import { buildStreamTable, firstDataLine, isGroupHeadingLine, tableColumns } from './stream-table';
import { linesBeside, sideBySideSplit } from './side-by-side';
import type { CellTable } from './cell-table';

type TableSection = { kind: 'table'; table: CellTable; headerRows: number; lines: TextLine[] };

export type StreamSection =
  | TableSection
  | { kind: 'tables'; tables: TableSection[]; lines: TextLine[] }
  | { kind: 'columns'; columns: string[]; lines: TextLine[] }
  | { kind: 'list'; items: string[]; isOrdered: boolean; lines: TextLine[] }
  | { kind: 'line'; line: TextLine };

/** Baselines further apart than this many font sizes are not one table. */
const MAX_ROW_GAP = 3;
/** A phrase this wide (share of the table's width) is a column of text, not a cell. */
const WIDE_PHRASE = 0.25;
/** One-phrase lines allowed in a row inside a table. */
const MAX_INNER_SINGLES = 2;
/** A one-phrase line with more words than this is prose, not a table cell. */
const MAX_CELL_WORDS = 12;
/** Text columns, not a table: every column averages at least this many words per line. */
const MIN_WORDS_IN_TEXT_COLUMN = 4;

/** A line of side-by-side prose: phrases of several words each. */
function isProseLine(info: LineInfo): boolean {
  const words = info.phrases.map((phrase) => phrase.words.length);
  const average = words.reduce((sum, count) => sum + count, 0) / words.length;
  return average >= MIN_WORDS_IN_TEXT_COLUMN && words.every((count) => count >= 2);
}

/** A line of prose columns as wide as a good share of the table above each: not a table row. */
const isWideProse = (info: LineInfo, width: number) =>
  isProseLine(info) && info.phrases.every((phrase) => phrase.x1 - phrase.x0 >= WIDE_PHRASE * width);

/**
 * A line set tight between two lines of a table, the one below with more phrases and no prose:
 * the middle line of headings that wrap, their words run together across narrow gutters.
 */
function isHeadingBetween(infos: LineInfo[], j: number): boolean {
  const [above, line, below] = [infos[j - 1], infos[j], infos[j + 1]];
  if (!above || !line || !below || !isMulti(below) || isProseLine(below)) return false;
  return (
    below.phrases.length > line.phrases.length &&
    isTightUnder(line.line, above.line) &&
    isTightUnder(below.line, line.line)
  );
}

/** A gap this many times the rows' own spacing, above a table's header, sets off what is above. */
const HEAD_BREAK = 1.8;

/**
 * Where lines above a table's header stand apart from it (an invoice's "Date: ..." lines above
 * its items), so that they are read as what they are and not as more header: the end of the run
 * at that gap, or `end`.
 */
function headBreak(infos: LineInfo[], start: number, end: number): number {
  const first = start + firstDataLine(infos.slice(start, end));
  const body = infos.slice(first, end).map((info) => info.line.baseline);
  if (body.length < 3) return end;
  const pitch = median(body.slice(1).map((baseline, i) => baseline - body[i]!));
  for (let j = start + 1; j < first; j++) {
    const gap = infos[j]!.line.baseline - infos[j - 1]!.line.baseline;
    if (gap >= HEAD_BREAK * pitch) return j;
  }
  return end;
}

/** The end (exclusive) of the table candidate that starts at `start`. */
function runEnd(infos: LineInfo[], start: number): number {
  let last = start;
  let singles = 0;
  let x1 = infos[start]!.line.x1;
  let x0 = infos[start]!.line.x0;
  const isProse = isProseLine(infos[start]!);
  for (let j = start + 1; j < infos.length; j++) {
    const { line } = infos[j]!;
    const previous = infos[j - 1]!.line;
    if (line.baseline - previous.baseline > MAX_ROW_GAP * Math.max(line.size, previous.size)) break;
    if (isResized(line, previous)) break;
    if (isMulti(infos[j]!)) {
      // Rows of a table do not run on into side-by-side prose, nor the other way round; but a
      // line of short headings run together is no prose between two lines of the table.
      const isProseBreak = isProse
        ? !isProseLine(infos[j]!)
        : isWideProse(infos[j]!, x1 - x0) && !isHeadingBetween(infos, j);
      if (isProseBreak) break;
      [last, singles, x0, x1] = [j, 0, Math.min(x0, line.x0), Math.max(x1, line.x1)];
      continue;
    }
    const isLong = line.words.length > MAX_CELL_WORDS || line.x1 - line.x0 > 0.7 * (x1 - x0);
    if (isLong || singles >= MAX_INNER_SINGLES) break;
    // The wrapped lines of a cell may be many; loose one-phrase lines (labels) only a couple.
    if (!isTightUnder(line, previous)) singles++;
  }
  return last + 1;
}

function textColumns(infos: LineInfo[], columns: Column[]): string[] | null {
  const multi = infos.filter(isMulti);
  if (multi.length < 2) return null;
  const texts = columns.map(() => [] as string[]);
  const words = columns.map(() => 0);
  for (const { line } of infos) {
    const parts = columns.map(() => [] as string[]);
    for (const word of line.words) {
      const index = columns.findIndex((column) => (word.x0 + word.x1) / 2 <= column.x1 + 1);
      parts[index < 0 ? columns.length - 1 : index]!.push(word.text);
    }
    parts.forEach((part, i) => {
      if (part.length > 0) texts[i]!.push(part.join(' '));
      words[i]! += part.length;
    });
  }
  const isProse = words.every((count) => count / multi.length >= MIN_WORDS_IN_TEXT_COLUMN);
  return isProse ? texts.map((lines) => lines.join('\n')) : null;
}

const BULLET = /^(?:[•◦▪▫●○■□‣⁃–—*·-]|\(?\d{1,3}[.)]|\(?[a-z][.)])$/i;
const ORDERED = /^\(?[\da-z]/i;

/** Marks standing alone in a first column before text: a bulleted or numbered list, not a table. */
function listItems(infos: LineInfo[], columns: Column[]) {
  if (columns.length !== 2) return null;
  const marks: string[] = [];
  const items: string[][] = [];
  for (const { line } of infos) {
    const inFirst = line.words.filter((word) => (word.x0 + word.x1) / 2 <= columns[0]!.x1);
    const rest = line.words.filter((word) => !inFirst.includes(word));
    const mark = joinWords(inFirst);
    if (mark && !BULLET.test(mark)) return null;
    if (mark) {
      marks.push(mark);
      items.push([]);
    }
    items.at(-1)?.push(joinWords(rest));
  }
  if (marks.length < 2) return null;
  return {
    items: items.map((parts) => parts.join(' ')),
    isOrdered: marks.every((mark) => ORDERED.test(mark)),
  };
}

/** Two tables side by side, each built from the words on its side of the gutter between them. */
function tablesBeside(infos: LineInfo[], columns: Column[]): TableSection[] | null {
  const split = sideBySideSplit(infos, columns);
  if (split === null) return null;
  const x = (columns[split - 1]!.x1 + columns[split]!.x0) / 2;
  const sides = [true, false].map((isLeft) => runSection(linesBeside(infos, x, isLeft)));
  const tables = sides.flatMap((side) =>
    side?.kind === 'table' ? [side] : side?.kind === 'tables' ? side.tables : [],
  );
  return tables.length >= 2 && sides.every((side) => side?.kind.startsWith('table'))
    ? tables
    : null;
}

function runSection(infos: LineInfo[]): StreamSection | null {
  if (infos.filter(isMulti).length < 2) return null;
  // Columns come from the rows of figures when there are some: headings may span columns.
  const columns = tableColumns(infos);
  if (columns.length < 2) return null;
  const lines = infos.map((info) => info.line);
  const list = listItems(infos, columns);
  if (list) return { kind: 'list', ...list, lines };
  const prose = textColumns(infos, columns);
  if (prose) return { kind: 'columns', columns: prose, lines };
  if (isProseLine(infos[0]!) && !isGroupHeadingLine(infos[0]!, columns)) return null;
  const beside = tablesBeside(infos, columns);
  if (beside) return { kind: 'tables', tables: beside, lines };
  const built = buildStreamTable(infos, columns);
  return built ? { kind: 'table', ...built, lines } : null;
}

/** The lines as tables, text columns and loose lines, top to bottom. */
export function findStreamSections(lines: TextLine[]): StreamSection[] {
  const infos = lines.map((line) => ({ line, phrases: phrases(line) }));
  const sections: StreamSection[] = [];
  let index = 0;
  while (index < infos.length) {
    const run = isMulti(infos[index]!) ? runEnd(infos, index) : index + 1;
    const end = run - index >= 2 ? headBreak(infos, index, run) : run;
    const section = end - index >= 2 ? runSection(infos.slice(index, end)) : null;
    if (section?.kind === 'table') {
      const loose = sections.length - sections.findLastIndex((found) => found.kind !== 'line') - 1;
      const above = withHeadingsAbove(infos, { start: index, end, section }, runSection, loose);
      const found = withWrapsBelow(infos, above, runSection);
      sections.splice(sections.length - (index - found.start));
      sections.push(found.section);
      index = found.end;
      continue;
    }
    if (section) {
      sections.push(section);
      index = end;
      continue;
    }
    sections.push({ kind: 'line', line: infos[index]!.line });
    index += 1;
  }
  return sections;
}
