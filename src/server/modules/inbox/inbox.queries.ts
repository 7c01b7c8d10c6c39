import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { isNotHeldForReview } from '../jobs/review-hold';

type Db = Kysely<Database>;

/** Ended mailed jobs whose reply waits, held by no process. */
export async function selectDueReplies(db: Db, now: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('jobs')
    .select('id')
    .where('reply_status', '=', 'waiting')
    .where('finished_at', 'is not', null)
    .where((eb) => eb.or([eb('reply_lease_until', 'is', null), eb('reply_lease_until', '<', now)]))
    .where(isNotHeldForReview)
    .orderBy('finished_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Takes a reply for this process until `until`; false when another took it first. */
export async function claimReply(db: Db, jobId: string, now: number, until: number) {
  const result = await db
    .updateTable('jobs')
    .set({ reply_lease_until: until })
    .where('id', '=', jobId)
    .where('reply_status', '=', 'waiting')
    .where((eb) => eb.or([eb('reply_lease_until', 'is', null), eb('reply_lease_until', '<', now)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function setReplyStatus(db: Db, jobId: string, status: 'sent' | 'failed') {
  await db
    .updateTable('jobs')
    .set({ reply_status: status, reply_lease_until: null })
    .where('id', '=', jobId)
    .execute();
}

export async function selectReplyJob(db: Db, jobId: string) {
  return db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
}

export async function selectExtractorName(db: Db, extractorId: string) {
  const row = await db
    .selectFrom('extractors')
    .select('name')
    .where('id', '=', extractorId)
    .executeTakeFirst();
  return row?.name ?? null;
}

/** Jobs whose owner is yet to hear that documents wait for credits, with their address. */
export async function selectDueCreditsNotices(db: Db, limit: number) {
  return db
    .selectFrom('jobs')
    .innerJoin('users', 'users.id', 'jobs.user_id')
    .select((eb) => [
      'jobs.id',
      'jobs.extractor_id',
      'jobs.documents_total',
      'users.email',
      eb
        .selectFrom('job_documents')
        .select((inner) => inner.fn.countAll<number | string>().as('count'))
        .whereRef('job_documents.job_id', '=', 'jobs.id')
        .where('job_documents.status', '=', 'waiting_for_credits')
        .as('waiting'),
    ])
    .where('jobs.credits_notice', '=', 'due')
    .orderBy('jobs.created_at')
    .limit(limit)
    .execute();
}

/** Takes a notice for this process; false when another took it first. */
export async function claimCreditsNotice(db: Db, jobId: string): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ credits_notice: 'sending' })
    .where('id', '=', jobId)
    .where('credits_notice', '=', 'due')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function setCreditsNotice(db: Db, jobId: string, state: 'due' | 'sent') {
  await db.updateTable('jobs').set({ credits_notice: state }).where('id', '=', jobId).execute();
}
