import { randomUUID } from 'node:crypto';
import { link, mkdir, open, readdir, readFile, rmdir, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { FileStorage } from './file-storage';
import { isValidStorageKey } from './file-storage';
import {
  assertValidKey,
  assertValidPrefix,
  storageFailed,
  storedFileExists,
} from './storage-errors';

/** The errno code of a Node error, when it has one. */
function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

/** Wraps an unexpected fs error; the message names the step and errno, never a server path. */
function failed(step: string, error: unknown): Error {
  return storageFailed(`${step} failed (${codeOf(error) ?? 'unknown error'})`, error);
}

/** Errors that mean "there is no file at this key". */
const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

/**
 * Writes `body` at `path` without ever overwriting: the bytes go to a hidden temp file in the
 * same folder, which is then hard-linked into place (link fails with EEXIST when the target
 * exists), so a half-written file is never visible at the key.
 */
async function writeExclusive(path: string, body: Uint8Array): Promise<'created' | 'exists'> {
  // Temp names start with a dot, which no key segment can, so `list` never shows them.
  const temp = join(dirname(path), `.tmp-${randomUUID()}`);
  const handle = await open(temp, 'wx');
  try {
    try {
      await handle.writeFile(body);
      await handle.datasync();
    } finally {
      await handle.close();
    }
    await link(temp, path);
    return 'created';
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return 'exists';
    throw error;
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

/** Every file under `dir`, as `/`-joined paths relative to it; nothing when `dir` is missing. */
async function walk(dir: string, relative = ''): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(join(dir, relative), { withFileTypes: true });
  } catch (error) {
    // No folder at the prefix (or removed while we walked): nothing under it.
    if (codeOf(error) === 'ENOENT' || codeOf(error) === 'ENOTDIR') return [];
    throw error;
  }
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) return walk(dir, path);
      return Promise.resolve(entry.isFile() ? [path] : []);
    }),
  );
  return nested.flat();
}

/** Removes `dir` and its parents while they are empty, stopping below `root`. */
async function removeEmptyFolders(root: string, dir: string): Promise<void> {
  const inside = root.endsWith(sep) ? root : root + sep;
  for (let current = dir; current.startsWith(inside); current = dirname(current)) {
    try {
      await rmdir(current);
    } catch {
      return; // not empty (ENOTEMPTY/EEXIST), already gone, or busy: leave it
    }
  }
}

/** Stored files in a local folder: `{rootDir}/{key}`. */
export function createLocalStorage(rootDir: string): FileStorage {
  const root = resolve(rootDir);
  const pathOf = (key: string) => join(root, ...key.split('/'));

  return {
    driver: 'local',

    async create(key, body) {
      assertValidKey(key);
      const path = pathOf(key);
      // A concurrent `remove` may delete the (empty) folder between mkdir and open: try again.
      let outcome: 'created' | 'exists' | undefined;
      for (let attempt = 1; outcome === undefined; attempt += 1) {
        try {
          await mkdir(dirname(path), { recursive: true });
          outcome = await writeExclusive(path, body);
        } catch (error) {
          if (codeOf(error) !== 'ENOENT' || attempt >= 3) throw failed('write', error);
        }
      }
      if (outcome === 'exists') throw storedFileExists(key);
    },

    async read(key) {
      assertValidKey(key);
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if (MISSING.has(codeOf(error) ?? '')) return null;
        throw failed('read', error);
      }
    },

    async list(prefix) {
      assertValidPrefix(prefix);
      try {
        const files = await walk(pathOf(prefix.slice(0, -1)));
        return files
          .map((file) => prefix + file)
          .filter(isValidStorageKey)
          .sort();
      } catch (error) {
        throw failed('list', error);
      }
    },

    async remove(keys) {
      keys.forEach(assertValidKey);
      for (const key of new Set(keys)) {
        const path = pathOf(key);
        try {
          await unlink(path);
        } catch (error) {
          if (MISSING.has(codeOf(error) ?? '')) continue;
          throw failed('remove', error);
        }
        await removeEmptyFolders(root, dirname(path));
      }
    },
  };
}
