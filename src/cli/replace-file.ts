import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** A new file only: never one that exists, nor through a link put at its name. */
const CREATE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/**
 * Writes `path` whole: first to a hidden file of a name nobody could have prepared, created
 * exclusively and never through a link, then renamed over `path` in the same folder, which
 * replaces a link found at `path` rather than writing where it points. A stop never leaves half
 * a file.
 */
export async function replaceFile(path: string, data: string | Uint8Array): Promise<void> {
  const unique = `${process.pid}.${randomBytes(6).toString('hex')}`;
  const temporary = join(dirname(path), `.${basename(path)}.${unique}.tmp`);
  const handle = await open(temporary, CREATE_NEW, 0o644);
  try {
    await handle.writeFile(data);
    await handle.close();
    await rename(temporary, path);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}
