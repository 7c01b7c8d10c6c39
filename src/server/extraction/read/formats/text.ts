import { splitHeader } from './csv';
import { decodeText } from '../decode-text';
import type { Block, Reader, ReaderInput, ReadOutput } from '../types';

/** A block reader's answer: the blocks it made and the line after the last one it used. */
type Step = { blocks: Block[]; end: number };

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t](.*))?$/;
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const LIST_ITEM = /^([ \t]*)([-*+]|\d{1,9}[.)])[ \t]+(\S.*)$/;
const DELIMITER_CELL = /^:?-+:?$/;
const COLUMN_GAP = /\t| {2,}/;

const isBlank = (line: string | undefined) => !line?.trim();
const isOrderedMarker = (marker: string) => /\d/.test(marker);

/** Cells of a GFM table row: outer pipes optional, `\|` is a pipe inside a cell. */
export function splitTableRow(line: string): string[] {
  const text = line.trim().replace(/^\|/, '');
  const cells: string[] = [''];
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? '';
    if (char === '\\' && text[i + 1] === '|') {
      cells[cells.length - 1] += '|';
      i++;
    } else if (char === '|') cells.push('');
    else cells[cells.length - 1] += char;
  }
  if (cells.length > 1 && !cells.at(-1)?.trim()) cells.pop();
  return cells.map((cell) => cell.trim());
}

function isTableStart(lines: string[], at: number): boolean {
  const head = lines[at] ?? '';
  const delimiter = lines[at + 1] ?? '';
  if (!head.includes('|') || !delimiter.includes('|')) return false;
  const cells = splitTableRow(delimiter);
  return (
    cells.every((cell) => DELIMITER_CELL.test(cell)) && cells.length === splitTableRow(head).length
  );
}

function startsBlock(lines: string[], at: number): boolean {
  const line = lines[at] ?? '';
  return (
    FENCE.test(line) || HEADING.test(line) || THEMATIC_BREAK.test(line) || isTableStart(lines, at)
  );
}

function readFence(lines: string[], start: number): Step | null {
  const open = FENCE.exec(lines[start] ?? '');
  const marker = open?.[1] ?? '';
  if (!open || (marker.startsWith('`') && open[2]?.includes('`'))) return null;
  let end = start + 1;
  const isClose = (line: string) => {
    const close = FENCE_CLOSE.exec(line)?.[1] ?? '';
    return close[0] === marker[0] && close.length >= marker.length;
  };
  while (end < lines.length && !isClose(lines[end] ?? '')) end++;
  const text = lines.slice(start + 1, end).join('\n');
  return { blocks: text.trim() ? [{ kind: 'code', text }] : [], end: end + 1 };
}

/** Heading text without the optional closing hashes (a loop, not a regex that could backtrack). */
function headingText(raw: string): string {
  const text = raw.trim();
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') end--;
  return end === 0 || /[ \t]/.test(text[end - 1] ?? '') ? text.slice(0, end).trim() : text;
}

function readHeading(lines: string[], start: number): Step | null {
  const match = HEADING.exec(lines[start] ?? '');
  if (!match) return null;
  const text = headingText(match[2] ?? '');
  const level = match[1]?.length ?? 1;
  return { blocks: text ? [{ kind: 'heading', level, text }] : [], end: start + 1 };
}

function readTable(lines: string[], start: number): Step | null {
  if (!isTableStart(lines, start)) return null;
  const header = splitTableRow(lines[start] ?? '');
  const rows: string[][] = [];
  let end = start + 2;
  for (; end < lines.length; end++) {
    const line = lines[end] ?? '';
    if (isBlank(line) || !line.includes('|') || startsBlock(lines, end)) break;
    rows.push(splitTableRow(line));
  }
  return { blocks: [{ kind: 'table', table: { source: 'markdown', header, rows } }], end };
}

/** Items of one list; nested items are flattened into it, continuation lines joined. */
function readList(lines: string[], start: number): Step | null {
  const first = LIST_ITEM.exec(lines[start] ?? '');
  if (!first) return null;
  const indent = first[1]?.length ?? 0;
  const isOrdered = isOrderedMarker(first[2] ?? '');
  const itemOf = (line: string | undefined) => {
    const item = LIST_ITEM.exec(line ?? '');
    const isNested = (item?.[1]?.length ?? 0) > indent;
    const isSameKind = isOrderedMarker(item?.[2] ?? '') === isOrdered;
    return item && !THEMATIC_BREAK.test(line ?? '') && (isNested || isSameKind) ? item : null;
  };
  const items: string[] = [];
  let end = start;
  for (; end < lines.length; end++) {
    const line = lines[end] ?? '';
    const item = itemOf(line);
    if (item) items.push(item[3] ?? '');
    else if (isBlank(line)) {
      const next = lines[end + 1];
      if (!itemOf(next) && !/^[ \t]{2,}\S/.test(next ?? '')) break;
    } else if (startsBlock(lines, end) || LIST_ITEM.test(line)) break;
    else items[items.length - 1] += ` ${line.trim()}`;
  }
  return { blocks: [{ kind: 'list', items, isOrdered }], end };
}

/**
 * Cells of lines aligned in columns (a pasted statement): the columns are the stretches between
 * gaps of two or more spaces that every line shares, so a cell never splits a word.
 */
