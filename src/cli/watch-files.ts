import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Names of files still being written by the programs that usually write them. */
const PARTIAL = /(\.(part|partial|tmp|crdownload|download)|~)$/i;

type Seen = { size: number; mtimeMs: number; since: number };

/**
 * The files of a folder that are complete: neither their size nor their time has changed for
 * `settleMs` (a copy, a download or a scanner still writing keeps changing them), oldest first.
 * Hidden files, names of unfinished downloads and sub-folders (done, failed) are left alone.
 */
export function completeFiles(dir: string, settleMs: number, now = () => Date.now()) {
  const seen = new Map<string, Seen>();
  return async (): Promise<string[]> => {
    const entries = await readdir(dir, { withFileTypes: true });
    const ready: { name: string; mtimeMs: number }[] = [];
    const present = new Set<string>();
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.startsWith('.') || PARTIAL.test(entry.name)) continue;
      const info = await stat(join(dir, entry.name)).catch(() => null);
      if (!info) continue;
      present.add(entry.name);
      const before = seen.get(entry.name);
      if (!before || before.size !== info.size || before.mtimeMs !== info.mtimeMs) {
        seen.set(entry.name, { size: info.size, mtimeMs: info.mtimeMs, since: now() });
        continue;
      }
      if (now() - before.since >= settleMs) ready.push({ name: entry.name, mtimeMs: info.mtimeMs });
    }
    for (const name of seen.keys()) if (!present.has(name)) seen.delete(name);
    return ready.sort((a, b) => a.mtimeMs - b.mtimeMs).map((file) => file.name);
  };
}
