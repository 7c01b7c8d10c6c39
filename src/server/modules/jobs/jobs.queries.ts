import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, JobDocumentsTable, JobsTable } from '../../db/schema';
import { writeTransaction } from '../../db/dialect';

type Db = Kysely<Database>;

export type JobRow = Selectable<JobsTable>;
export type JobDocumentRow = Selectable<JobDocumentsTable>;

/** A document's columns without its result, which can be large. */
const DOCUMENT_COLUMNS = [
  'id',
  'job_id',
  'position',
  'name',
  'kind',
  'input_key',
  'read_key',
  'read_until',
  'url',
  'mime_type',
  'size',
  'status',
  'status_code',
  'error_code',
  'message',
  'rows_count',
  'file_type',
  'charge',
  'attempts',
  'lease_owner',
  'lease_until',
  'read_ms',
  'extract_ms',
  'total_ms',
  'created_at',
  'started_at',
  'finished_at',
  'review_total',
  'review_flagged',
  'review_edited',
  'pages',
  'input_tokens',
  'output_tokens',
  'model_calls',
  'model_cost',
  'from_cache',
] as const;

export type JobDocumentInfo = Omit<JobDocumentRow, 'result' | 'cache_key'>;

export async function insertJob(
  db: Db,
  job: Insertable<JobsTable>,
  documents: Insertable<JobDocumentsTable>[],
): Promise<void> {
  await writeTransaction(db, async (trx) => {
    await trx.insertInto('jobs').values(job).execute();
    await trx.insertInto('job_documents').values(documents).execute();
  });
}

export async function selectJob(db: Db, jobId: string): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
}

export async function selectDocuments(db: Db, jobIds: string[]): Promise<JobDocumentInfo[]> {
  if (jobIds.length === 0) return [];
  return db
    .selectFrom('job_documents')
    .select(DOCUMENT_COLUMNS)
    .where('job_id', 'in', jobIds)
    .orderBy('job_id')
    .orderBy('position')
    .execute();
}

export async function selectDocument(db: Db, documentId: string) {
  return db
    .selectFrom('job_documents')
    .select(DOCUMENT_COLUMNS)
    .where('id', '=', documentId)
    .executeTakeFirst();
}

/** The documents' results (JSON), in order: all the job's, or those of `documentIds`. */
export async function selectResults(db: Db, jobId: string, documentIds?: string[]) {
  let query = db
    .selectFrom('job_documents')
    .select(['id', 'name', 'status', 'result', 'pages'])
    .where('job_id', '=', jobId);
  if (documentIds) query = query.where('id', 'in', documentIds.length > 0 ? documentIds : ['']);
  return query.orderBy('position').execute();
}

export async function selectResult(db: Db, documentId: string): Promise<string | null> {
  const row = await db
    .selectFrom('job_documents')
    .select('result')
    .where('id', '=', documentId)
    .executeTakeFirst();
  return row?.result ?? null;
}

/** Whose jobs: a user's, a visitor's, or (for operators) everyone's. */
export type JobOwnerFilter = { userId: string } | { visitorKey: string } | { operator: true };

export async function selectOwnedJobs(
  db: Db,
  owner: JobOwnerFilter,
  page: { limit: number; offset: number },
): Promise<{ total: number; jobs: JobRow[] }> {
  let base = db.selectFrom('jobs');
  if ('userId' in owner) base = base.where('user_id', '=', owner.userId);
  else if ('visitorKey' in owner) base = base.where('visitor_key', '=', owner.visitorKey);
  const [count, jobs] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return { total: Number(count?.total ?? 0), jobs };
}

/**
 * Takes a document for `owner` until `leaseUntil` (epoch ms): a queued one, or one whose last
 * owner stopped renewing its lease (a crashed process). Answers whether it was taken; only one
 * process can win it.
 */
export async function claimDocument(
  db: Db,
  documentId: string,
  owner: string,
  now: number,
  leaseUntil: number,
): Promise<boolean> {
  const result = await db
    .updateTable('job_documents')
    .set((eb) => ({
      status: 'reading',
      lease_owner: owner,
      lease_until: leaseUntil,
      attempts: eb('attempts', '+', 1),
      started_at: new Date(now).toISOString(),
    }))
    .where('id', '=', documentId)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('status', '=', 'queued'),
          eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]),
        ]),
        eb.and([eb('status', 'in', ['reading', 'extracting']), eb('lease_until', '<', now)]),
      ]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Gives a document back to the queue after an unexpected failure, to be tried after `notBefore`. */
export async function requeueDocument(
  db: Db,
  documentId: string,
  owner: string,
  notBefore: number,
): Promise<void> {
  await db
    .updateTable('job_documents')
    .set({ status: 'queued', lease_owner: null, lease_until: notBefore })
    .where('id', '=', documentId)
    .where('lease_owner', '=', owner)
    .execute();
}

/** Keeps the lease while the document runs; false when another process has taken it. */
export async function renewLease(
  db: Db,
  documentId: string,
  owner: string,
  leaseUntil: number,
): Promise<boolean> {
  const result = await db
    .updateTable('job_documents')
    .set({ lease_until: leaseUntil })
    .where('id', '=', documentId)
    .where('lease_owner', '=', owner)
    .where('status', 'in', ['reading', 'extracting'])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function markExtracting(db: Db, documentId: string, owner: string): Promise<void> {
  await db
    .updateTable('job_documents')
    .set({ status: 'extracting' })
    .where('id', '=', documentId)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'reading')
    .execute();
}