function splitAlignedColumns(lines: string[]): string[][] | null {
  if (lines.some((line) => line.includes('\t'))) {
    const rows = lines.map((line) => line.split('\t').map((cell) => cell.trim()));
    const width = rows[0]?.length ?? 0;
    return width >= 2 && rows.every((row) => row.length === width) ? rows : null;
  }
  const width = lines.reduce((widest, line) => Math.max(widest, line.length), 0);
  // One pass over the characters: a position is a gap when no line has a character there.
  const isGap = new Array<boolean>(width).fill(true);
  for (const line of lines)
    for (let i = 0; i < line.length; i++) if (line[i] !== ' ') isGap[i] = false;
  const columns: Array<{ from: number; to: number }> = [];
  for (let i = 0; i < width;) {
    let from = i;
    while (from < width && isGap[from]) from++;
    let to = from;
    while (to < width && !isGap[to]) to++;
    if (to === from) break;
    const last = columns.at(-1);
    if (last && from - i < 2) last.to = to;
    else columns.push({ from, to });
    i = to;
  }
  if (columns.length < 2) return null;
  const rows = lines.map((line) => columns.map(({ from, to }) => line.slice(from, to).trim()));
  return rows.every((row) => row.filter(Boolean).length >= 2) ? rows : null;
}

/**
 * Two aligned lines, labels over their values ("Invoice Number    Invoice Date" over
 * "INV-7    14/03/2024"): a table of one row, as a person reads it, where joined into one line
 * the label and its value would lose each other. The labels have no digits; every cell is filled.
 */
function labelsOverValues(lines: string[]): string[][] | null {
  const rows = splitAlignedColumns(lines);
  const [labels, values] = rows ?? [];
  if (!rows || !labels || !values || labels.some((cell) => /\d/.test(cell))) return null;
  return rows.every((row) => row.every((cell) => cell !== '')) ? rows : null;
}

/**
 * A paragraph's lines; a run of three or more clearly columnar lines becomes a table, and so do
 * two that are labels over their values.
 */
function paragraphBlocks(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let pending: string[] = [];
  const flush = () => {
    if (pending.length > 0) blocks.push({ kind: 'paragraph', text: pending.join('\n') });
    pending = [];
  };
  for (let i = 0; i < lines.length;) {
    let end = i;
    while (end < lines.length && (lines[end] ?? '').trim().split(COLUMN_GAP).length >= 2) end++;
    const cells =
      end - i >= 3
        ? splitAlignedColumns(lines.slice(i, end))
        : end - i === 2
          ? labelsOverValues(lines.slice(i, end))
          : null;
    if (cells) {
      flush();
      blocks.push({ kind: 'table', table: { source: 'markdown', ...splitHeader(cells) } });
      i = end;
      continue;
    }
    const next = Math.max(end, i + 1);
    pending.push(...lines.slice(i, next));
    i = next;
  }
  flush();
  return blocks;
}

function readParagraph(lines: string[], start: number): Step {
  let end = start + 1;
  for (; end < lines.length && !isBlank(lines[end]); end++) {
    const line = lines[end] ?? '';
    if (end === start + 1 && SETEXT_UNDERLINE.test(line)) {
      const level = line.includes('=') ? 1 : 2;
      return {
        blocks: [{ kind: 'heading', level, text: (lines[start] ?? '').trim() }],
        end: end + 1,
      };
    }
    const item = LIST_ITEM.exec(line);
    const canInterrupt = item && (!isOrderedMarker(item[2] ?? '') || item[2]?.startsWith('1'));
    if (startsBlock(lines, end) || canInterrupt) break;
  }
  return { blocks: paragraphBlocks(lines.slice(start, end)), end };
}

/** Markdown (or plain text read as Markdown) → blocks in reading order. */
export function parseTextBlocks(text: string): Block[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length;) {
    if (isBlank(lines[i])) {
      i++;
      continue;
    }
    const step =
      readFence(lines, i) ??
      readHeading(lines, i) ??
      (THEMATIC_BREAK.test(lines[i] ?? '') ? { blocks: [], end: i + 1 } : null) ??
      readTable(lines, i) ??
      readList(lines, i) ??
      readParagraph(lines, i);
    blocks.push(...step.blocks);
    i = step.end;
  }
  return blocks;
}

/**
 * Plain text and Markdown. Text past the character limit is not parsed: it is passed on as one
 * last paragraph, so that the document builder cuts it and reports the document as truncated.
 */
function readTextFile({ bytes, limits }: ReaderInput): ReadOutput {
  const text = decodeText(bytes);
  const lineEnd = text.lastIndexOf('\n', limits.maxCharacters);
  const cut =
    text.length <= limits.maxCharacters
      ? text.length
      : lineEnd > 0
        ? lineEnd
        : limits.maxCharacters;
  const blocks = parseTextBlocks(text.slice(0, cut));
  const rest = text.slice(cut, cut + limits.maxCharacters + 1);
  if (rest.trim()) blocks.push({ kind: 'paragraph', text: rest });
  const title = blocks.find((block) => block.kind === 'heading' && block.level === 1);
  return { blocks, title: title?.kind === 'heading' ? title.text : null };
}

// Synchronous work, run as a promise so that a failure is a rejection like every reader's.
export const readText: Reader = (input) => Promise.resolve(input).then(readTextFile);
