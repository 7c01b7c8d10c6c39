import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { extname, basename, join } from 'node:path';
import { combineTables } from '../shared/combined-table';
import type { ColumnDefinition } from '../shared/columns';
import type { ExtractedRow } from '../shared/extraction';
import { saveJournal, type Journal, type JournalEntry } from './watch-journal';
import { appendRows, outputSize, type WatchOutput } from './watch-output';

/** What reading one file gave: its rows, or why there are none. */
export type FileOutcome = { rows: ExtractedRow[] } | { error: string };

export type WatchContext = {
  dir: string;
  journal: Journal;
  output: WatchOutput;
  columns: ColumnDefinition[];
  /** Reads and extracts one file, locally or on a server (the paths of `rowsmith extract`). */
  extract: (path: string, name: string, bytes: Uint8Array) => Promise<FileOutcome>;
};

/** A free name in `folder` for `name`: the name itself, else `name (2).ext`, `name (3).ext`… */
async function freeName(folder: string, name: string): Promise<string> {
  const extension = extname(name);
  const stem = basename(name, extension);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? name : `${stem} (${n})${extension}`;
    if (!(await stat(join(folder, candidate)).catch(() => null))) return candidate;
  }
}

/** Moves a file into done/ or failed/; a failed one gets `<name>.error.txt` saying why. */
async function moveTo(ctx: WatchContext, name: string, entry: JournalEntry) {
  const folder = join(ctx.dir, entry.status === 'failed' ? 'failed' : 'done');
  await mkdir(folder, { recursive: true });
  const target = await freeName(folder, name);
  await rename(join(ctx.dir, name), join(folder, target));
  if (entry.status === 'failed')
    await writeFile(join(folder, `${target}.error.txt`), `${entry.error ?? 'It failed.'}\n`);
}

/**
 * One complete file of the watched folder, once: its rows (with `source`) appended to the output
 * table, the file moved to done/ (or to failed/ with why), each step written to the journal
 * first, so that a watcher stopped at any point and started again neither reads a file twice
 * nor appends its rows twice. Answers the line to report.
 */
export async function watchFile(ctx: WatchContext, name: string): Promise<string> {
  const path = join(ctx.dir, name);
  const bytes = await readFile(path);
  const hash = createHash('sha256').update(bytes).digest('hex');
  const known = ctx.journal.entries[hash];
  if (known?.status === 'done' || known?.status === 'failed') {
    await moveTo(ctx, name, known);
    return `${name}: read before (as ${known.name}); moved without reading again.`;
  }
  let entry: JournalEntry;
  if (known?.status === 'appending') entry = known;
  else {
    const outcome = await ctx.extract(path, name, bytes);
    const at = new Date().toISOString();
    if ('error' in outcome) {
      entry = { name, status: 'failed', at, error: outcome.error };
      ctx.journal.entries[hash] = entry;
      await saveJournal(ctx.dir, ctx.journal);
      await moveTo(ctx, name, entry);
      return `${name}: failed: ${outcome.error}`;
    }
    const rows = combineTables(ctx.columns, [
      { name, result: { status: 200, rows: outcome.rows } },
    ]).rows;
    entry = { name, status: 'appending', at, sizeBefore: await outputSize(ctx.output), rows };
    ctx.journal.entries[hash] = entry;
    await saveJournal(ctx.dir, ctx.journal);
  }
  await appendRows(ctx.output, entry.rows ?? [], entry.sizeBefore ?? 0, ctx.journal);
  const count = entry.rows?.length ?? 0;
  entry.status = 'done';
  // A CSV holds its rows itself; an XLSX is written again from the journal's.
  if (ctx.output.format === 'csv') delete entry.rows;
  delete entry.sizeBefore;
  await saveJournal(ctx.dir, ctx.journal);
  await moveTo(ctx, name, entry);
  return `${name}: ${count} row${count === 1 ? '' : 's'} appended to ${ctx.output.path}`;
}
