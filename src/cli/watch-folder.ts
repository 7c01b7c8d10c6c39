import { lstat, mkdir, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { formatErrorMessage } from '../shared/errors';

/**
 * The watcher cannot go on without acting outside its folder (done/ or failed/ is a link, or not
 * a folder; the journal is a link): it says why and stops.
 */
export class WatchFolderError extends Error {}

/** Where a file is, as the system knows it, and what it weighs and when it last changed. */
export type FileIdentity = { dev: bigint; ino: bigint; size: bigint; mtimeNs: bigint };

export const identityOf = (info: FileIdentity): FileIdentity => ({
  dev: info.dev,
  ino: info.ino,
  size: info.size,
  mtimeNs: info.mtimeNs,
});

export const isSameFile = (a: FileIdentity, b: FileIdentity) =>
  a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs;

export type Subfolder = 'done' | 'failed';

/**
 * `done/` or `failed/` of the watched folder, made if missing, answered only if it is a real
 * folder: a link there would send files (and error files) outside the watched folder.
 */
export async function subfolder(dir: string, name: Subfolder): Promise<string> {
  const path = join(dir, name);
  await mkdir(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  const info = await lstat(path);
  const what = info.isSymbolicLink() ? 'a link' : info.isDirectory() ? null : 'not a folder';
  if (what)
    throw new WatchFolderError(
      `${path} is ${what}: rowsmith watch moves files only within ${dir}, so it stops. Remove it (the watcher makes the folder itself) and start it again.`,
    );
  return path;
}

/**
 * The folder to watch, resolved once (it may be given as a link), with its `done/` and `failed/`
 * ready; or why it cannot be watched.
 */
export async function openWatchFolder(
  given: string,
): Promise<{ dir: string } | { problem: string }> {
  const dir = await realpath(given).catch(() => null);
  const info = dir ? await lstat(dir) : null;
  if (!dir || !info?.isDirectory()) {
    const why = info ? 'it is a file, not a folder' : 'there is no such folder';
    return {
      problem: formatErrorMessage('FILE_PROCESSING_FAILED', {
        message: `cannot watch ${given}: ${why}.`,
      }),
    };
  }
  try {
    await subfolder(dir, 'done');
    await subfolder(dir, 'failed');
  } catch (error) {
    if (error instanceof WatchFolderError) return { problem: error.message };
    throw error;
  }
  return { dir };
}
