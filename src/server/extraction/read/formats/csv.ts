import Papa from 'papaparse';
import { splitTitleAndNotes } from './csv-notes';
import { decodeText } from '../decode-text';
import type { Block, Reader, ReaderInput, ReadLimits, ReadOutput } from '../types';

const DELIMITERS = [',', ';', '\t', '|'];
const NUMBER = /^[-+(]?[$€£¥]?\s?[-+]?\d[\d\s,.']*(?:[eE][-+]?\d+)?(?:%|[$€£¥])?\)?$/;
const DATE =
  /^(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4})(?:[ T]\d{1,2}:\d{2}.*)?$/;

// Values are short; a longer cell is text, and is not fed to the patterns.
const MAX_VALUE_LENGTH = 40;

/** A cell that holds a value (a number, an amount, a date) rather than a name. */
export function isValueLike(cell: string): boolean {
  const text = cell.trim();
  if (text === '' || text.length > MAX_VALUE_LENGTH) return false;
  return NUMBER.test(text) || DATE.test(text);
}

const YEAR = /^(?:19|20)\d\d$/;

/** A year over a column of other figures ("2019" over "1,354.0"): a heading, not a value. */
function isYearHeading(rows: string[][], column: number): boolean {
  const [first, ...body] = rows;
  if (!YEAR.test(first?.[column]?.trim() ?? '')) return false;
  const below = body.map((row) => row[column]?.trim() ?? '').filter(isValueLike);
  return below.length > 0 && below.some((cell) => !YEAR.test(cell));
}

/**
 * Whether the first row names the columns: it holds no numbers or dates (years over columns of
 * figures aside), and either every cell is filled and distinct, or some column has text on top
 * of mostly numbers or dates.
 */
export function looksLikeHeader(rows: string[][]): boolean {
  const first = rows[0]?.map((cell) => cell.trim()) ?? [];
  const named = first.filter(Boolean);
  const isValue = (cell: string, column: number) =>
    isValueLike(cell) && !isYearHeading(rows, column);
  if (named.length === 0 || first.some(isValue)) return false;
  const isComplete = named.length === first.length;
  const isUnique = new Set(named.map((cell) => cell.toLowerCase())).size === named.length;
  if (isComplete && isUnique) return true;
  const body = rows.slice(1);
  return first.some((name, column) => {
    if (!name) return false;
    const below = body.map((row) => row[column]?.trim() ?? '').filter(Boolean);
    return below.length > 0 && below.filter(isValueLike).length * 2 >= below.length;
  });
}

/** Splits the first row off as the header when it looks like one, widened to the widest row. */
export function splitHeader(rows: string[][]): { header: string[]; rows: string[][] } {
  if (!looksLikeHeader(rows)) return { header: [], rows };
  const [first = [], ...body] = rows;
  const width = body.reduce((widest, row) => Math.max(widest, row.length), first.length);
  const header = [...first, ...Array.from({ length: width - first.length }, () => '')];
  return { header, rows: body };
}

const renderedLength = (cells: string[], width: number) =>
  cells.reduce((sum, cell) => sum + cell.length + cell.split('|').length - 1, 4 + 3 * (width - 1));

/**
 * The rows a table keeps: at most `maxTableRows`, and no more than its GFM rendering (see
 * markdown-table.ts) can hold within `maxCharacters`, since a table too long for the limit
 * would be left out of the document whole. `hasMore` says rows were already left unread.
 */
export function limitTableRows(
  table: { header: string[]; rows: string[][] },
  limits: Pick<ReadLimits, 'maxTableRows' | 'maxCharacters'>,
  where: { hasMore: boolean; name: string },
): { rows: string[][]; warning: string | null } {
  const width = table.rows.reduce(
    (widest, row) => Math.max(widest, row.length),
    table.header.length || 1,
  );
  const header =
    table.header.length > 0 ? table.header : Array<string>(width).fill(`Column ${width}`);
  let total = renderedLength(header, width) + 6 * width + 2;
  let kept = 0;
  for (const row of table.rows.slice(0, limits.maxTableRows)) {
    total += renderedLength(row, width) + 1;
    if (total > limits.maxCharacters) break;
    kept++;
  }
  if (kept === table.rows.length && !where.hasMore) return { rows: table.rows, warning: null };
  return {
    rows: table.rows.slice(0, kept),
    warning: `Only the first ${kept} rows of ${where.name} were read.`,
  };
}

function isTabSeparated(fileName: string | null, mimeType: string): boolean {
  return mimeType === 'text/tab-separated-values' || /\.(tsv|tab)$/i.test(fileName?.trim() ?? '');
}

type DelimiterScore = [quoteErrors: number, columns: number, consistency: number];

/** How well a delimiter splits the first rows: few quote errors, then the same width throughout. */
function scoreDelimiter(sample: string, delimiter: string): DelimiterScore {
  const { data, errors } = Papa.parse<string[]>(sample, {
    delimiter,
    preview: 30,
    skipEmptyLines: 'greedy',
  });
  const widths = data.map((row) => row.length);
  const counts = new Map<number, number>();
  for (const width of widths) counts.set(width, (counts.get(width) ?? 0) + 1);
  const [columns, rows] = [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0] ?? [1, 0];
  const quoteErrors = errors.filter((error) => error.type === 'Quotes').length;
  return [quoteErrors, columns, widths.length > 0 ? rows / widths.length : 0];
}

/**
 * Chooses among , ; tab and | the delimiter that splits the first rows into two or more columns
 * with the fewest quote errors and the most consistent width (a comma when nothing fits).
 * Unlike papaparse's own guess, a delimiter that breaks quoted fields loses.
 */
function guessDelimiter(text: string): string {
  const sample = text.slice(0, 64 * 1024);
  const isBetter = (a: DelimiterScore, b: DelimiterScore) =>
    a[0] !== b[0] ? a[0] < b[0] : a[2] !== b[2] ? a[2] > b[2] : a[1] > b[1];
  let best: { delimiter: string; score: DelimiterScore } | null = null;
  for (const delimiter of DELIMITERS) {
    const score = scoreDelimiter(sample, delimiter);
    if (score[1] >= 2 && (!best || isBetter(score, best.score))) best = { delimiter, score };
  }
  return best?.delimiter ?? ',';
}

type ParsedRows = { rows: string[][]; isCut: boolean; hasOpenQuote: boolean };

/** Parses at most `maxRows` non-empty rows, row by row, so a huge file is not held twice. */
function parseRows(text: string, delimiter: string, maxRows: number): ParsedRows {
  const rows: string[][] = [];
  let isCut = false;
  let hasOpenQuote = false;
  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: 'greedy',
    step: (result, parser) => {
      if (result.errors.some((error) => error.code === 'MissingQuotes')) hasOpenQuote = true;
      if (rows.length >= maxRows) {
        isCut = true;
        parser.abort();
        return;
      }
      rows.push(result.data);
    },
  });
  return { rows, isCut, hasOpenQuote };
}

