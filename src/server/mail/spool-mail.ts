import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A mail written to disk as it came; `remove` deletes its file whatever happened. */
export type SpooledMail = {
  path: string;
  bytes: number;
  isTooLarge: boolean;
  remove: () => Promise<void>;
};

/**
 * Writes a mail's DATA to a temporary file as it arrives, so the web thread never holds a mail.
 * Past `maxBytes` nothing more is written (the file is emptied of purpose: `isTooLarge`), but the
 * rest is still read, as the SMTP conversation needs the end of the mail before it answers.
 */
export async function spoolMail(stream: Readable, maxBytes: number): Promise<SpooledMail> {
  const path = join(tmpdir(), `rowsmith-mail-${randomUUID()}.eml`);
  const remove = () => rm(path, { force: true });
  let bytes = 0;
  let isTooLarge = false;
  const capped = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.byteLength;
      if (bytes > maxBytes) isTooLarge = true;
      done(null, isTooLarge ? undefined : chunk);
    },
  });
  try {
    // Created for us alone: an existing file (or a link) at that name fails instead of being used.
    await pipeline(stream, capped, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    await remove();
    throw error;
  }
  if (isTooLarge) await remove();
  return { path, bytes, isTooLarge, remove };
}
