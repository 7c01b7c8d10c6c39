import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors';
import type { DocumentResult } from '../../../shared/extraction';
import type { Job, JobPage } from '../../../shared/jobs';
import type { Database } from '../../db/schema';
import { jobWebhook } from '../webhooks/job-webhook';
import { findOwnedJob, type JobViewer } from './job-access';
import { pageLinks } from './job-pictures';
import { readDocumentResult, type ResultsReading } from './job-results';
import { assertResultsKept } from './job-retention';
import { toJob } from './job-view';
import { selectDocuments, selectJob, selectOwnedJobs, type JobRow } from './jobs.queries';

/** GET /api/jobs/{id}: the viewer's job with its documents. */
export async function getJob(options: {
  db: Kysely<Database>;
  viewer: JobViewer;
  jobId: string;
}): Promise<Job> {
  const job = await findOwnedJob(options.db, options.viewer, options.jobId);
  return {
    ...toJob(job, await selectDocuments(options.db, [job.id])),
    webhook: await jobWebhook(options.db, job),
  };
}

/** A job as its webhook tells it, with where to and whose secret signs it (no viewer check). */
export async function webhookJob(db: Kysely<Database>, jobId: string) {
  const row = await selectJob(db, jobId);
  if (!row) return null;
  return {
    job: toJob(row, await selectDocuments(db, [jobId])),
    webhookUrl: row.webhook_url,
    userId: row.user_id,
  };
}

/** GET /api/jobs: the viewer's jobs, newest first, with their documents. */
export async function listJobs(options: {
  db: Kysely<Database>;
  viewer: JobViewer;
  limit: number;
  offset: number;
}): Promise<JobPage> {
  const { db, viewer, limit, offset } = options;
  const { total, jobs } = await selectOwnedJobs(db, viewer, { limit, offset });
  const documents = await selectDocuments(
    db,
    jobs.map((job) => job.id),
  );
  return { total, limit, offset, jobs: jobs.map((job) => toJob(job, documents)) };
}

/**
 * GET /api/jobs/{id}/documents/{documentId}/result: one document's whole result as people see it
 * (cells, corrections applied, the source text the evidence points into, its page pictures), to
 * open a stored job in the result table.
 */
export async function getDocumentResult(
  reading: ResultsReading,
  options: { job: JobRow; documentId: string },
): Promise<DocumentResult> {
  const { job, documentId } = options;
  assertResultsKept(job);
  const entry = await readDocumentResult(reading, job.id, documentId);
  if (!entry?.result) throw new AppError('NOT_FOUND');
  return {
    ...entry.result,
    document_id: entry.id,
    job_id: job.id,
    pages: pageLinks(job.id, entry.id, entry.pages),
  };
}
