import { AppError } from '../../../../shared/errors';
import { limitTableRows } from './csv';
import type { Block, Reader, ReadLimits } from '../types';
import { readNumberKinds } from './xlsx/number-formats';
import { readSharedStrings } from './xlsx/shared-strings';
import { readSheetRows, type GridCell } from './xlsx/sheet-rows';
import { readWorkbookInfo, type SheetInfo } from './xlsx/workbook-info';
import { openZipParts, type ZipParts } from '../zip-parts';
import { scanZip } from '../zip-limits';

// Rows of one merged range or one cell above the header are captions, such as a report title.
const MAX_CAPTION_ROWS = 5;
// Merged ranges kept per sheet; a real sheet has a handful.
const MAX_MERGES = 50_000;
const WORKSHEET_PART = /^xl\/worksheets\/[^/]+\.xml$/i;
const MERGE_REFERENCE = /<(?:\w+:)?mergeCell\b[^>]*?\bref="([A-Z]+\d+:[A-Z]+\d+)"/g;

function notAWorkbook(cause?: unknown): AppError {
  return new AppError('FILE_PROCESSING_FAILED', {
    params: { message: 'the file is damaged or is not an Excel workbook.' },
    cause,
  });
}

/** Collects a worksheet's merged ranges as the size check inflates it (they follow the rows). */
function mergeCollector(merges: Map<string, string[]>) {
  return (name: string) => {
    if (!WORKSHEET_PART.test(name)) return null;
    const found: string[] = [];
    merges.set(name, found);
    let tail = '';
    return (chunk: Buffer) => {
      const text = tail + chunk.toString('latin1');
      for (const match of text.matchAll(MERGE_REFERENCE)) {
        if (match.index + match[0].length > tail.length && found.length < MAX_MERGES)
          found.push(match[1]!);
      }
      tail = text.slice(-256);
    };
  };
}

/**
 * Texts of the rows, cut to the columns that hold anything (findIndex visits the holes). Only
 * as many rows are laid out as could fit the character limit at three characters a cell, so a
 * sparse sheet with a far-off cell does not become millions of empty strings.
 */
function toTexts(rows: GridCell[][], maxCharacters: number) {
  const first = rows.reduce((min, row) => Math.min(min, row.findIndex(Boolean)), Infinity);
  const width = rows.reduce((max, row) => Math.max(max, row.length), 0) - first;
  const fitting = rows.slice(0, Math.floor(maxCharacters / (3 * width)) + 1);
  const texts = fitting.map((row) =>
    Array.from({ length: width }, (_, i) => row[first + i]?.text ?? ''),
  );
  return { texts, isCut: fitting.length < rows.length };
}

const originCount = (row: GridCell[]) => new Set(row.flatMap((cell) => cell?.origin ?? [])).size;

/** Caption rows (one value each, above the first row with several), the header and the rows. */
function splitSheet(rows: GridCell[][], maxCharacters: number) {
  const firstWide = rows.findIndex((row) => originCount(row) > 1);
  const captionCount = firstWide > 0 && firstWide <= MAX_CAPTION_ROWS ? firstWide : 0;
  const captions = rows.slice(0, captionCount).map((row) => row.find(Boolean)?.text ?? '');
  const { texts, isCut } = toTexts(rows.slice(captionCount), maxCharacters);
  const [header = [], ...body] = texts;
  return { captions, header, rows: body, isCut };
}

type SheetResult = { sheet: SheetInfo; blocks: Block[]; warning: string | null };

function sheetBlocks(sheet: SheetInfo, rows: GridCell[][], isCut: boolean, limits: ReadLimits) {
  const split = splitSheet(rows, limits.maxCharacters);
  const where = { hasMore: isCut || split.isCut, name: `sheet "${sheet.name}"` };
  const kept = limitTableRows({ header: split.header, rows: split.rows }, limits, where);
  const blocks: Block[] = split.captions.map((text) => ({ kind: 'paragraph', text }));
  const table = {
    name: sheet.name,
    source: 'sheet' as const,
    header: split.header,
    rows: kept.rows,
  };
  blocks.push({ kind: 'table', table, page: null });
  return { sheet, blocks, warning: kept.warning };
}

async function readSheets(
  parts: ZipParts,
  merges: Map<string, string[]>,
  limits: ReadLimits,
  signal?: AbortSignal,
) {
  const info = await readWorkbookInfo(parts);
  if (info.sheets.length === 0) throw notAWorkbook();
  const strings = await readSharedStrings(parts, info.sharedStringsPath);
  const kinds = await readNumberKinds(parts, info.stylesPath);
  const results: SheetResult[] = [];
  let characters = 0;
  let unread = 0;
  for (const [index, sheet] of info.sheets.entries()) {
    signal?.throwIfAborted();
    if (characters > limits.maxCharacters) {
      unread = info.sheets.length - index;
      break;
    }
    const read = await readSheetRows(parts, sheet.path, {
      strings,
      kinds,
      is1904: info.is1904,
      maxRows: limits.maxTableRows + MAX_CAPTION_ROWS + 1,
      maxCharacters: limits.maxCharacters - characters,
      merges: merges.get(sheet.path) ?? [],
    });
    characters += read.characters;
    if (read.rows.length > 0) results.push(sheetBlocks(sheet, read.rows, read.isCut, limits));
  }
  return { info, results, unread };
}

/** The archive is sound and within limits (counted as it inflates), then opened part by part. */
async function openWorkbook(bytes: Uint8Array, limits: ReadLimits) {
  const merges = new Map<string, string[]>();
  try {
    await scanZip(bytes, limits, {
      isStreamedPart: (name) => WORKSHEET_PART.test(name),
      visit: mergeCollector(merges),
    });
    return { parts: await openZipParts(bytes), merges };
  } catch (error) {
    if (error instanceof AppError && error.code !== 'FILE_PROCESSING_FAILED') throw error;
    throw notAWorkbook(error);
  }
}

/**
 * Excel workbooks (.xlsx): every sheet that holds anything becomes a table, in tab order, headed
 * by its name when there are several. Hidden sheets are read too, with a warning. Sheets are
 * streamed row by row and stop at the row limit, so memory stays small whatever the file holds.
 */
export const readSpreadsheet: Reader = async ({ bytes, limits, signal }) => {
  signal?.throwIfAborted();
  const { parts, merges } = await openWorkbook(bytes, limits);
  try {
    const { info, results, unread } = await readSheets(parts, merges, limits, signal).catch(
      (error: unknown) => {
        if (signal?.aborted || error instanceof AppError) throw error;
        throw notAWorkbook(error);
      },
    );
    const hasSeveral = results.length > 1;
    const blocks = results.flatMap(({ sheet, blocks: sheetBlocks }): Block[] =>
      hasSeveral ? [{ kind: 'heading', level: 2, text: sheet.name }, ...sheetBlocks] : sheetBlocks,
    );
    const hidden = results
      .filter(({ sheet }) => sheet.isHidden)
      .map(({ sheet }) => `"${sheet.name}"`);
    const warnings = results.flatMap(({ warning }) => (warning ? [warning] : []));
    if (hidden.length > 0) warnings.unshift(`Hidden sheets were read too: ${hidden.join(', ')}.`);
    if (unread > 0)
      warnings.push(
        `${unread} more sheet${unread === 1 ? ' was' : 's were'} not read: the text limit was reached.`,
      );
    return { blocks, title: info.title, warnings };
  } finally {
    parts.close();
  }
};
