import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ExtractedRow } from '../shared/extraction';

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
  error?: string;
};

export type Journal = { entries: Record<string, JournalEntry> };

export const JOURNAL_NAME = '.rowsmith-watch.json';

export async function loadJournal(dir: string): Promise<Journal> {
  const text = await readFile(join(dir, JOURNAL_NAME), 'utf8').catch(() => null);
  if (!text) return { entries: {} };
  const parsed = JSON.parse(text) as Partial<Journal>;
  return { entries: parsed.entries ?? {} };
}

/** Writes the journal whole, through a temporary file, so a stop never leaves half of one. */
export async function saveJournal(dir: string, journal: Journal): Promise<void> {
  const path = join(dir, JOURNAL_NAME);
  await writeFile(`${path}.tmp`, JSON.stringify(journal));
  await rename(`${path}.tmp`, path);
}
