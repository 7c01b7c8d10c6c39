import { AppError } from '../../../shared/errors';
import type { JobRow } from './jobs.queries';

/**
 * How long results are kept (docs/decisions/021-corrections-and-page-pictures.md): a signed-in
 * user's until they delete their account; an anonymous visitor's for a day after the run, so the
 * browser can show, correct and download them. Then the results, corrections and page pictures
 * are deleted and reads answer 410 RESULT_EXPIRED; the job itself (its documents' names and
 * statuses) stays a week longer, so that a returning visitor is told why rather than "no such job".
 */
export const VISITOR_JOB_HOURS = 24;
export const VISITOR_JOB_KEEP_DAYS = 7;

/** When the job's results are (or were) deleted; null when they are kept. */
export function resultsExpireAt(job: Pick<JobRow, 'user_id' | 'created_at'>): string | null {
  if (job.user_id) return null;
  return new Date(Date.parse(job.created_at) + VISITOR_JOB_HOURS * 3600_000).toISOString();
}

/** RESULT_EXPIRED once the job's results are past their time, deleted by the sweep or not yet. */
export function assertResultsKept(
  job: Pick<JobRow, 'user_id' | 'created_at' | 'results_expired_at'>,
  now = new Date(),
): void {
  const expiresAt = resultsExpireAt(job);
  const isPast = expiresAt !== null && expiresAt <= now.toISOString();
  if (job.results_expired_at || isPast)
    throw new AppError('RESULT_EXPIRED', { params: { hours: VISITOR_JOB_HOURS } });
}
