import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DocumentRef } from '../../jobs/job-queue';
import { selectRunnableDocuments } from './jobs.queries';

/** Documents of queued jobs that a worker may take now (what the engines poll or sweep for). */
export async function findRunnableDocuments(
  db: Kysely<Database>,
  limit: number,
): Promise<DocumentRef[]> {
  const rows = await selectRunnableDocuments(db, Date.now(), limit);
  return rows.map((row) => ({ jobId: row.job_id, documentId: row.id }));
}
