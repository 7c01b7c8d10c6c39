import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/schema';
import type { FileStorage } from '../../storage/file-storage';
import { findOwnedJob, type JobViewer } from './job-access';
import { storedPictures } from './job-pictures';
import { assertResultsKept } from './job-retention';
import { selectDocument } from './jobs.queries';

/**
 * GET /api/jobs/{id}/documents/{documentId}/pages/{page}: a page of the viewer's document as a
 * picture (JPEG for a PDF page, the image itself for an image), to show evidence boxes on.
 */
export async function getPagePicture(options: {
  db: Kysely<Database>;
  storage: FileStorage;
  viewer: JobViewer;
  jobId: string;
  documentId: string;
  page: number;
}): Promise<{ bytes: Uint8Array; mimeType: string }> {
  const job = await findOwnedJob(options.db, options.viewer, options.jobId);
  assertResultsKept(job);
  const document = await selectDocument(options.db, options.documentId);
  if (document?.job_id !== job.id) throw new AppError('NOT_FOUND');
  const picture = storedPictures(document.pages).find((stored) => stored.page === options.page);
  const bytes = picture ? await options.storage.read(picture.key) : null;
  if (!picture || !bytes) throw new AppError('NOT_FOUND');
  return { bytes, mimeType: picture.mimeType };
}
