import type { ColumnDefinition } from '../../../shared/columns';
import type { ServerDocument } from '../read/types';
import { estimateAnswer } from './answer-estimate';

/** A part of the document sent to the model in one call (plus continuations). */
export type Chunk = {
  index: number;
  text: string;
  pages: number[];
  images: ServerDocument['images'];
  /** Rows this chunk is expected to yield, from its table rows and lines. */
  estimatedRows: number;
  /** Output tokens its answer is expected to take. */
  estimatedOutputTokens: number;
  /** Characters sent again because an earlier part had them too: a table header carried over. */
  repeatedCharacters: number;
};

export type PlanOptions = {
  columns: ColumnDefinition[];
  /** About 100,000 characters (SPEC.md section 9). */
  maxCharacters: number;
  /** The output tokens one call may produce; chunks are sized so their answer likely fits. */
  maxOutputTokens: number;
  /**
   * Parts that can run at once (the model's concurrency): a long answer is spread over about as
   * many parts, so that it comes back in the time of one short answer. Default 1.
   */
  targetParts?: number;
};

type Unit = {
  text: string;
  page: number | null;
  rows: number;
  tokens: number;
  tableHeader: string | null;
  tableIndex: number | null;
};

/** Share of the output limit a chunk's expected answer may fill, leaving room for misestimates. */
const OUTPUT_FILL = 0.6;
/** A part is not made smaller than this answer for speed alone: each part repeats the prompt. */
export const MIN_PART_OUTPUT_TOKENS = 1_000;

/** The cells of a GFM table row. */
function cellsOf(row: string): string[] {
  return row
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/);
}

/** Splits segments into units: each table row is a unit that carries its table's header lines. */
function toUnits(document: ServerDocument, columns: ColumnDefinition[]): Unit[] {
  const units: Unit[] = [];
  for (const segment of document.segments) {
    const text = document.markdown.slice(segment.start, segment.end);
    const base = { page: segment.page, tableHeader: null, tableIndex: null };
    if (segment.kind !== 'table') {
      const source = { kind: 'text' as const, text, isHeading: segment.kind === 'heading' };
      units.push({ ...base, text, ...estimateAnswer(source, columns) });
      continue;
    }
    const [header = '', separator = '', ...rows] = text.split('\n');
    const tableHeader = `${header}\n${separator}`;
    for (const row of rows) {
      const estimate = estimateAnswer({ kind: 'table-row', cells: cellsOf(row) }, columns);
      units.push({
        ...base,
        text: row,
        ...estimate,
        tableHeader,
        tableIndex: segment.tableIndex ?? null,
      });
    }
    if (rows.length === 0) units.push({ ...base, text: tableHeader, rows: 0, tokens: 0 });
  }
  return units;
}

/** The answer one part may be expected to take: within the output limit, spread over the parts. */
function partBudget(units: Unit[], options: PlanOptions): number {
  const limit = options.maxOutputTokens * OUTPUT_FILL;
  const parts = options.targetParts ?? 1;
  if (parts <= 1) return limit;
  const total = units.reduce((sum, unit) => sum + unit.tokens, 0);
  return Math.min(limit, Math.max(MIN_PART_OUTPUT_TOKENS, total / parts));
}

/**
 * Plans the calls for a document: chunks end on segment (or table-row) boundaries, carry a
 * table's header into the next chunk, stay under the character limit, and hold no more rows
 * than one answer can likely return, nor (for speed) much more than their share of the whole
 * answer, so a long list becomes parallel calls rather than a long chain of continuations.
 */
export function planChunks(document: ServerDocument, options: PlanOptions): Chunk[] {
  const units = toUnits(document, options.columns);
  const budget = partBudget(units, options);
  const chunks: Chunk[] = [];
  let parts: string[] = [];
  let characters = 0;
  let tokens = 0;
  let rows = 0;
  let repeated = 0;
  let pages = new Set<number>();
  let openTable: number | null = null;

  const flush = () => {
    if (parts.length === 0) return;
    chunks.push({
      index: chunks.length,
      text: parts.join(''),
      pages: [...pages],
      images: [],
      estimatedRows: rows,
      estimatedOutputTokens: Math.ceil(tokens),
      repeatedCharacters: repeated,
    });
    parts = [];
    characters = tokens = rows = repeated = 0;
    pages = new Set();
    openTable = null;
  };

  // A unit's text as it joins the chunk: a table row continues its table on the next line; anything
  // else starts a new block after a blank line, and a table row opening a chunk brings the header.
  const piece = (unit: Unit) => {
    const continuesTable = unit.tableHeader !== null && openTable === unit.tableIndex;
    const body =
      unit.tableHeader !== null && !continuesTable
        ? `${unit.tableHeader}\n${unit.text}`
        : unit.text;
    if (parts.length === 0) return body;
    return `${continuesTable ? '\n' : '\n\n'}${body}`;
  };

  let previousTable: number | null = null;
  for (const unit of units) {
    let text = piece(unit);
    if (
      (characters + text.length > options.maxCharacters || tokens + unit.tokens > budget) &&
      parts.length > 0
    ) {
      flush();
      text = piece(unit);
    }
    // A table that goes on from the previous part repeats its header here.
    if (parts.length === 0 && unit.tableHeader !== null && previousTable === unit.tableIndex)
      repeated = unit.tableHeader.length + 1;
    parts.push(text);
    characters += text.length;
    tokens += unit.tokens;
    rows += unit.rows;
    openTable = unit.tableHeader !== null ? unit.tableIndex : null;
    previousTable = openTable;
    if (unit.page !== null) pages.add(unit.page);
  }
  flush();
  return attachImages(chunks, document.images);
}

/** Page images go with the chunk holding that page; other images (an uploaded photo) with the first. */
function attachImages(chunks: Chunk[], images: ServerDocument['images']): Chunk[] {
  if (images.length === 0) return chunks;
  const planned: Chunk[] =
    chunks.length > 0
      ? chunks
      : [
          {
            index: 0,
            text: '',
            pages: [],
            images: [],
            estimatedRows: 0,
            estimatedOutputTokens: 0,
            repeatedCharacters: 0,
          },
        ];
  for (const image of images) {
    const target =
      planned.find((chunk) => image.page !== null && chunk.pages.includes(image.page)) ??
      planned[0]!;
    target.images.push(image);
  }
  return planned;
}
