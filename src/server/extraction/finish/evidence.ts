// Evidence: where each cell's value was found in the Document's Markdown (character span, page).
// For each non-empty cell, in this order, the first way that finds it anywhere is used:
//   1. exact: the raw string the model or extractor gave (`rawRows`, aligned with `rows` by
//      index), then the value's own string form;
//   2. normalised: the same strings case-insensitively with whitespace collapsed; for a number
//      any number in the text that parses to it (8.5 ~ "8.50", -3.5 ~ "(3.50)"); for a date any
//      date that parses to it (2024-03-31 ~ "31 March 2024").
// Which occurrence: rows are taken to follow document order. Each row looks at or after the
// point the previous row reached (falling back to the last occurrence before it), its cells
// gather around the row's anchor (the median of their first occurrences), a cell found before the
// anchor's line tries again from that line, and two cells of a row never share one occurrence.
// So a repeated "2" maps to the "2" of its own table row. A value that cannot be found is null,
// "not found in the source".
import type { ColumnDefinition } from '../../../shared/columns';
import type { DocumentJson } from '../../../shared/document';
import type { CellEvidence, CellValue, ExtractedRow } from '../../../shared/extraction';
import { parseDate, parseNumber } from '../coerce';
import { buildTextIndex, foldText, pageAt, type Span, type TextIndex } from './evidence-index';
import {
  dateLocator,
  exactLocator,
  foldedLocator,
  numberLocator,
  type Locator,
} from './evidence-locate';

/** How far from its row's anchor a cell may be and still move the row on (in characters). */
const ROW_WINDOW = 1000;

export type LocateEvidenceOptions = {
  /** Any Document (only its Markdown and segments are read). */
  document: Pick<DocumentJson, 'markdown' | 'segments'>;
  rows: ExtractedRow[];
  rawRows?: Record<string, unknown>[];
  columns: ColumnDefinition[];
  /** The text index and locators, when the caller shares them with review. */
  index?: TextIndex;
  lookup?: LocatorLookup;
};

type Cell = { column: string; locators: Locator[] };
type Hit = { column: string; locator: Locator; span: Span };

export function rawValue(raw: Record<string, unknown> | undefined, name: string): unknown {
  if (!raw) return undefined;
  if (Object.hasOwn(raw, name)) return raw[name];
  const form = (key: string) => key.toLowerCase().replace(/[\s_\-.]+/g, '');
  const key = Object.keys(raw).find((candidate) => form(candidate) === form(name));
  return key === undefined ? undefined : raw[key];
}

export function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/** A lookup that builds each locator once per extraction. */
export type LocatorLookup = (
  kind: string,
  key: string,
  make: () => Locator | null,
) => Locator | null;

export function locatorCache(): LocatorLookup {
  const cache = new Map<string, Locator | null>();
  return (kind, key, make) => {
    const id = `${kind}\u0000${key}`;
    if (!cache.has(id)) cache.set(id, make());
    return cache.get(id) ?? null;
  };
}

/** The ways of finding one cell, best first; each is built once per distinct string. */
export function cellLocators(
  lookup: LocatorLookup,
  index: TextIndex,
  value: CellValue,
  raw: string | null,
  column: ColumnDefinition,
): Locator[] {
  const strings = [...new Set([raw, textOf(value)].filter((text): text is string => !!text))];
  const folded = [...new Set(strings.map(foldText).filter(Boolean))];
  const number =
    typeof value === 'number' ? value : column.type === 'number' && raw ? parseNumber(raw) : null;
  const date =
    column.type === 'date' && typeof value === 'string'
      ? (parseDate(value) ?? (raw ? parseDate(raw) : null))
      : null;
  const locators = [
    ...strings.map((text) => lookup('exact', text, () => exactLocator(index, text))),
    ...folded.map((text) => lookup('folded', text, () => foldedLocator(index, text))),
    number === null ? null : lookup('number', String(number), () => numberLocator(index, number)),
    date === null ? null : lookup('date', date, () => dateLocator(index, date)),
  ];
  return locators.filter((locator): locator is Locator => locator !== null);
}

function firstHit(cell: Cell, floor: number): Hit | null {
  for (const locator of cell.locators) {
    const span = locator.find(floor, true) ?? locator.find(floor, false);
    if (span) return { column: cell.column, locator, span };
  }
  return null;
}

