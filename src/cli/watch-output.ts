import { appendFile, readFile, stat, truncate } from 'node:fs/promises';
import type { ColumnDefinition } from '../shared/columns';
import { mergeDecimals } from '../shared/number-decimals';
import { toCsv, toXlsx } from '../shared/table-export';
import { replaceFile } from './replace-file';
import type { Journal, JournalEntry } from './watch-journal';

export type OutputFormat = 'csv' | 'xlsx';

/** The table `rowsmith watch` appends to: a CSV file, or an XLSX workbook it writes whole. */
export type WatchOutput = {
  path: string;
  format: OutputFormat;
  /** `source`, then the extraction's columns. */
  columns: ColumnDefinition[];
};

const sizeOf = async (path: string) => (await stat(path).catch(() => null))?.size ?? 0;

/**
 * Why the output cannot be appended to, or null: a CSV must have our header (or be new or
 * empty); an XLSX, which is rewritten as rows come, must be new or one this folder's watcher wrote.
 */
export async function outputProblem(output: WatchOutput, journal: Journal): Promise<string | null> {
  const size = await sizeOf(output.path);
  if (size === 0) return null;
  if (output.format === 'xlsx') {
    const isOurs = Object.values(journal.entries).some((entry) => entry.rows !== undefined);
    return isOurs
      ? null
      : `${output.path} already exists and rowsmith watch writes XLSX files whole: choose a new file.`;
  }
  // Compared without a byte order mark: ours starts the file, one written by another may not.
  const withoutBom = (line: string) => line.replace(/^\uFEFF/, '');
  const text = await readFile(output.path, 'utf8');
  const header = withoutBom(toCsv({ columns: output.columns, rows: [] }).trimEnd());
  return withoutBom(text.split(/\r?\n/, 1)[0] ?? '') === header
    ? null
    : `${output.path} has other columns than ${header}: choose another file.`;
}

export async function outputSize(output: WatchOutput): Promise<number> {
  return sizeOf(output.path);
}

/**
 * Appends a file's rows, numbers with the decimals they have in the file. A CSV gets its lines
 * added (after cutting back to the size before them, which undoes an append a stop cut short); an
 * XLSX is written again from every file's rows, whole (replaceFile).
 */
export async function appendRows(
  output: WatchOutput,
  entry: Pick<JournalEntry, 'rows' | 'decimals' | 'sizeBefore'>,
  journal: Journal,
): Promise<void> {
  const { rows = [], decimals, sizeBefore = 0 } = entry;
  if (output.format === 'csv') {
    if ((await sizeOf(output.path)) > sizeBefore) await truncate(output.path, sizeBefore);
    const csv = toCsv({ columns: output.columns, rows, decimals });
    const lines = sizeBefore === 0 ? csv : csv.slice(csv.indexOf('\r\n') + 2);
    if (rows.length > 0 || sizeBefore === 0) await appendFile(output.path, lines);
    return;
  }
  const kept = Object.values(journal.entries).filter((each) => each.status !== 'failed');
  const all = kept.flatMap((each) => each.rows ?? []);
  const allDecimals = mergeDecimals(kept.map((each) => each.decimals));
  await replaceFile(
    output.path,
    await toXlsx({ columns: output.columns, rows: all, decimals: allDecimals }),
  );
}
