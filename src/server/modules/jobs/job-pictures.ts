import type { Kysely } from 'kysely';
import type { PagePicture } from '../../../shared/review';
import type { Database } from '../../db/schema';
import type { PagePictureData, ServerDocument } from '../../extraction/read/types';
import type { Logger } from '../../logger';
import type { FileStorage } from '../../storage/file-storage';

/**
 * The pages of a job document as pictures (PDF pages drawn in the read pool, or the image OCR
 * read), stored with the job's other files under `pages/{job}/{document}/{page}.{ext}` and kept
 * as long as its result (docs/decisions/022-corrections-and-page-pictures.md).
 */
export type StoredPicture = Omit<PagePictureData, 'bytes'> & { key: string };

const EXTENSIONS: Record<PagePictureData['mimeType'], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

export function pictureKey(jobId: string, documentId: string, picture: PagePictureData): string {
  return `pages/${jobId}/${documentId}/${picture.page}.${EXTENSIONS[picture.mimeType]}`;
}

/** The pictures noted on a document (its `pages` column). */
export function storedPictures(pages: string | null): StoredPicture[] {
  if (!pages) return [];
  try {
    return JSON.parse(pages) as StoredPicture[];
  } catch {
    return [];
  }
}

/** The pictures as the API lists them, each with where to GET it. */
export function pageLinks(jobId: string, documentId: string, pages: string | null): PagePicture[] {
  return storedPictures(pages).map(({ page, width, height }) => ({
    page,
    width,
    height,
    image: `/api/jobs/${jobId}/documents/${documentId}/pages/${page}`,
  }));
}

/**
 * Stores the pictures of what a document's run read and notes them on the document. A failure is
 * logged and costs only the pictures (the result does not depend on them).
 */
export async function keepPictures(
  deps: { db: Kysely<Database>; storage: FileStorage; logger: Logger },
  document: { id: string; job_id: string },
  read: ServerDocument,
): Promise<void> {
  const pictures = read.pictures ?? [];
  if (pictures.length === 0) return;
  const stored: StoredPicture[] = [];
  try {
    for (const picture of pictures) {
      const key = pictureKey(document.job_id, document.id, picture);
      // A retried run stores its pictures again.
      await deps.storage.remove([key]);
      await deps.storage.create(key, picture.bytes, picture.mimeType);
      const { bytes: _bytes, ...info } = picture;
      stored.push({ ...info, key });
    }
    await deps.db
      .updateTable('job_documents')
      .set({ pages: JSON.stringify(stored) })
      .where('id', '=', document.id)
      .execute();
  } catch (error) {
    deps.logger.warn({ err: error, documentId: document.id }, 'keeping the page pictures failed');
    await deps.storage.remove(stored.map((picture) => picture.key)).catch(() => undefined);
  }
}

/** Every stored picture of these jobs (for deleting them, their results or their owner). */
export async function selectPictureKeys(db: Kysely<Database>, jobIds: string[]): Promise<string[]> {
  if (jobIds.length === 0) return [];
  const rows = await db
    .selectFrom('job_documents')
    .select('pages')
    .where('job_id', 'in', jobIds)
    .where('pages', 'is not', null)
    .execute();
  return rows.flatMap((row) => storedPictures(row.pages).map((picture) => picture.key));
}
