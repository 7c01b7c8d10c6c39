import type { CorrectionsResponse } from '../../../shared/review';
import { findOwnedJob, type JobViewer } from '../jobs/job-access';
import { jobReview, type ResultsReading } from '../jobs/job-results';
import { assertResultsKept } from '../jobs/job-retention';
import { jobCorrections } from './document-corrections';

/** GET /api/jobs/{id}/corrections: the job's corrections, oldest first, and its review summary. */
export async function listCorrections(
  reading: ResultsReading,
  options: { viewer: JobViewer; jobId: string },
): Promise<CorrectionsResponse> {
  const job = await findOwnedJob(reading.db, options.viewer, options.jobId);
  assertResultsKept(job);
  return {
    corrections: await jobCorrections(reading.db, job.id),
    review: await jobReview(reading.db, job.id),
  };
}
