import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/schema';
import { selectJob, type JobOwnerFilter, type JobRow } from './jobs.queries';

/**
 * Who is looking: a signed-in user, the anonymous visitor of a browser (its trial id's hash), or
 * an operator at the command line, who sees every job.
 */
export type JobViewer = JobOwnerFilter;

export function isOwnedBy(job: JobRow, viewer: JobViewer): boolean {
  if ('operator' in viewer) return true;
  if ('userId' in viewer) return job.user_id === viewer.userId;
  return job.user_id === null && job.visitor_key === viewer.visitorKey;
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
