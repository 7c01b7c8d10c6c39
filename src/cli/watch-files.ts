import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { identityOf, isSameFile, type FileIdentity } from './watch-folder';

/** Names of files still being written by the programs that usually write them. */
const PARTIAL = /(\.(part|partial|tmp|crdownload|download)|~)$/i;

/** A file that has not changed for the settle time, as it was then. */
export type SettledFile = { name: string; identity: FileIdentity };

type Seen = { identity: FileIdentity; since: number };

export type FolderScan = {
  /** The complete files, oldest first. */
  ready: SettledFile[];
  /** Links found since the last scan, each said once while it stays: never followed or moved. */
  newLinks: string[];
};

/**
 * The files of a folder that are complete: the same file (not one put in its place), with neither
 * its size nor its time changed for `settleMs` (a copy, a download or a scanner still writing
 * keeps changing them). Hidden files, names of unfinished downloads, sub-folders (done, failed)
 * and anything that is not a plain file are left alone.
 */
export function completeFiles(dir: string, settleMs: number, now = () => Date.now()) {
  const seen = new Map<string, Seen>();
  const links = new Set<string>();
  return async (): Promise<FolderScan> => {
    const ready: SettledFile[] = [];
    const newLinks: string[] = [];
    const present = new Set<string>();
    const presentLinks = new Set<string>();
    for (const name of await readdir(dir)) {
      if (name.startsWith('.') || PARTIAL.test(name)) continue;
      const info = await lstat(join(dir, name), { bigint: true }).catch(() => null);
      if (info?.isSymbolicLink()) {
        presentLinks.add(name);
        if (!links.has(name)) newLinks.push(name);
        links.add(name);
      }
      if (!info?.isFile()) continue;
      present.add(name);
      const identity = identityOf(info);
      const before = seen.get(name);
      if (!before || !isSameFile(before.identity, identity)) {
        seen.set(name, { identity, since: now() });
        continue;
      }
      if (now() - before.since >= settleMs) ready.push({ name, identity });
    }
    for (const name of seen.keys()) if (!present.has(name)) seen.delete(name);
    for (const name of links) if (!presentLinks.has(name)) links.delete(name);
    ready.sort((a, b) => Number(a.identity.mtimeNs - b.identity.mtimeNs));
    return { ready, newLinks };
  };
}
