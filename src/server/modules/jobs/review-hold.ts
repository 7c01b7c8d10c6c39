import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * A condition on `jobs`: its deliveries (reply, webhook) may go, not held for review. A job that
 * holds them (an extractor's hold_for_review) waits while any of its documents has a value still
 * flagged; accepting or correcting the last one lets them go, with the corrections.
 */
export function isNotHeldForReview(eb: ExpressionBuilder<Database, 'jobs'>) {
  return eb.or([
    eb('jobs.hold_for_review', '=', 0),
    eb.not(
      eb.exists(
        eb
          .selectFrom('job_documents')
          .select('job_documents.id')
          .whereRef('job_documents.job_id', '=', 'jobs.id')
          .where('job_documents.review_flagged', '>', 0),
      ),
    ),
  ]);
}
