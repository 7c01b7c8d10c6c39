import type { Kysely } from 'kysely';
import type { JobWebhook } from '../../../shared/jobs';
import type { Database } from '../../db/schema';

/** A job's webhook as GET /api/jobs/{id} shows it, with every attempt; null without one. */
export async function jobWebhook(
  db: Kysely<Database>,
  job: {
    id: string;
    webhook_url: string | null;
    webhook_status: string | null;
    webhook_next_at: string | null;
  },
): Promise<JobWebhook | null> {
  if (!job.webhook_url) return null;
  const attempts = await db
    .selectFrom('webhook_attempts')
    .select(['attempt', 'attempted_at', 'status_code', 'error', 'duration_ms'])
    .where('job_id', '=', job.id)
    .orderBy('attempt')
    .execute();
  return {
    url: job.webhook_url,
    status: (job.webhook_status ?? 'waiting') as JobWebhook['status'],
    next_attempt_at: job.webhook_next_at,
    attempts: attempts.map((attempt) => ({
      ...attempt,
      attempt: Number(attempt.attempt),
      status_code: attempt.status_code === null ? null : Number(attempt.status_code),
      duration_ms: Number(attempt.duration_ms),
    })),
  };
}