/** An unused occurrence of the cell on the anchor's line, by any of its locators (best first). */
function hitOnLine(cell: Cell, line: Span, used: Set<number>): Hit | null {
  for (const locator of cell.locators) {
    let span = locator.find(line.start, true);
    for (let tries = 0; span && span.start < line.end && tries < 8; tries++) {
      if (!used.has(span.start)) return { column: cell.column, locator, span };
      span = locator.find(span.start + 1, true);
    }
  }
  return null;
}

/** A cell that is not on the anchor's line: its first occurrence, or the next one if closer. */
function hitOffLine(hit: Hit, line: Span, anchor: number): Hit {
  if (hit.span.start >= line.start) return hit;
  const again = hit.locator.find(line.start, true);
  const distance = (span: Span) => Math.abs(span.start - anchor);
  return again && distance(again) < distance(hit.span) ? { ...hit, span: again } : hit;
}

/** The row's cells placed around its anchor; the offset the next row starts looking from. */
function locateRow(index: TextIndex, cells: Cell[], floor: number): { hits: Hit[]; floor: number } {
  const first = cells.map((cell) => firstHit(cell, floor));
  const starts = first.flatMap((hit) => (hit ? [hit.span.start] : [])).sort((a, b) => a - b);
  if (starts.length === 0) return { hits: [], floor };
  const ahead = starts.filter((start) => start >= floor);
  const pool = ahead.length > 0 ? ahead : starts;
  const anchor = pool[(pool.length - 1) >> 1] ?? 0;
  const lineEnd = index.text.indexOf('\n', anchor);
  const line = {
    start: index.text.lastIndexOf('\n', anchor - 1) + 1,
    end: lineEnd < 0 ? index.text.length : lineEnd,
  };
  const used = new Set<number>();
  const isOnLine = (hit: Hit | null) =>
    hit !== null && hit.span.start >= line.start && hit.span.start < line.end;
  // Cells already on the anchor's line keep their place; the others look for one there first.
  const placed = first.map((hit) => {
    if (!hit || !isOnLine(hit) || used.has(hit.span.start)) return null;
    used.add(hit.span.start);
    return hit;
  });
  const hits: Hit[] = [];
  cells.forEach((cell, i) => {
    const fallback = first[i];
    const hit =
      placed[i] ??
      hitOnLine(cell, line, used) ??
      (fallback ? hitOffLine(fallback, line, anchor) : null);
    if (!hit) return;
    used.add(hit.span.start);
    hits.push(hit);
  });
  // A row that stands on one line moves the search on by that line only: a value of another
  // row (a wrong one) must not make the next rows start past their own lines.
  const isOneLine = hits.filter(isOnLine).length >= 2;
  let next = floor;
  for (const hit of hits) {
    const moves = isOneLine ? isOnLine(hit) : Math.abs(hit.span.start - anchor) <= ROW_WINDOW;
    if (hit.span.start >= floor && moves) next = Math.max(next, hit.span.end);
  }
  return { hits, floor: next };
}

function isCell(value: CellValue | undefined, raw: unknown, hasRaw: boolean): value is CellValue {
  if (value === null || value === undefined || value === '') return false;
  // The required column's stand-in (0 or '') for a blank answer is not a value to look for.
  return !(hasRaw && value === 0 && textOf(raw) === null);
}

export type RowEvidence = Record<string, CellEvidence>;

export function locateEvidence(options: LocateEvidenceOptions): {
  evidence: RowEvidence[];
  grounding: { cells: number; grounded: number };
} {
  const { document, rows, rawRows, columns } = options;
  const index = options.index ?? buildTextIndex(document.markdown, document.segments);
  const lookup = options.lookup ?? locatorCache();
  let floor = 0;
  let cells = 0;
  let grounded = 0;
  const evidence = rows.map((row, rowIndex) => {
    const raw = rawRows?.[rowIndex];
    const rowCells: Cell[] = [];
    for (const column of columns) {
      const value = row[column.name];
      const rawCell = rawValue(raw, column.name);
      if (!isCell(value, rawCell, raw !== undefined)) continue;
      const locators = cellLocators(lookup, index, value, textOf(rawCell), column);
      rowCells.push({ column: column.name, locators });
    }
    const located = locateRow(index, rowCells, floor);
    floor = located.floor;
    cells += rowCells.length;
    grounded += located.hits.length;
    const result: RowEvidence = Object.fromEntries(columns.map((column) => [column.name, null]));
    for (const hit of located.hits) {
      const page = pageAt(index, hit.span.start);
      const cell: CellEvidence = { ...hit.span, page, match: hit.locator.match };
      result[hit.column] = cell;
    }
    return result;
  });
  return { evidence, grounding: { cells, grounded } };
}
