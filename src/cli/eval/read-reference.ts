import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';

export type ReferenceTable = { header: string[]; rows: string[][] };

export class ReferenceError extends Error {}

/**
 * The reference table: a CSV (or TSV, the delimiter is guessed) whose first line names the
 * columns, one row per line after it; blank lines are skipped.
 */
export async function readReference(path: string): Promise<ReferenceTable> {
  let text: string;
  try {
    text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  } catch (error) {
    throw new ReferenceError(`Cannot read the reference ${path}: ${(error as Error).message}`);
  }
  const { data } = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  const [header, ...rows] = data;
  if (!header || header.every((name) => !name.trim()))
    throw new ReferenceError(
      `The reference ${path} is empty: its first line should name the columns.`,
    );
  return { header: header.map((name) => name.trim()), rows };
}
