import type { ColumnDefinition } from '../../../shared/columns';
import type { ServerDocument } from '../read/types';
import { estimateAnswer } from './answer-estimate';
import { attachImages } from './attach-images';
import type { Chunk } from './chunk';
import { partCount, roundUpToWaves } from './part-count';

export type { Chunk } from './chunk';

export type PlanOptions = {
  columns: ColumnDefinition[];
  /** About 100,000 characters (SPEC.md section 9). */
  maxCharacters: number;
  /** The output tokens one call may produce; chunks are sized so their answer likely fits. */
  maxOutputTokens: number;
  /**
   * Parts that can run at once (`partsAtOnce`): a long answer is spread over that many parts,
   * never more unless the output limit forces it, so that it comes back in one wave of calls.
   * Default 1.
   */
  partsAtOnce?: number;
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

/**
 * Plans the calls for a document: chunks end on segment (or table-row) boundaries, carry a
 * table's header into the next chunk, stay under the character limit, and hold no more rows
 * than one answer can likely return. A long answer is cut into as many parts as can run at once
 * (`partCount`), of equal shares, so it comes back in one wave of calls rather than a long chain
 * of continuations or a second wave.
 */
export function planChunks(document: ServerDocument, options: PlanOptions): Chunk[] {
  const units = toUnits(document, options.columns);
  const atOnce = options.partsAtOnce ?? 1;
  const partLimit = options.maxOutputTokens * OUTPUT_FILL;
  const total = units.reduce((sum, unit) => sum + unit.tokens, 0);
  let count = partCount(total, partLimit, atOnce);
  for (;;) {
    const chunks = cutChunks(units, count, partLimit, options.maxCharacters);
    // The character limit (or a row wider than a share) made more: plan whole waves of that many.
    if (chunks.length <= count) return attachImages(chunks, document.images);
    count = roundUpToWaves(chunks.length, Math.max(1, Math.floor(atOnce)));
  }
}

/**
 * Cuts the units into `count` parts of about equal answers (each part's share is what is left
 * over the parts left), cutting earlier where a part would pass the answer or character limit.
 */
function cutChunks(
  units: Unit[],
  count: number,
  partLimit: number,
  maxCharacters: number,
): Chunk[] {
  const chunks: Chunk[] = [];
  let parts: string[] = [];
  let characters = 0;
  let tokens = 0;
  let rows = 0;
  let repeated = 0;
  let pages = new Set<number>();
  let openTable: number | null = null;
  let tokensLeft = units.reduce((sum, unit) => sum + unit.tokens, 0);
  let share = tokensLeft / count;

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
    tokensLeft -= tokens;
    share = tokensLeft / Math.max(1, count - chunks.length);
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
    const isLastPart = chunks.length >= count - 1;
    // A unit goes to the next part when more than half of it lies past this part's share.
    const isPastShare = !isLastPart && tokens + unit.tokens / 2 > share;
    if (
      (characters + text.length > maxCharacters ||
        tokens + unit.tokens > partLimit ||
        isPastShare) &&
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
  return chunks;
}
