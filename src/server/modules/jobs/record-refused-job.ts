import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppError } from '../../../shared/errors';
import type { Job } from '../../../shared/jobs';
import type { Database } from '../../db/schema';
import { automaticJobValues, documentRows, type NewJob } from './create-job';
import { appendJobEvent } from './job-events';
import { toJob } from './job-view';
import { insertJob, selectDocuments, selectJob } from './jobs.queries';

/**
 * Records a job that could not start (its owner has no credits): ended at once as failed, each
 * document with the refusal's message and nothing charged, so History, webhooks and a mailed
 * reply tell the owner and the sender what happened, as for any other failed job.
 */
export async function recordRefusedJob(options: {
  db: Kysely<Database>;
  userId: string;
  job: NewJob;
  error: AppError;
}): Promise<Job> {
  const { db, job, error } = options;
  const jobId = randomUUID();
  const now = new Date().toISOString();
  const documents = documentRows(jobId, job.inputs, now).map((document) => ({
    ...document,
    status: 'failed',
    charge: 'none',
    error_code: error.code,
    message: error.message,
    finished_at: now,
  }));
  await insertJob(
    db,
    {
      id: jobId,
      user_id: options.userId,
      visitor_key: null,
      trial_keys: null,
      columns: JSON.stringify(job.columns),
      description: job.description ?? null,
      template: job.template ?? null,
      webhook_url: job.webhookUrl ?? null,
      ...automaticJobValues(job.automatic),
      status: 'failed',
      mode: 'queue',
      documents_total: documents.length,
      documents_done: documents.length,
      created_at: now,
      started_at: now,
      finished_at: now,
    },
    documents,
  );
  const saved = toJob((await selectJob(db, jobId))!, await selectDocuments(db, [jobId]));
  await appendJobEvent(db, jobId, { type: 'end', job: saved });
  return saved;
}