/**
 * CSV and TSV: one table. The delimiter is detected among , ; tab and | (a TSV is always split
 * on tabs); quoted fields may hold delimiters and line breaks; ragged rows are kept as they are.
 */
function readCsvText({ bytes, fileName, mimeType, limits }: ReaderInput): ReadOutput {
  const text = decodeText(bytes);
  const delimiter = isTabSeparated(fileName, mimeType) ? '\t' : guessDelimiter(text);
  // The header, the rows allowed, and one more to know whether any were left out.
  const parsed = parseRows(text, delimiter, limits.maxTableRows + 2);
  const parts = splitTitleAndNotes(parsed.rows);
  const { header, rows: allRows } = splitHeader(parts.rows);
  const where = { hasMore: parsed.isCut, name: 'the file' };
  const { rows, warning } = limitTableRows({ header, rows: allRows }, limits, where);
  const warnings = warning ? [warning] : [];
  if (parsed.hasOpenQuote)
    warnings.push(
      'A quoted field is never closed, so the rest of the file after it was read as one cell.',
    );
  if (rows.length === 0 && header.length === 0) return { blocks: [], title: null };
  const around = (lines: string[]): Block[] =>
    lines.length > 0 ? [{ kind: 'paragraph', text: lines.join('\n') }] : [];
  return {
    blocks: [
      ...around(parts.above),
      { kind: 'table', table: { source: 'csv', header, rows } },
      ...around(parts.below),
    ],
    title: null,
    warnings,
  };
}

// Synchronous work, run as a promise so that a failure is a rejection like every reader's.
export const readCsv: Reader = (input) => Promise.resolve(input).then(readCsvText);
