// A stream table's lines → cells: the lines before the first line of figures are its header (a
// heading centred over several columns spans them), the rest are rows. A row's wrapped lines join
// it: a line with nothing in the first column, or one whose first cell carries on the sentence
// above; a first cell that leads into the figures on the line below joins that line.
import { isNumeric, isScale, isYear, type CellTable, type LayoutCell } from './cell-table';
import { columnOf, findColumns, type Column } from './columns';
import {
  SCRIPT_RATIO,
  isMulti,
  isRightToLeft,
  joinWords,
  median,
  type LineInfo,
  type Phrase,
  type TextLine,
} from './lines';
import type { Word } from './types';
import { headerCells } from './stream-header';

/** Lines of one row are closer than this many font sizes. */
const MAX_WRAP_GAP = 1.5;
/** A wrapped line stands closer to the line above than this share of the distance between rows. */
const TIGHTER_THAN_ROWS = 0.85;
/** More lines than this before the first figure are not all header. */
const MAX_HEADER_LINES = 5;
const CARRIES_ON = /[,;:&/(–-]$|\b(?:and|or|of|the|for|in|to|with|by|a|an)$/i;

type Row = { lines: TextLine[]; cells: Word[][] };

const figures = (items: Phrase[]) => items.filter((phrase) => isNumeric(phrase.text));

/** A phrase without the raised marks after it ("2023" of "2023" and a raised "1"). */
function headingText(phrase: Phrase): string {
  const size = Math.max(...phrase.words.map((word) => word.size));
  return joinWords(phrase.words.filter((word) => word.size >= SCRIPT_RATIO * size));
}

/**
 * A line of column headings that holds years: two years or more and no other figure ("2023 |
 * 2024"), or one year (alone, or among other headings: "2020 | Population estimate | Change")
 * with nothing at the table's left edge, where a row of data would have its label.
 */
function isYearHeading(info: LineInfo, left: number): boolean {
  const years = info.phrases.filter((phrase) => isYear(headingText(phrase)));
  const others = figures(info.phrases).filter(
    (phrase) => !years.includes(phrase) && !isScale(phrase.text),
  );
  if (others.length > 0 || years.length === 0) return false;
  return years.length >= 2 || info.line.x0 > left + info.line.size;
}

/**
 * Index of the first line of data: the first with a figure, past the lines of headings above it
 * (years, and units such as "£m").
 */
export function firstDataLine(infos: LineInfo[]): number {
  const left = Math.min(...infos.map((info) => info.line.x0));
  const index = infos.findIndex((info) => {
    if (isYearHeading(info, left)) return false;
    return info.phrases.some((phrase) => isNumeric(phrase.text) && !isScale(phrase.text));
  });
  return index < 0 || index > MAX_HEADER_LINES ? Math.min(1, infos.length) : index;
}

/** The columns of a run of lines: from its rows of figures when there are some (headings may span). */
export function tableColumns(infos: LineInfo[]): Column[] {
  const multi = infos.filter(isMulti);
  const body = infos.slice(firstDataLine(infos)).filter(isMulti);
  return findColumns((body.length >= 2 ? body : multi).map((info) => info.line));
}

/** A heading is centred over columns when its middle is this close (share of their width). */
const GROUP_CENTRED = 0.1;

/**
 * A line of group headings over a table's figures: each phrase stands right of the row labels,
 * centred over a run of two columns or more without reaching over the columns beside the run
 * ("Percentage change compared with the previous quarter" over four quarters). Such a line may
 * read like prose; it is still a heading.
 */
export function isGroupHeadingLine(info: LineInfo, columns: Column[]): boolean {
  if (columns.length < 3) return false;
  return info.phrases.every((phrase) => {
    if (phrase.x0 <= columns[0]!.x1) return false;
    const middle = (phrase.x0 + phrase.x1) / 2;
    for (let a = 1; a < columns.length - 1; a++)
      for (let b = a + 1; b < columns.length; b++) {
        const [x0, x1] = [columns[a]!.x0, columns[b]!.x1];
        const isInside =
          phrase.x0 >= columns[a - 1]!.x1 && phrase.x1 <= (columns[b + 1]?.x0 ?? Infinity);
        if (isInside && Math.abs(middle - (x0 + x1) / 2) <= GROUP_CENTRED * (x1 - x0)) return true;
      }
    return false;
  });
}

function cellWords(line: TextLine, columns: Column[]): Word[][] {
  const cells = columns.map(() => [] as Word[]);
  for (const word of line.words) cells[columnOf(columns, word)]!.push(word);
  return cells;
}

const textOf = (words: Word[]) => joinWords(words);

const isSectionLabel = (info: LineInfo, columns: Column[]) =>
  info.phrases.length === 1 && info.line.words.every((word) => columnOf(columns, word) === 0);

/** The usual distance between the baselines of two rows: from one row label to the next. */
function rowPitch(lines: TextLine[], columns: Column[]): number {
  const opensRow = (line: TextLine) => {
    const first = textOf(cellWords(line, columns)[0]!);
    return first !== '' && !/^\p{Ll}/u.test(first);
  };
  const starts = lines.filter(opensRow);
  const pitches = (starts.length >= 2 ? starts : lines)
    .slice(1)
    .map((line, i) => line.baseline - (starts.length >= 2 ? starts : lines)[i]!.baseline);
  return median(pitches) || Infinity;
}

/**
 * A line that only carries on text cells of the row above (a producer may set the lines of a cell
 * as far apart as rows): at most a third of the row's cells, none a figure, not its label.
 */
function carriesOnText(row: Row, cells: Word[][], label: number): boolean {
  const filled = cells.flatMap((words, c) => (words.length > 0 ? [c] : []));
  const rowFilled = row.cells.filter((words) => words.length > 0).length;
  return (
    filled.length > 0 &&
    filled.length * 3 <= rowFilled &&
    !filled.includes(label) &&
    filled.every(
      (c) =>
        row.cells[c]!.length > 0 &&
        !isNumeric(textOf(row.cells[c]!)) &&
        !isNumeric(textOf(cells[c]!)),
    )
  );
}

/**
 * Where the line stands: `pitch` is the distance between rows, `below` to the next line; `label`
 * the column of row labels.
 */
type Place = { pitch: number; below: number; label: number };

/** Both have a figure in one column: two rows, never one ("Subtotal 227.98" over "VAT 45.60"). */
function figureUnderFigure(above: Word[][], below: Word[][]): boolean {
  return below.some(
    (words, c) => words.length > 0 && isNumeric(textOf(words)) && isNumeric(textOf(above[c]!)),
  );
}

function continues(row: Row, line: TextLine, cells: Word[][], place: Place): boolean {
  const { pitch, below, label } = place;
  const last = row.lines.at(-1)!;
  const gap = line.baseline - last.baseline;
  if (gap > MAX_WRAP_GAP * Math.max(line.size, last.size)) return false;
  // A figure under a figure starts a new row; a figure may finish a wrapped text.
  if (figureUnderFigure(row.cells, cells)) return false;
  const first = textOf(cells[0]!);
  const isTight = gap < TIGHTER_THAN_ROWS * pitch;
  // A line without a row label carries on the row above when set closer than rows are, or when
  // it carries on its text cells and stands no closer to the line below (the top of that row).
  if (!first)
    return isTight || (carriesOnText(row, cells, label) && below >= TIGHTER_THAN_ROWS * gap);
  if (/^\p{Ll}/u.test(first) || CARRIES_ON.test(textOf(row.cells[0]!))) return true;
  // So does a row label that wraps below the figures of its row.
  const isLabelOnly = cells.slice(1).every((words) => words.length === 0);
  return isLabelOnly && isTight && row.cells.slice(1).some((words) => words.length > 0);
}

/** A row that is only a first cell leading into the row below it (figures set on its last line). */
function leadsInto(row: Row, next: Row): boolean {
  if (row.cells.slice(1).some((words) => words.length > 0)) return false;
  const gap = next.lines[0]!.baseline - row.lines.at(-1)!.baseline;
  if (gap > MAX_WRAP_GAP * row.lines.at(-1)!.size) return false;
  const nextFirst = textOf(next.cells[0]!);
  return /^\p{Ll}/u.test(nextFirst) || CARRIES_ON.test(textOf(row.cells[0]!));
}

/**
 * A row without a label that is the top of the row below it: the cell that wraps there is set
 * centred or low in its row, so its first line stands above the others (closer to them than to
 * the row above).
 */
function topsRowBelow(row: Row, next: Row, previous: Row | undefined, label: number): boolean {
  if (row.cells[label]!.length > 0 || figureUnderFigure(row.cells, next.cells)) return false;
  const filled = row.cells.flatMap((words, c) => (words.length > 0 ? [c] : []));
  if (!filled.every((c) => next.cells[c]!.length > 0)) return false;
  const below = next.lines[0]!.baseline - row.lines.at(-1)!.baseline;
  const above = previous ? row.lines[0]!.baseline - previous.lines.at(-1)!.baseline : Infinity;
  return below <= MAX_WRAP_GAP * row.lines.at(-1)!.size && below < TIGHTER_THAN_ROWS * above;
}

function groupRows(infos: LineInfo[], columns: Column[]): Row[] {
  const rows: Row[] = [];
  const pitch = rowPitch(
    infos.map((info) => info.line),
    columns,
  );
  // Rows are labelled in their first column, or their last in Hebrew or Arabic.
  const words = infos.flatMap((info) => info.line.words).filter((word) => /\p{L}/u.test(word.text));
  const label = isRightToLeft(words) ? columns.length - 1 : 0;
  infos.forEach(({ line }, i) => {
    const cells = cellWords(line, columns);
    const row = rows.at(-1);
    const below = (infos[i + 1]?.line.baseline ?? Infinity) - line.baseline;
    if (row && continues(row, line, cells, { pitch, below, label })) {
      row.lines.push(line);
      cells.forEach((words, c) => row.cells[c]!.push(...words));
    } else rows.push({ lines: [line], cells });
  });
  const joined: Row[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const next = rows[i + 1];
    if (next && (leadsInto(row, next) || topsRowBelow(row, next, joined.at(-1), label))) {
      next.lines.unshift(...row.lines);
      next.cells = next.cells.map((words, c) => [...row.cells[c]!, ...words]);
    } else joined.push(row);
  }
  return joined;
}

function rowCells(row: Row, index: number): LayoutCell[] {
  return row.cells.flatMap((words, column) => {
    if (words.length === 0) return [];
    // Words of different lines of the row are read line by line.
    const text = row.lines
      .map((line) => textOf(words.filter((word) => line.words.includes(word))))
      .filter(Boolean)
      .join(' ');
    const isBold = words.every((word) => word.isBold);
    return [{ text, row: index, column, rowSpan: 1, columnSpan: 1, isBold, isShaded: false }];
  });
}

/** The table of a run of lines, with `above` lines that may head it; null when it is no table. */
export function buildStreamTable(
  infos: LineInfo[],
  columns: Column[],
): { table: CellTable; headerRows: number } | null {
  let split = firstDataLine(infos);
  // A label alone in the first column just above the figures heads a section of rows.
  while (split > 1 && isSectionLabel(infos[split - 1]!, columns)) split--;
  const header = infos.slice(0, split);
  const rows = groupRows(infos.slice(split), columns);
  if (rows.length === 0) return null;
  const cells = headerCells(header, columns);
  rows.forEach((row, i) => cells.push(...rowCells(row, header.length + i)));
  return {
    table: { rowCount: header.length + rows.length, columnCount: columns.length, cells },
    headerRows: header.length,
  };
}
