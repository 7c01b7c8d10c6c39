import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { readDocumentResult, saveDocumentReview, type ResultsReading } from '../jobs/job-results';

/**
 * After a document's corrections changed, inside the same transaction: its review summary is
 * counted again from its result as people now see it, so that lists and History stay true.
 */
export async function refreshReviews(
  trx: Kysely<Database>,
  reading: ResultsReading,
  jobId: string,
  documentIds: Iterable<string>,
): Promise<void> {
  for (const documentId of new Set(documentIds)) {
    const entry = await readDocumentResult({ ...reading, db: trx }, jobId, documentId);
    if (entry?.result) await saveDocumentReview(trx, documentId, entry.result.review);
  }
}