export async function markJobRunning(db: Db, jobId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'running', started_at: now })
    .where('id', '=', jobId)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Documents of queued jobs the workers may take: queued (and past any retry delay), or held by a
 * lease that ran out (its process stopped). Oldest first.
 */
export async function selectRunnableDocuments(db: Db, now: number, limit: number) {
  return db
    .selectFrom('job_documents')
    .innerJoin('jobs', 'jobs.id', 'job_documents.job_id')
    .select(['job_documents.id', 'job_documents.job_id'])
    .where((eb) =>
      eb.or([
        eb.and([
          eb('job_documents.status', '=', 'queued'),
          eb.or([
            eb('job_documents.lease_until', 'is', null),
            eb('job_documents.lease_until', '<', now),
          ]),
        ]),
        eb.and([
          eb('job_documents.status', 'in', ['reading', 'extracting']),
          eb('job_documents.lease_until', '<', now),
        ]),
      ]),
    )
    .where('jobs.mode', '=', 'queue')
    .where('jobs.status', 'in', ['queued', 'running'])
    .orderBy('job_documents.created_at')
    .orderBy('job_documents.position')
    .limit(limit)
    .execute();
}

/** Finished jobs whose uploaded inputs are still stored (a process stopped before removing them). */
export async function selectFinishedJobsWithInputs(db: Db, limit: number) {
  return db
    .selectFrom('jobs')
    .select('jobs.id')
    .where('jobs.status', 'in', ['succeeded', 'partial', 'failed', 'cancelled'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('job_documents')
          .select('job_documents.id')
          .whereRef('job_documents.job_id', '=', 'jobs.id')
          .where('job_documents.input_key', 'is not', null),
      ),
    )
    .limit(limit)
    .execute();
}

export async function selectInputKeys(db: Db, jobIds: string[]): Promise<string[]> {
  if (jobIds.length === 0) return [];
  const rows = await db
    .selectFrom('job_documents')
    .select('input_key')
    .where('job_id', 'in', jobIds)
    .where('input_key', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.input_key ? [row.input_key] : []));
}

export async function clearInputKeys(db: Db, jobIds: string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await db
    .updateTable('job_documents')
    .set({ input_key: null })
    .where('job_id', 'in', jobIds)
    .execute();
}

export async function selectUserJobIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('jobs').select('id').where('user_id', '=', userId).execute();
  return rows.map((row) => row.id);
}

export async function deleteJobs(db: Db, jobIds: string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await db.deleteFrom('jobs').where('id', 'in', jobIds).execute();
}

/** Documents run in a request whose process stopped: their input is gone with the request. */
export async function selectAbandonedDirectDocuments(db: Db, now: number, limit: number) {
  return db
    .selectFrom('job_documents')
    .innerJoin('jobs', 'jobs.id', 'job_documents.job_id')
    .select(['job_documents.id', 'job_documents.job_id'])
    .where('jobs.mode', '=', 'direct')
    .where('job_documents.status', 'in', ['queued', 'reading', 'extracting'])
    .where('job_documents.lease_until', '<', now)
    .limit(limit)
    .execute();
}

/** Takes an abandoned document over so that it can be ended (as failed, refunded). */
export async function takeOverDocument(
  db: Db,
  documentId: string,
  owner: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('job_documents')
    .set({ lease_owner: owner, lease_until: now + 60_000, status: 'reading' })
    .where('id', '=', documentId)
    .where('status', 'in', ['queued', 'reading', 'extracting'])
    .where('lease_until', '<', now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A document's review summary, kept beside its result so that lists need not read results. */
export async function updateDocumentReview(
  db: Db,
  documentId: string,
  review: { total: number; flagged: number; edited: number },
): Promise<void> {
  await db
    .updateTable('job_documents')
    .set({
      review_total: review.total,
      review_flagged: review.flagged,
      review_edited: review.edited,
    })
    .where('id', '=', documentId)
    .execute();
}

/** Documents waiting for their owner's credits, the oldest jobs' first. */
export async function selectWaitingDocuments(db: Db, limit: number) {
  return db
    .selectFrom('job_documents')
    .innerJoin('jobs', 'jobs.id', 'job_documents.job_id')
    .select(['job_documents.id', 'job_documents.job_id', 'jobs.user_id', 'jobs.created_at'])
    .where('job_documents.status', '=', 'waiting_for_credits')
    .orderBy('jobs.created_at')
    .orderBy('job_documents.position')
    .limit(limit)
    .execute();
}

/** A waiting document, paid for now, goes to the workers; false when it no longer waited. */
export async function queueWaitingDocument(db: Db, documentId: string): Promise<boolean> {
  const result = await db
    .updateTable('job_documents')
    .set({ status: 'queued', charge: 'reserved' })
    .where('id', '=', documentId)
    .where('status', '=', 'waiting_for_credits')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Ends a waiting document unread, counted as done; false when it no longer waited. */
export async function endWaitingDocument(
  db: Db,
  document: { id: string; job_id: string },
  ending: { status: 'failed' | 'cancelled'; error_code: string | null; message: string },
): Promise<boolean> {
  const result = await db
    .updateTable('job_documents')
    .set({ ...ending, finished_at: new Date().toISOString() })
    .where('id', '=', document.id)
    .where('status', '=', 'waiting_for_credits')
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return false;
  await db
    .updateTable('jobs')
    .set((eb) => ({ documents_done: eb('documents_done', '+', 1) }))
    .where('id', '=', document.job_id)
    .execute();
  return true;
}
