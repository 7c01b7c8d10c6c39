import type { ColumnDefinition } from '../../shared/columns';
import type { ServerDocument } from './read/types';

/** A part of the document sent to the model in one call (plus continuations). */
export type Chunk = {
  index: number;
  text: string;
  pages: number[];
  images: ServerDocument['images'];
  /** Rows this chunk is expected to yield, from its table rows and lines. */
  estimatedRows: number;
};

export type PlanOptions = {
  columns: ColumnDefinition[];
  /** About 100,000 characters (SPEC.md section 9). */
  maxCharacters: number;
  /** The output tokens one call may produce; chunks are sized so their answer likely fits. */
  maxOutputTokens: number;
};

type Unit = {
  text: string;
  page: number | null;
  rows: number;
  tableHeader: string | null;
  tableIndex: number | null;
};

/** Share of the output limit a chunk's expected answer may fill, leaving room for misestimates. */
const OUTPUT_FILL = 0.6;

/** Splits segments into units: each table row is a unit that carries its table's header lines. */
function toUnits(document: ServerDocument): Unit[] {
  const units: Unit[] = [];
  for (const segment of document.segments) {
    const text = document.markdown.slice(segment.start, segment.end);
    if (segment.kind !== 'table') {
      const lines = text.split('\n').filter((line) => line.trim()).length;
      units.push({
        text,
        page: segment.page,
        rows: segment.kind === 'heading' ? 0 : lines,
        tableHeader: null,
        tableIndex: null,
      });
      continue;
    }
    const [header = '', separator = '', ...rows] = text.split('\n');
    const tableHeader = `${header}\n${separator}`;
    for (const row of rows) {
      units.push({
        text: row,
        page: segment.page,
        rows: 1,
        tableHeader,
        tableIndex: segment.tableIndex ?? null,
      });
    }
    if (rows.length === 0)
      units.push({
        text: tableHeader,
        page: segment.page,
        rows: 0,
        tableHeader: null,
        tableIndex: null,
      });
  }
  return units;
}

/** Output tokens one row of this text is likely to cost: its values plus the JSON keys. */
function rowTokens(unit: Unit, keyOverhead: number): number {
  const valueCharacters = unit.text.replace(/[|]/g, '').trim().length / Math.max(unit.rows, 1);
  return (keyOverhead + valueCharacters) / 4;
}

/**
 * Plans the calls for a document: chunks end on segment (or table-row) boundaries, carry a
 * table's header into the next chunk, stay under the character limit, and hold no more rows than
 * one answer can likely return, so a long list becomes parallel calls rather than a long chain
 * of continuations.
 */
export function planChunks(document: ServerDocument, options: PlanOptions): Chunk[] {
  const keyOverhead = options.columns.reduce((sum, column) => sum + column.name.length + 6, 4);
  const outputBudget = options.maxOutputTokens * OUTPUT_FILL;
  const chunks: Chunk[] = [];
  let parts: string[] = [];
  let characters = 0;
  let tokens = 0;
  let rows = 0;
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
    });
    parts = [];
    characters = tokens = rows = 0;
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

  for (const unit of toUnits(document)) {
    const cost = unit.rows * rowTokens(unit, keyOverhead);
    let text = piece(unit);
    if (
      (characters + text.length > options.maxCharacters || tokens + cost > outputBudget) &&
      parts.length > 0
    ) {
      flush();
      text = piece(unit);
    }
    parts.push(text);
    characters += text.length;
    tokens += cost;
    rows += unit.rows;
    openTable = unit.tableHeader !== null ? unit.tableIndex : null;
    if (unit.page !== null) pages.add(unit.page);
  }
  flush();
  return attachImages(chunks, document.images);
}

/** Page images go with the chunk holding that page; other images (an uploaded photo) with the first. */
function attachImages(chunks: Chunk[], images: ServerDocument['images']): Chunk[] {
  if (images.length === 0) return chunks;
  const planned =
    chunks.length > 0 ? chunks : [{ index: 0, text: '', pages: [], images: [], estimatedRows: 0 }];
  for (const image of images) {
    const target =
      planned.find((chunk) => image.page !== null && chunk.pages.includes(image.page)) ??
      planned[0]!;
    target.images.push(image);
  }
  return planned;
}
