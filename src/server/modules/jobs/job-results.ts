import type { Kysely } from 'kysely';
import type { ExtractionResult } from '../../../shared/extraction';
import type { ReviewSummary } from '../../../shared/review';
import type { Database } from '../../db/schema';
import { correctedResult } from '../../extraction/review/apply-corrections';
import type { StoredResult } from '../../extraction/review/stored-result';
import { correctionsByDocument } from '../corrections/document-corrections';
import { jobReviewOf } from './job-view';
import {
  selectDocument,
  selectDocuments,
  selectResults,
  updateDocumentReview,
} from './jobs.queries';

/**
 * Reading a job's results as people see them: every reader (the document result, the job's
 * table in every format, its events, the stored file a user downloads) goes through here, so
 * each shows the same cells and the same corrections (review/apply-corrections.ts).
 */
export type ResultsReading = {
  db: Kysely<Database>;
  /** REVIEW_THRESHOLD: results stored before review get their flags from it. */
  reviewThreshold: number;
};

export type DocumentResultEntry = {
  id: string;
  name: string;
  /** JSON: its stored page pictures (job-pictures.ts). */
  pages: string | null;
  result: ExtractionResult | null;
};

const parse = (json: string) => JSON.parse(json) as StoredResult;

/** Each document of the job, in order, with its result: cells given, corrections applied. */
export async function readJobResults(
  reading: ResultsReading,
  jobId: string,
  documentIds?: string[],
): Promise<DocumentResultEntry[]> {
  const stored = await selectResults(reading.db, jobId, documentIds);
  const corrections = await correctionsByDocument(
    reading.db,
    stored.filter((document) => document.result).map((document) => document.id),
  );
  return stored.map((document) => ({
    id: document.id,
    name: document.name,
    pages: document.pages,
    result: document.result
      ? correctedResult(
          parse(document.result),
          corrections.get(document.id) ?? [],
          reading.reviewThreshold,
        )
      : null,
  }));
}

/** One document of the job with its result as people see it; null when the job has no such one. */
export async function readDocumentResult(
  reading: ResultsReading,
  jobId: string,
  documentId: string,
): Promise<DocumentResultEntry | null> {
  const [entry] = await readJobResults(reading, jobId, [documentId]);
  return entry ?? null;
}

/** These documents' results as extracted (cells given, no corrections), by document id. */
export async function readExtractedResults(
  reading: ResultsReading,
  jobId: string,
  documentIds: string[],
): Promise<Map<string, ExtractionResult>> {
  const results = new Map<string, ExtractionResult>();
  for (const document of await selectResults(reading.db, jobId, documentIds))
    if (document.result)
      results.set(
        document.id,
        correctedResult(parse(document.result), [], reading.reviewThreshold),
      );
  return results;
}

/** Keeps a document's review summary up to date after its corrections changed. */
export async function saveDocumentReview(
  db: Kysely<Database>,
  documentId: string,
  review: ReviewSummary,
): Promise<void> {
  await updateDocumentReview(db, documentId, review);
}

/** The job's review summary: its documents', summed. */
export async function jobReview(db: Kysely<Database>, jobId: string): Promise<ReviewSummary> {
  return jobReviewOf(await selectDocuments(db, [jobId]));
}

/**
 * A document's rows as people see them, corrections applied, for whoever may read them (the
 * stored file behind a signed download link); null when the document or its result is gone.
 */
export async function correctedRowsOf(
  reading: ResultsReading,
  documentId: string,
): Promise<ExtractionResult['rows'] | null> {
  const document = await selectDocument(reading.db, documentId);
  if (!document) return null;
  const entry = await readDocumentResult(reading, document.job_id, documentId);
  return entry?.result && entry.result.status !== 500 ? entry.result.rows : null;
}
