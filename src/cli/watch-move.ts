import { lstat, rename } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { replaceFile } from './replace-file';
import { subfolder, type FileIdentity } from './watch-folder';
import { isStillThere } from './watch-read';

const isFree = async (path: string) => !(await lstat(path).catch(() => null));

/**
 * A name in `folder` for `name` under which neither the file nor its error file exists, not even
 * as a link: the name itself, else `name (2).ext`, `name (3).ext`…
 */
async function freeName(folder: string, name: string): Promise<string> {
  const extension = extname(name);
  const stem = basename(name, extension);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? name : `${stem} (${n})${extension}`;
    const path = join(folder, candidate);
    if ((await isFree(path)) && (await isFree(`${path}.error.txt`))) return candidate;
  }
}

/**
 * Moves the file that was read into done/, or into failed/ beside `<name>.error.txt` saying why,
 * and answers the name it has there (`name (2).ext` when one of that name is there already);
 * answers null, and moves nothing, when the file at `name` is no longer that file (it was
 * replaced or changed after it was read).
 */
export async function moveWatchedFile(
  dir: string,
  name: string,
  identity: FileIdentity,
  failure?: string,
): Promise<string | null> {
  const folder = await subfolder(dir, failure === undefined ? 'done' : 'failed');
  const path = join(dir, name);
  if (!(await isStillThere(path, identity))) return null;
  const target = await freeName(folder, name);
  await rename(path, join(folder, target));
  if (failure !== undefined) await replaceFile(join(folder, `${target}.error.txt`), `${failure}\n`);
  return target;
}
