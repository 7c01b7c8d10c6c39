import { deserialize, serialize } from 'node:v8';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ServerDocument } from '../../extraction/read/types';
import type { Logger } from '../../logger';
import type { FileStorage } from '../../storage/file-storage';

/** How long what was read from a document is kept for running it again with other columns. */
export const READ_KEEP_HOURS = 24;

/** Where a document's read Document is kept. */
export function readKey(jobId: string, documentId: string): string {
  return `reads/${jobId}/${documentId}`;
}

/**
 * Keeps a document's read Document (structured-clone bytes: page images stay binary) and notes
 * it on the document. A failure is logged and costs only the chance to run it again unread.
 */
export async function keepRead(
  deps: { db: Kysely<Database>; storage: FileStorage; logger: Logger },
  document: { id: string; job_id: string },
  read: ServerDocument,
  now = new Date(),
): Promise<void> {
  const key = readKey(document.job_id, document.id);
  try {
    await deps.storage.remove([key]);
    await deps.storage.create(key, serialize(read), 'application/octet-stream');
    const until = new Date(now.getTime() + READ_KEEP_HOURS * 3600_000).toISOString();
    await deps.db
      .updateTable('job_documents')
      .set({ read_key: key, read_until: until })
      .where('id', '=', document.id)
      .execute();
  } catch (error) {
    deps.logger.warn({ err: error, documentId: document.id }, 'keeping the read document failed');
  }
}

/** A kept read Document, or null when it is gone. */
export async function loadRead(storage: FileStorage, key: string): Promise<ServerDocument | null> {
  const bytes = await storage.read(key);
  return bytes ? (deserialize(bytes) as ServerDocument) : null;
}

/**
 * Removes read Documents kept past their time, and forgets them on every document that used
 * them (a run again shares its original's). A failure is logged; the sweep tries again later.
 */
export async function removeExpiredReads(
  deps: { db: Kysely<Database>; storage: FileStorage; logger: Logger },
  now = new Date(),
): Promise<void> {
  try {
    const rows = await deps.db
      .selectFrom('job_documents')
      .select('read_key')
      .distinct()
      .where('read_until', '<', now.toISOString())
      .where('read_key', 'is not', null)
      .limit(200)
      .execute();
    const keys = rows.flatMap((row) => (row.read_key ? [row.read_key] : []));
    if (keys.length === 0) return;
    await deps.storage.remove(keys);
    await deps.db
      .updateTable('job_documents')
      .set({ read_key: null, read_until: null })
      .where('read_key', 'in', keys)
      .execute();
  } catch (error) {
    deps.logger.error({ err: error }, 'removing expired read documents failed');
  }
}

/** Every read Document kept for these jobs (for deleting the jobs or their owner). */
export async function selectReadKeys(db: Kysely<Database>, jobIds: string[]): Promise<string[]> {
  if (jobIds.length === 0) return [];
  const rows = await db
    .selectFrom('job_documents')
    .select('read_key')
    .distinct()
    .where('job_id', 'in', jobIds)
    .where('read_key', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.read_key ? [row.read_key] : []));
}
