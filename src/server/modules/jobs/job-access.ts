import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/schema';
import { selectJob, type JobOwnerFilter, type JobRow } from './jobs.queries';

/** Who is looking: a signed-in user, or the anonymous visitor of a browser (its trial id's hash). */
export type JobViewer = JobOwnerFilter;

export function isOwnedBy(job: JobRow, viewer: JobViewer): boolean {
  return 'userId' in viewer
    ? job.user_id === viewer.userId
    : job.user_id === null && job.visitor_key === viewer.visitorKey;
}

/** The viewer's job, or JOB_NOT_FOUND: another person's job is indistinguishable from none. */
export async function findOwnedJob(
  db: Kysely<Database>,
  viewer: JobViewer,
  jobId: string,
): Promise<JobRow> {
  const job = await selectJob(db, jobId);
  if (!job || !isOwnedBy(job, viewer)) throw new AppError('JOB_NOT_FOUND');
  return job;
}
