// One page's words and lines → blocks in reading order: ruled tables first found from the lines
// drawn on the page, then tables, text columns, headings (lines in a clearly bigger font) and
// paragraphs (lines in one size with ordinary spacing) from the rest. Used for PDF text and OCR.
import type { TableSource } from '../../../../shared/document';
import type { Block } from '../types';
import { tableText, type CellTable } from './cell-table';
import { findLatticeTables, type PlacedTable } from './lattice';
import { groupLines, lineText, type TextLine } from './lines';
import { findStreamSections } from './stream';
import { readingFlows, type Flow } from './text-columns';
import type { PageText, Word } from './types';

/** A line at least this much bigger than the page's body text is a heading. */
const HEADING_RATIO = 1.25;
const MAX_HEADING_LENGTH = 150;
/** Lines further apart than this many font sizes start a new paragraph. */
const MAX_PARAGRAPH_LINE_GAP = 1.7;

export type PreparedPage = {
  tables: PlacedTable[];
  lines: TextLine[];
  usedGuests: Set<Word>;
  /** The size of most of the page's text, tables included. */
  bodySize: number;
};

/** Text outside ruled tables shorter than this says little about the body size. */
const MIN_BODY_CHARACTERS = 40;

/** The font size most of the text is set in (by characters, to half a point). */
function bodySizeOf(words: Word[]): number {
  const characters = new Map<number, number>();
  for (const word of words) {
    const size = Math.round(word.size * 2) / 2;
    characters.set(size, (characters.get(size) ?? 0) + word.text.length);
  }
  let best = 0;
  for (const [size, count] of characters) if (count > (characters.get(best) ?? 0)) best = size;
  return best || 1;
}

/** Ruled tables and the lines of the remaining words. */
export function preparePage(text: PageText): PreparedPage {
  const { tables, rest, usedGuests } = findLatticeTables(text);
  const restCharacters = rest.reduce((sum, word) => sum + word.text.length, 0);
  const bodySize = bodySizeOf(restCharacters >= MIN_BODY_CHARACTERS ? rest : text.words);
  return { tables, lines: groupLines(rest), usedGuests, bodySize };
}

function headingLevel(size: number, bodySize: number): number {
  const ratio = size / bodySize;
  if (ratio >= 1.8) return 1;
  return ratio >= 1.45 ? 2 : 3;
}

function continuesParagraph(previous: TextLine, line: TextLine): boolean {
  return (
    Math.abs(line.size - previous.size) <= 0.15 * line.size &&
    line.baseline - previous.baseline <= MAX_PARAGRAPH_LINE_GAP * line.size
  );
}

/** Loose lines → headings and paragraphs. */
function textBlocks(lines: TextLine[], bodySize: number, page: number | null): Block[] {
  const blocks: Block[] = [];
  let paragraph: TextLine[] = [];
  const flush = () => {
    if (paragraph.length > 0)
      blocks.push({ kind: 'paragraph', text: paragraph.map(lineText).join('\n'), page });
    paragraph = [];
  };
  for (const line of lines) {
    const text = lineText(line);
    if (line.size >= HEADING_RATIO * bodySize && text.length <= MAX_HEADING_LENGTH) {
      flush();
      blocks.push({ kind: 'heading', level: headingLevel(line.size, bodySize), text, page });
      continue;
    }
    const previous = paragraph.at(-1);
    if (previous && !continuesParagraph(previous, line)) flush();
    paragraph.push(line);
  }
  flush();
  return blocks;
}

type Placed = { flow: number; top: number; blocks: (bodySize: number) => Block[] };

function tableBlock(
  table: CellTable,
  headerRows: number | undefined,
  page: number | null,
  source: TableSource,
): Block {
  const { header, rows } = tableText(table, headerRows);
  return { kind: 'table', table: { source, header, rows }, page };
}

function bandBlocks(
  lines: TextLine[],
  page: number | null,
  source: TableSource,
  running: Set<TextLine> | undefined,
): Omit<Placed, 'flow'>[] {
  const placed: Omit<Placed, 'flow'>[] = [];
  let loose: TextLine[] = [];
  const flushLoose = () => {
    const group = loose;
    if (group.length > 0)
      placed.push({ top: group[0]!.top, blocks: (size) => textBlocks(group, size, page) });
    loose = [];
  };
  for (const section of findStreamSections(lines)) {
    if (section.kind === 'line') {
      if (!running?.has(section.line)) loose.push(section.line);
      continue;
    }
    flushLoose();
    const top = section.lines[0]!.top;
    if (section.kind === 'table' || section.kind === 'tables') {
      const tables = section.kind === 'table' ? [section] : section.tables;
      const blocks = tables.map(({ table, headerRows }) =>
        tableBlock(table, headerRows, page, source),
      );
      placed.push({ top, blocks: () => blocks });
    } else if (section.kind === 'list') {
      const { items, isOrdered } = section;
      placed.push({ top, blocks: () => [{ kind: 'list', items, isOrdered, page }] });
    } else {
      const paragraphs = section.columns.map((text): Block => ({ kind: 'paragraph', text, page }));
      placed.push({ top, blocks: () => paragraphs });
    }
  }
  flushLoose();
  return placed;
}

/**
 * The flow a ruled table is read in: the one whose lines stand around it, else its place between
 * flows by height (a fraction: after the flows above it, before the others).
 */
function flowOf(table: PlacedTable, flows: Flow[]): number {
  const middle = (table.x0 + table.x1) / 2;
  const around = flows.findIndex(
    (lines) =>
      lines[0]!.top <= table.top &&
      lines.at(-1)!.bottom >= table.top &&
      Math.min(...lines.map((line) => line.x0)) <= middle &&
      Math.max(...lines.map((line) => line.x1)) >= middle,
  );
  if (around >= 0) return around;
  const below = flows.findIndex((lines) => lines[0]!.top > table.top);
  return (below < 0 ? flows.length : below) - 0.5;
}

/**
 * The page's blocks in reading order: top to bottom, a part set in columns column by column.
 * Loose lines in `running` (running headers and footers) are left out; lines that belong to a
 * table are kept.
 */
export function layoutPage(
  prepared: PreparedPage,
  options: { page: number | null; source: TableSource; running?: Set<TextLine> },
): Block[] {
  const { page, source, running } = options;
  const tables = [...prepared.tables].sort((a, b) => a.top - b.top);
  const flows = readingFlows(prepared.lines);
  const placed: Placed[] = tables.map((found) => ({
    flow: flowOf(found, flows),
    top: found.top,
    blocks: () => [tableBlock(found.table, undefined, page, source)],
  }));
  flows.forEach((lines, flow) => {
    // Lines between two ruled tables are read apart from the lines beyond them.
    const bands = tables.map(() => [] as TextLine[]).concat([[]]);
    for (const line of lines) {
      const index = tables.findIndex((table) => line.top < table.top);
      bands[index < 0 ? tables.length : index]!.push(line);
    }
    for (const band of bands)
      placed.push(...bandBlocks(band, page, source, running).map((item) => ({ ...item, flow })));
  });
  const { bodySize } = prepared;
  return placed
    .sort((a, b) => a.flow - b.flow || a.top - b.top)
    .flatMap((item) => item.blocks(bodySize));
}
