import type { Kysely } from 'kysely';
import type { ColumnDefinition } from '../../../shared/columns';
import type { Database } from '../../db/schema';
import type { Logger } from '../../logger';
import type { Mailer } from '../../mail/mailer';
import { webhookJob } from '../jobs/get-job';
import { readJobResults } from '../jobs/job-results';
import { jobTable } from '../jobs/job-table';
import { composeReply } from './compose-reply';
import { sendCreditsNotices } from './send-credits-notices';
import {
  claimReply,
  selectDueReplies,
  selectExtractorName,
  selectReplyJob,
  setReplyStatus,
} from './inbox.queries';

const LEASE_MS = 60_000;
/** A reply that cannot be sent for this long after its job ended is given up. */
const GIVE_UP_MS = 24 * 3600_000;

export type ReplyDeps = {
  db: Kysely<Database>;
  logger: Logger;
  mailer: Mailer;
  /** REVIEW_THRESHOLD: the reply's table holds the cells as History shows them. */
  reviewThreshold: number;
  /** APP_URL: an owner told that documents wait for credits is sent to ask for them there. */
  appUrl: string;
};

async function sendReply(deps: ReplyDeps, jobId: string): Promise<void> {
  const { db } = deps;
  const row = await selectReplyJob(db, jobId);
  const found = await webhookJob(db, jobId);
  if (!row?.reply_to || !found) return;
  try {
    const message = await composeReply({
      to: row.reply_to,
      job: found.job,
      table: jobTable(
        JSON.parse(row.columns) as ColumnDefinition[],
        await readJobResults({ db, reviewThreshold: deps.reviewThreshold }, row.id),
      ),
      format: row.reply_format as 'csv' | 'xlsx' | null,
      extractorName: row.extractor_id ? await selectExtractorName(db, row.extractor_id) : null,
    });
    await deps.mailer.send(message);
    await setReplyStatus(db, jobId, 'sent');
    deps.logger.info({ jobId }, 'reply sent');
  } catch (error) {
    const isLate = Date.now() - Date.parse(row.finished_at ?? '') > GIVE_UP_MS;
    deps.logger.warn({ err: error, jobId, isLate }, 'sending a reply failed');
    // Otherwise the lease runs out and the reply is tried again.
    if (isLate) await setReplyStatus(db, jobId, 'failed');
  }
}

/** Sends the replies that are due; failures are logged and tried again a minute later. */
export async function sendDueReplies(deps: ReplyDeps): Promise<void> {
  const now = Date.now();
  for (const jobId of await selectDueReplies(deps.db, now, 10))
    if (await claimReply(deps.db, jobId, now, now + LEASE_MS)) await sendReply(deps, jobId);
}

/**
 * Sends due replies, and owners' notices of documents waiting for credits, every `intervalMs` in
 * the process that receives mail; answers a stop.
 */
export function startReplies(deps: ReplyDeps, intervalMs = 1000): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    running ??= sendDueReplies(deps)
      .then(() => sendCreditsNotices(deps))
      .catch((error: unknown) => deps.logger.error({ err: error }, 'looking for replies failed'))
      .finally(() => (running = null));
  }, intervalMs);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
