import { constants } from 'node:fs';
import { lstat, open, type FileHandle } from 'node:fs/promises';
import { identityOf, isSameFile, type FileIdentity } from './watch-folder';

/**
 * Never through a link; never waiting on a named pipe put where a file was (O_NONBLOCK does
 * nothing to a regular file).
 */
const READ_FILE_ONLY = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

const MB = 1024 * 1024;

export type ReadAttempt =
  /** The file's bytes, and the file they are the bytes of. */
  | { kind: 'read'; bytes: Buffer; identity: FileIdentity }
  /** Over the limit: not read at all. */
  | { kind: 'too-large'; identity: FileIdentity; reason: string }
  /** Not the settled file that was found (replaced, changed, gone, a link now): not read. */
  | { kind: 'changed' };

async function readAll(handle: FileHandle, size: number): Promise<Buffer | null> {
  const bytes = Buffer.alloc(size);
  let done = 0;
  while (done < size) {
    const { bytesRead } = await handle.read(bytes, done, size - done, done);
    if (bytesRead === 0) return null;
    done += bytesRead;
  }
  // A byte past the size it had when opened: it is still being written.
  const { bytesRead } = await handle.read(Buffer.alloc(1), 0, 1, size);
  return bytesRead === 0 ? bytes : null;
}

const tooLarge = (size: bigint, maxBytes: number) =>
  `It is too large: ${(Number(size) / MB).toFixed(1)} MB, and rowsmith watch reads files up to ${(maxBytes / MB).toFixed(0)} MB (MAX_UPLOAD_MB). It was not read.`;

/**
 * Reads the file at `path` if it is still the settled one the folder scan found (`expected`):
 * opened without following a link, its size checked on the open file before any byte is read,
 * and checked again after, so that the bytes answered are those of one unchanged file.
 */
export async function readWatchedFile(
  path: string,
  expected: FileIdentity,
  maxBytes: number,
): Promise<ReadAttempt> {
  const handle = await open(path, READ_FILE_ONLY).catch(() => null);
  if (!handle) return { kind: 'changed' };
  try {
    const info = await handle.stat({ bigint: true });
    const identity = identityOf(info);
    if (!info.isFile() || !isSameFile(identity, expected)) return { kind: 'changed' };
    if (info.size > BigInt(maxBytes))
      return { kind: 'too-large', identity, reason: tooLarge(info.size, maxBytes) };
    const bytes = await readAll(handle, Number(info.size));
    const after = identityOf(await handle.stat({ bigint: true }));
    return bytes && isSameFile(after, identity)
      ? { kind: 'read', bytes, identity }
      : { kind: 'changed' };
  } finally {
    await handle.close();
  }
}

/** Whether `path` is still the file that was read (not replaced, not changed since). */
export async function isStillThere(path: string, identity: FileIdentity): Promise<boolean> {
  const info = await lstat(path, { bigint: true }).catch(() => null);
  return !!info?.isFile() && isSameFile(identityOf(info), identity);
}
