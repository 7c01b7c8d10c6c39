import ExcelJS from 'exceljs';
import type { Cell, CellValue, Worksheet } from 'exceljs';
import { AppError } from '../../../shared/errors';
import { limitTableRows } from './csv';
import type { Block, Reader, ReadLimits } from './types';
import { assertZipWithinLimits } from './zip-limits';

/** A cell as text, with the address of the cell it takes its value from (its merge master). */
type GridCell = { text: string; origin: string };

// Rows of one merged range or one cell above the header are captions, such as a report title.
const MAX_CAPTION_ROWS = 5;

function notAWorkbook(cause?: unknown): AppError {
  return new AppError('FILE_PROCESSING_FAILED', {
    params: { message: 'the file is damaged or is not an Excel workbook.' },
    cause,
  });
}

/** Up to 15 significant digits, so that 0.1 + 0.2 reads 0.3. */
function formatNumber(value: number, numFmt: string): string {
  if (!Number.isFinite(value)) return String(value);
  const plain = (n: number) => String(Number(n.toPrecision(15)));
  const isPercent = numFmt.replace(/"[^"]*"/g, '').includes('%');
  return isPercent ? `${plain(value * 100)}%` : plain(value);
}

/**
 * exceljs gives dates as UTC wall-clock time (and has already applied the 1904 date system).
 * A date alone reads YYYY-MM-DD, a date with a time YYYY-MM-DDTHH:mm:ss, a time of day HH:mm:ss.
 */
function formatDate(value: Date, is1904: boolean): string {
  if (Number.isNaN(value.getTime())) return '';
  const iso = new Date(Math.round(value.getTime() / 1000) * 1000).toISOString();
  const [date, time] = [iso.slice(0, 10), iso.slice(11, 19)];
  if (date === (is1904 ? '1904-01-01' : '1899-12-30')) return time;
  return time === '00:00:00' ? date : `${date}T${time}`;
}

/** Any cell value as text. Formulas give their cached result; booleans read TRUE and FALSE. */
function formatValue(value: CellValue, numFmt: string, is1904: boolean): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return formatNumber(value, numFmt);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return formatDate(value, is1904);
  if ('error' in value) return value.error;
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('hyperlink' in value) return formatValue(value.text, numFmt, is1904);
  if ('result' in value) return formatValue(value.result, numFmt, is1904);
  return '';
}

function cellOf(cell: Cell, is1904: boolean): GridCell {
  const master = cell.isMerged ? cell.master : cell;
  return { text: formatValue(master.value, master.numFmt ?? '', is1904), origin: master.address };
}

/** The sheet's non-empty rows as sparse arrays (a hole is an empty cell); at most `maxRows`. */
function readRows(sheet: Worksheet, maxRows: number, is1904: boolean) {
  const rows: GridCell[][] = [];
  let isCut = false;
  for (let number = 1; number <= sheet.rowCount; number++) {
    const cells: GridCell[] = [];
    sheet.findRow(number)?.eachCell((cell, column) => {
      const gridCell = cellOf(cell, is1904);
      if (gridCell.text.trim()) cells[column - 1] = gridCell;
    });
    if (cells.length === 0) continue;
    if (rows.length === maxRows) {
      isCut = true;
      break;
    }
    rows.push(cells);
  }
  return { rows, isCut };
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

type SheetResult = { blocks: Block[]; warning: string | null };

function readSheet(sheet: Worksheet, limits: ReadLimits, is1904: boolean): SheetResult {
  const read = readRows(sheet, limits.maxTableRows + MAX_CAPTION_ROWS + 1, is1904);
  if (read.rows.length === 0) return { blocks: [], warning: null };
  const { captions, header, rows, isCut } = splitSheet(read.rows, limits.maxCharacters);
  const where = { hasMore: read.isCut || isCut, name: `sheet "${sheet.name}"` };
  const kept = limitTableRows({ header, rows }, limits, where);
  const blocks: Block[] = captions.map((text) => ({ kind: 'paragraph', text }));
  const table = { name: sheet.name, source: 'sheet' as const, header, rows: kept.rows };
  blocks.push({ kind: 'table', table, page: null });
  return { blocks, warning: kept.warning };
}

async function loadWorkbook(bytes: Uint8Array, maxUncompressedBytes: number) {
  try {
    await assertZipWithinLimits(bytes, maxUncompressedBytes);
  } catch (error) {
    if (error instanceof AppError && error.code === 'FILE_PROCESSING_FAILED')
      throw notAWorkbook(error);
    throw error;
  }
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs types its parameter with a Buffer of its own declaring; a Node Buffer is what it reads.
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
  } catch (cause) {
    throw notAWorkbook(cause);
  }
  if (workbook.worksheets.length === 0) throw notAWorkbook();
  return workbook;
}

/**
 * Excel workbooks (.xlsx): every sheet that holds anything becomes a table, in tab order, headed
 * by its name when there are several. Hidden sheets are read too, with a warning.
 */
export const readSpreadsheet: Reader = async ({ bytes, limits, signal }) => {
  const workbook = await loadWorkbook(bytes, limits.maxUncompressedBytes);
  const is1904 = Boolean(workbook.properties.date1904);
  const read: Array<{ sheet: Worksheet; result: SheetResult }> = [];
  for (const sheet of workbook.worksheets) {
    if (signal?.aborted) throw signal.reason;
    const result = readSheet(sheet, limits, is1904);
    if (result.blocks.length > 0) read.push({ sheet, result });
  }
  const hasSeveral = read.length > 1;
  const blocks = read.flatMap(({ sheet, result }): Block[] =>
    hasSeveral
      ? [{ kind: 'heading', level: 2, text: sheet.name }, ...result.blocks]
      : result.blocks,
  );
  const hidden = read
    .filter(({ sheet }) => sheet.state !== 'visible')
    .map(({ sheet }) => `"${sheet.name}"`);
  const warnings = read.flatMap(({ result }) => (result.warning ? [result.warning] : []));
  if (hidden.length > 0) warnings.unshift(`Hidden sheets were read too: ${hidden.join(', ')}.`);
  return { blocks, title: workbook.title?.trim() || null, warnings };
};
