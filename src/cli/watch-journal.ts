import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { ExtractedRow } from '../shared/extraction';
import type { ColumnDecimals } from '../shared/number-decimals';
import { replaceFile } from './replace-file';
import { WatchFolderError } from './watch-folder';

/**
 * What `rowsmith watch` has done with each file, by a hash of its bytes, kept in the folder
 * (`.rowsmith-watch.json`) so that a restart reads nothing twice: a file read but not yet moved
 * (the watcher was stopped in between) is only moved, and rows being appended when it stopped
 * are appended once.
 */
export type JournalEntry = {
  name: string;
  status: 'appending' | 'done' | 'failed';
  at: string;
  /** What the output weighed before this file's rows (CSV), to finish an append that stopped. */
  sizeBefore?: number;
  /** The file's rows, with their source: kept while appending, and for an XLSX output. */
  rows?: ExtractedRow[];
  /** The decimals its number columns have in the file (-3.20 is written -3.20), kept with its rows. */
  decimals?: ColumnDecimals | undefined;
  /** Its cells flagged for review, told in the line that reports the append. */
  flagged?: number | undefined;
  error?: string;
};

export type Journal = { entries: Record<string, JournalEntry> };

export const JOURNAL_NAME = '.rowsmith-watch.json';

/** The journal as it was left; a link in its place is refused, never followed. */
export async function loadJournal(dir: string): Promise<Journal> {
  const path = join(dir, JOURNAL_NAME);
  const refused = (what: string) =>
    new WatchFolderError(
      `${path} is ${what}: rowsmith watch keeps its journal only within ${dir}, so it stops. Remove it and start it again.`,
    );
  const flags = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
  const handle = await open(path, flags).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error.code === 'ELOOP' ? refused('a link') : error;
  });
  if (!handle) return { entries: {} };
  let text: string;
  try {
    if (!(await handle.stat()).isFile()) throw refused('not a file');
    text = await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
  if (!text) return { entries: {} };
  const parsed = JSON.parse(text) as Partial<Journal>;
  return { entries: parsed.entries ?? {} };
}

/** Writes the journal whole (replaceFile: never through a link, never half of one). */
export async function saveJournal(dir: string, journal: Journal): Promise<void> {
  await replaceFile(join(dir, JOURNAL_NAME), JSON.stringify(journal));
}
