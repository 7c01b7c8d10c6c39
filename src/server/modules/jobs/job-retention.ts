import type { ExpressionBuilder, Kysely } from 'kysely';
import { AppError } from '../../../shared/errors';
import { writeTransaction } from '../../db/dialect';
import type { Database } from '../../db/schema';
import type { FileStorage } from '../../storage/file-storage';
import { selectPictureKeys } from './job-pictures';
import { selectReadKeys } from './job-reads';
import { deleteJobs, type JobRow } from './jobs.queries';

/**
 * How long results are kept (docs/decisions/022-corrections-and-page-pictures.md): a signed-in
 * user's until they delete their account; an anonymous visitor's for a day after the run, so the
 * browser can show, correct and download them. Then the results, corrections, page pictures and
 * what was read are deleted and reads answer 410 RESULT_EXPIRED; the job itself (its documents'
 * names and statuses) stays a week longer, so that a returning visitor is told why rather than
 * "no such job".
 */
export const VISITOR_JOB_HOURS = 24;
export const VISITOR_JOB_KEEP_DAYS = 7;

type Db = Kysely<Database>;

/** When the job's results are (or were) deleted; null when they are kept. */
export function resultsExpireAt(job: Pick<JobRow, 'user_id' | 'created_at'>): string | null {
  if (job.user_id) return null;
  return new Date(Date.parse(job.created_at) + VISITOR_JOB_HOURS * 3600_000).toISOString();
}

/** A visitor's job created at or before this time has its results past their time at `now`. */
function visitorResultsCutoff(now: Date): string {
  return new Date(now.getTime() - VISITOR_JOB_HOURS * 3600_000).toISOString();
}

type RetainedJob = Pick<JobRow, 'user_id' | 'created_at' | 'results_expired_at'>;

/** Whether the job's results are past their time, deleted by the sweep or not yet. */
export function areResultsExpired(job: RetainedJob, now = new Date()): boolean {
  const isPast = !job.user_id && job.created_at <= visitorResultsCutoff(now);
  return Boolean(job.results_expired_at) || isPast;
}

/**
 * areResultsExpired as a query condition, for reads that pick results out of many jobs (the
 * stored results for unchanged input): only jobs whose results are kept at `now`.
 */
export function whereResultsKept(eb: ExpressionBuilder<Database, 'jobs'>, now = new Date()) {
  return eb.and([
    eb('jobs.results_expired_at', 'is', null),
    eb.or([
      eb('jobs.user_id', 'is not', null),
      eb('jobs.created_at', '>', visitorResultsCutoff(now)),
    ]),
  ]);
}

/** RESULT_EXPIRED once the job's results are past their time, deleted by the sweep or not yet. */
export function assertResultsKept(job: RetainedJob, now = new Date()): void {
  if (areResultsExpired(job, now))
    throw new AppError('RESULT_EXPIRED', { params: { hours: VISITOR_JOB_HOURS } });
}

/** Ended jobs of anonymous visitors made before `before` whose results are still kept. */
async function selectExpiringVisitorJobs(db: Db, before: string, limit: number) {
  const rows = await db
    .selectFrom('jobs')
    .select('id')
    .where('user_id', 'is', null)
    .where('created_at', '<', before)
    .where('finished_at', 'is not', null)
    .where('results_expired_at', 'is', null)
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Deletes the jobs' results and what goes with them, and notes when (kept: names, statuses). */
async function clearJobResults(db: Db, jobIds: string[], now: string): Promise<void> {
  if (jobIds.length === 0) return;
  await writeTransaction(db, async (trx) => {
    await trx
      .updateTable('jobs')
      .set({ results_expired_at: now })
      .where('id', 'in', jobIds)
      .execute();
    await trx
      .updateTable('job_documents')
      .set({ result: null, pages: null, read_key: null, read_until: null })
      .where('job_id', 'in', jobIds)
      .execute();
    await trx.deleteFrom('corrections').where('job_id', 'in', jobIds).execute();
  });
}

/** Jobs of anonymous visitors whose results were deleted before `before`. */
async function selectLongExpiredVisitorJobs(db: Db, before: string, limit: number) {
  const rows = await db
    .selectFrom('jobs')
    .select('id')
    .where('user_id', 'is', null)
    .where('results_expired_at', '<', before)
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The sweep's part: a day after a visitor's run, its stored files (pictures, what was read) and
 * results go; a week later, the job.
 */
export async function expireVisitorJobs(
  deps: { db: Db; storage: FileStorage },
  now: number,
): Promise<void> {
  const before = visitorResultsCutoff(new Date(now));
  const expiring = await selectExpiringVisitorJobs(deps.db, before, 100);
  await deps.storage.remove([
    ...(await selectReadKeys(deps.db, expiring)),
    ...(await selectPictureKeys(deps.db, expiring)),
  ]);
  await clearJobResults(deps.db, expiring, new Date(now).toISOString());
  const longAgo = new Date(now - VISITOR_JOB_KEEP_DAYS * 86_400_000).toISOString();
  await deleteJobs(deps.db, await selectLongExpiredVisitorJobs(deps.db, longAgo, 100));
}
