import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AddressPolicy } from '../../extraction/ingest/address-check';
import { postToAddress } from '../../extraction/ingest/fetch-url';
import type { Database } from '../../db/schema';
import type { Logger } from '../../logger';
import type { Job } from '../../../shared/jobs';
import { webhookJob } from '../jobs/get-job';
import { isNotHeldForReview } from '../jobs/review-hold';
import { readJobResults } from '../jobs/job-results';
import { jobTable } from '../jobs/job-table';
import { webhookSecretOf } from './webhook-secrets';
import { signWebhook } from './webhook-signature';

/** A delivery is tried for this long after its job ended, then given up. */
export const WEBHOOK_GIVE_UP_HOURS = 24;
/** Waits between tries, in multiples of WebhookDeps.retrySeconds: 5 s, 30 s, 2 min, 10 min… */
const BACKOFF = [1, 6, 24, 120, 360, 720, 1440, 2880, 5760];
const LEASE_MS = 60_000;
const TIMEOUT_MS = 10_000;
/** A table larger than this as JSON is not sent with the webhook: `result_url` gives it. */
export const WEBHOOK_MAX_RESULT_BYTES = 1_000_000;

export type WebhookDeps = {
  db: Kysely<Database>;
  logger: Logger;
  isAllowedAddress: AddressPolicy;
  /** The first wait after a failed try (default 5 s); later waits grow from it. */
  retrySeconds: number;
  /** REVIEW_THRESHOLD: the rows' cells are as History shows them. */
  reviewThreshold: number;
  /** APP_URL: where `result_url` points. */
  appUrl: string;
};

/** Ended jobs whose webhook is due now and held by no worker. */
async function findDue(db: Kysely<Database>, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('jobs')
    .select('id')
    .where('webhook_url', 'is not', null)
    .where('finished_at', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('webhook_status', 'is', null),
        eb.and([
          eb('webhook_status', '=', 'retrying'),
          eb('webhook_next_at', '<=', now.toISOString()),
        ]),
      ]),
    )
    .where((eb) =>
      eb.or([eb('webhook_lease_until', 'is', null), eb('webhook_lease_until', '<', now.getTime())]),
    )
    .where(isNotHeldForReview)
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Takes a delivery for this worker; false when another took it first. */
async function claim(db: Kysely<Database>, jobId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ webhook_lease_until: now.getTime() + LEASE_MS })
    .where('id', '=', jobId)
    .where((eb) =>
      eb.or([eb('webhook_lease_until', 'is', null), eb('webhook_lease_until', '<', now.getTime())]),
    )
    .where((eb) => eb.or([eb('webhook_status', 'is', null), eb('webhook_status', '=', 'retrying')]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The next try's time after `attempt` failed, or null when the day is up. */
function nextTry(attempt: number, finishedAt: string, now: Date, retrySeconds: number) {
  const wait = retrySeconds * BACKOFF[Math.min(attempt - 1, BACKOFF.length - 1)]! * 1000;
  const next = new Date(now.getTime() + wait);
  const giveUp = Date.parse(finishedAt) + WEBHOOK_GIVE_UP_HOURS * 3600_000;
  return next.getTime() <= giveUp ? next : null;
}

/**
 * The job as GET /api/jobs/{id} shows it, with its table as GET /api/jobs/{id}/result gives it
 * (corrections applied) when that is at most WEBHOOK_MAX_RESULT_BYTES of JSON, and its address.
 */
async function webhookData(deps: WebhookDeps, job: Job) {
  const table = jobTable(
    job.columns,
    await readJobResults({ db: deps.db, reviewThreshold: deps.reviewThreshold }, job.id),
  );
  const result = { columns: table.columns, rows: table.rows, origins: table.origins };
  const fits = Buffer.byteLength(JSON.stringify(result)) <= WEBHOOK_MAX_RESULT_BYTES;
  return {
    ...job,
    result: fits ? result : null,
    result_url: `${deps.appUrl}/api/jobs/${job.id}/result`,
  };
}

/**
 * One try at telling a job's webhook that the job ended: the job with its table (webhookData),
 * signed the Standard Webhooks way with the owner's secret, under a webhook-id that stays the
 * same across tries. A 2xx answer delivers it; anything else is tried again with growing waits.
 */
async function deliver(deps: WebhookDeps, jobId: string, now: Date): Promise<void> {
  const { db } = deps;
  const found = await webhookJob(db, jobId);
  const finishedAt = found?.job.finished_at;
  if (!found?.webhookUrl || !finishedAt || !found.userId) return;
  const { job, webhookUrl, userId } = found;
  const timestamp = Math.floor(now.getTime() / 1000);
  const body = JSON.stringify({
    type: 'job.finished',
    timestamp: now.toISOString(),
    data: await webhookData(deps, job),
  });
  const id = `msg_${job.id}`;
  const signature = signWebhook(await webhookSecretOf(db, userId), { id, timestamp, body });
  const previous = await db
    .selectFrom('webhook_attempts')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('job_id', '=', jobId)
    .executeTakeFirstOrThrow();
  const attempt = Number(previous.count) + 1;

  const started = performance.now();
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    ({ statusCode } = await postToAddress({
      url: webhookUrl,
      body,
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signature,
      },
      isAllowedAddress: deps.isAllowedAddress,
      timeoutMs: TIMEOUT_MS,
    }));
  } catch (failure) {
    error = failure instanceof Error ? failure.message : String(failure);
  }
  const isDelivered = statusCode !== null && statusCode >= 200 && statusCode < 300;
  if (!isDelivered && error === null) error = `The receiver answered ${statusCode}.`;
  const next = isDelivered ? null : nextTry(attempt, finishedAt, now, deps.retrySeconds);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('webhook_attempts')
      .values({
        id: randomUUID(),
        job_id: jobId,
        attempt,
        attempted_at: now.toISOString(),
        status_code: statusCode,
        error,
        duration_ms: Math.round(performance.now() - started),
      })
      .execute();
    await trx
      .updateTable('jobs')
      .set({
        webhook_status: isDelivered ? 'delivered' : next ? 'retrying' : 'failed',
        webhook_next_at: next?.toISOString() ?? null,
        webhook_lease_until: null,
      })
      .where('id', '=', jobId)
      .execute();
  });
  deps.logger.info({ jobId, attempt, statusCode, isDelivered }, 'webhook attempt');
}

/** Delivers every webhook due now, a few at a time; failures are logged, never thrown. */
export async function deliverDueWebhooks(deps: WebhookDeps, now = new Date()): Promise<void> {
  let due: string[];
  try {
    due = await findDue(deps.db, now, 20);
  } catch (error) {
    deps.logger.error({ err: error }, 'looking for webhooks to deliver failed');
    return;
  }
  for (const jobId of due) {
    try {
      if (await claim(deps.db, jobId, now)) await deliver(deps, jobId, now);
    } catch (error) {
      deps.logger.error({ err: error, jobId }, 'webhook delivery failed');
    }
  }
}

/** Polls for due webhooks every `intervalMs` in this worker process; answers a stop function. */
export function startWebhookDeliveries(deps: WebhookDeps, intervalMs = 1000): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= deliverDueWebhooks(deps).finally(() => {
      running = null;
    });
  };
  const timer = setInterval(tick, intervalMs);
  tick();
  // A delivery in flight ends within its timeout; a stopped database must not hold the stop.
  return async () => {
    clearInterval(timer);
    await Promise.race([running, new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS))]);
  };
}
