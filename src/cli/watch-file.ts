import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { combineTables } from '../shared/combined-table';
import type { ColumnDefinition } from '../shared/columns';
import type { ExtractedRow } from '../shared/extraction';
import type { ColumnDecimals } from '../shared/number-decimals';
import type { SettledFile } from './watch-files';
import { saveJournal, type Journal, type JournalEntry } from './watch-journal';
import { moveWatchedFile } from './watch-move';
import { appendRows, outputSize, type WatchOutput } from './watch-output';
import { isStillThere, readWatchedFile } from './watch-read';

/** What reading one file gave: its rows, or why there are none. */
export type FileOutcome =
  | { rows: ExtractedRow[]; decimals?: ColumnDecimals | undefined; flagged?: number }
  | { error: string };

export type WatchContext = {
  /** The watched folder, resolved (no link in its path). */
  dir: string;
  journal: Journal;
  output: WatchOutput;
  columns: ColumnDefinition[];
  /** What a file may weigh: a heavier one goes to failed/ unread. */
  maxBytes: number;
  /** Extracts one file's bytes, locally or on a server (the paths of `rowsmith extract`). */
  extract: (name: string, bytes: Uint8Array) => Promise<FileOutcome>;
};

const changed = (name: string) =>
  `${name}: changed or replaced while it was read; left in place, to be read again once it settles.`;

/**
 * One settled file of the watched folder, once: its rows (with `source`) appended to the output
 * table, the file moved to done/ (or to failed/ with why), each step written to the journal
 * first, so that a watcher stopped at any point and started again neither reads a file twice
 * nor appends its rows twice. Only the file that was read is moved: one replaced or changed
 * meanwhile stays, and its rows are not appended until it is read again. Answers the line to
 * report.
 */
export async function watchFile(ctx: WatchContext, file: SettledFile): Promise<string> {
  const { name } = file;
  const path = join(ctx.dir, name);
  const read = await readWatchedFile(path, file.identity, ctx.maxBytes);
  if (read.kind === 'changed') return changed(name);
  /** Moves the file; answers how the log names where it went, or null when it changed. */
  const move = async (failure?: string) => {
    const target = await moveWatchedFile(ctx.dir, name, read.identity, failure);
    if (target === null) return null;
    // A name used before: the line says which file of done/ or failed/ these rows came from.
    return target === name
      ? ''
      : ` (kept as ${failure === undefined ? 'done' : 'failed'}/${target})`;
  };
  if (read.kind === 'too-large') {
    const kept = await move(read.reason);
    return kept === null ? changed(name) : `${name}${kept}: failed: ${read.reason}`;
  }
  const hash = createHash('sha256').update(read.bytes).digest('hex');
  const known = ctx.journal.entries[hash];
  if (known?.status === 'done' || known?.status === 'failed') {
    const kept = await move(known.status === 'failed' ? (known.error ?? 'It failed.') : undefined);
    if (kept === null) return changed(name);
    return `${name}${kept}: read before (as ${known.name}); moved without reading again.`;
  }
  let entry: JournalEntry;
  if (known?.status === 'appending') entry = known;
  else {
    const outcome = await ctx.extract(name, read.bytes);
    // Rows of a file that is no longer there would be rows of no file in done/.
    if (!(await isStillThere(path, read.identity))) return changed(name);
    const at = new Date().toISOString();
    if ('error' in outcome) {
      ctx.journal.entries[hash] = { name, status: 'failed', at, error: outcome.error };
      await saveJournal(ctx.dir, ctx.journal);
      const kept = await move(outcome.error);
      return kept === null ? changed(name) : `${name}${kept}: failed: ${outcome.error}`;
    }
    const rows = combineTables(ctx.columns, [
      { name, result: { status: 200, rows: outcome.rows } },
    ]).rows;
    entry = {
      name,
      status: 'appending',
      at,
      sizeBefore: await outputSize(ctx.output),
      rows,
      decimals: outcome.decimals,
      flagged: outcome.flagged,
    };
    ctx.journal.entries[hash] = entry;
    await saveJournal(ctx.dir, ctx.journal);
  }
  await appendRows(ctx.output, entry, ctx.journal);
  const count = entry.rows?.length ?? 0;
  entry.status = 'done';
  // A CSV holds its rows itself; an XLSX is written again from the journal's.
  if (ctx.output.format === 'csv') {
    delete entry.rows;
    delete entry.decimals;
  }
  delete entry.sizeBefore;
  await saveJournal(ctx.dir, ctx.journal);
  const flagged = entry.flagged
    ? `; ${entry.flagged} cell${entry.flagged === 1 ? ' is' : 's are'} flagged as doubtful, check ${entry.flagged === 1 ? 'it' : 'them'}`
    : '';
  const appended = (kept: string) =>
    `${name}${kept}: ${count} row${count === 1 ? '' : 's'} appended to ${ctx.output.path}${flagged}`;
  const kept = await move();
  return kept === null ? `${appended('')}; ${changed(name)}` : appended(kept);
}
