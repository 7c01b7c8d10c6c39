import type { Kysely } from 'kysely';
import type { Job, JobPage } from '../../../shared/jobs';
import type { Database } from '../../db/schema';
import { findOwnedJob, type JobViewer } from './job-access';
import { toJob } from './job-view';
import { selectDocuments, selectOwnedJobs } from './jobs.queries';

/** GET /api/jobs/{id}: the viewer's job with its documents. */
export async function getJob(options: {
  db: Kysely<Database>;
  viewer: JobViewer;
  jobId: string;
}): Promise<Job> {
  const job = await findOwnedJob(options.db, options.viewer, options.jobId);
  return toJob(job, await selectDocuments(options.db, [job.id]));
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
