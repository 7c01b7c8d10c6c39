// A page's lines → blocks: tables, headings (lines in a clearly bigger font) and paragraphs
// (consecutive lines in one font size with ordinary line spacing). Running headers and footers
// that repeat across pages are dropped first.
import { dropRunningLines } from '../clean-text';
import type { Block } from '../types';
import type { PdfLine } from './pdf-lines';
import { median } from './pdf-lines';
import { findSections } from './pdf-tables';
import type { PageSection } from './pdf-tables';

/** A line at least this much bigger than the page's body text is a heading. */
const HEADING_RATIO = 1.25;
const MAX_HEADING_LENGTH = 150;
/** Lines further apart than this many font sizes start a new paragraph. */
const MAX_PARAGRAPH_LINE_GAP = 1.7;

/**
 * The lines of each page that are running headers, footers or page numbers. Every line takes part
 * in the count, so that "top" and "bottom" mean the page's real edges; callers keep table rows.
 */
export function findRunningLines(pages: PdfLine[][]): Set<PdfLine> {
  const kept = dropRunningLines(pages.map((lines) => lines.map((line) => line.text)));
  const running = new Set<PdfLine>();
  pages.forEach((lines, p) => {
    const texts = kept[p] ?? [];
    let next = 0;
    for (const line of lines) {
      if (texts[next] === line.text) next += 1;
      else running.add(line);
    }
  });
  return running;
}

function headingLevel(size: number, bodySize: number): number {
  const ratio = size / bodySize;
  if (ratio >= 1.8) return 1;
  return ratio >= 1.45 ? 2 : 3;
}

function continuesParagraph(previous: PdfLine, line: PdfLine): boolean {
  return (
    Math.abs(line.size - previous.size) <= 0.15 * line.size &&
    line.y - previous.y <= MAX_PARAGRAPH_LINE_GAP * line.size
  );
}

/** Loose lines → headings and paragraphs. */
function textBlocks(lines: PdfLine[], bodySize: number, page: number): Block[] {
  const blocks: Block[] = [];
  let paragraph: PdfLine[] = [];
  const flush = () => {
    if (paragraph.length > 0)
      blocks.push({ kind: 'paragraph', text: paragraph.map((l) => l.text).join('\n'), page });
    paragraph = [];
  };
  for (const line of lines) {
    if (line.size >= HEADING_RATIO * bodySize && line.text.length <= MAX_HEADING_LENGTH) {
      flush();
      const level = headingLevel(line.size, bodySize);
      blocks.push({ kind: 'heading', level, text: line.text, page });
      continue;
    }
    const previous = paragraph.at(-1);
    if (previous && !continuesParagraph(previous, line)) flush();
    paragraph.push(line);
  }
  flush();
  return blocks;
}

function sectionBlocks(section: Exclude<PageSection, { kind: 'line' }>, page: number): Block[] {
  if (section.kind === 'table') {
    const { header, rows } = section;
    return [{ kind: 'table', table: { source: 'pdf', header, rows }, page }];
  }
  return section.columns.map((column) => ({
    kind: 'paragraph',
    text: column.filter(Boolean).join('\n'),
    page,
  }));
}

/** One page's blocks; lines in `running` are left out unless they belong to a table. */
export function layoutPage(lines: PdfLine[], page: number, running: Set<PdfLine>): Block[] {
  const bodySize = median(lines.map((line) => line.size)) || 1;
  const blocks: Block[] = [];
  let loose: PdfLine[] = [];
  for (const section of findSections(lines)) {
    if (section.kind === 'line') {
      if (!running.has(section.line)) loose.push(section.line);
      continue;
    }
    blocks.push(...textBlocks(loose, bodySize, page), ...sectionBlocks(section, page));
    loose = [];
  }
  blocks.push(...textBlocks(loose, bodySize, page));
  return blocks;
}

const hasDigits = (cells: string[]) => cells.some((cell) => /\d/.test(cell));

/**
 * A table that opens a page right after a table that closed the page before, with as many
 * columns, whose first row holds figures where that table's header held none, carries it on: its
 * first row is data, and it takes the header of the table it continues.
 */
export function joinContinuedTables(blocks: Block[]): Block[] {
  const joined: Block[] = [];
  for (const block of blocks) {
    const previous = joined.at(-1);
    const isContinuation =
      block.kind === 'table' &&
      previous?.kind === 'table' &&
      typeof block.page === 'number' &&
      previous.page === block.page - 1 &&
      previous.table.header.length === block.table.header.length &&
      !hasDigits(previous.table.header) &&
      hasDigits(block.table.header);
    if (!isContinuation) {
      joined.push(block);
      continue;
    }
    const { header, rows } = block.table;
    joined.push({
      ...block,
      table: { ...block.table, header: previous.table.header, rows: [header, ...rows] },
    });
  }
  return joined;
}
