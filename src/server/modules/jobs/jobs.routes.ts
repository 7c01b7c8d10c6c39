import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import {
  jobListQuerySchema,
  jobResultQuerySchema,
  rerunRequestSchema,
  type Job,
  type JobAccepted,
  type JobLimits,
} from '../../../shared/jobs';
import { EXPORT_MIME_TYPES } from '../../../shared/table-export';
import { rateLimit } from '../../http/rate-limit';
import { createTurnLimit } from '../../http/turn-limit';
import type { AppBindings, AppDeps } from '../../http/types';
import { validate } from '../../http/validate';
import { trialLimitsOf } from '../trial/trial-subject';
import { cancelDocument, cancelJob } from './cancel-job';
import { createJob } from './create-job';
import { findOwnedJob } from './job-access';
import { getPagePicture } from './get-page-picture';
import { assertResultsKept } from './job-retention';
import type { Payment } from './job-payer';
import { addressPolicyOf } from '../../extraction/read-settings';
import { checkWebhookUrl } from '../webhooks/check-webhook-url';
import { rerunJob } from './rerun-job';
import { templateLookup } from '../extractors/template-columns';
import { callerOf, userIdOf, viewerOf } from './job-caller';
import { createEventStreamLimit } from './event-stream-limit';
import { createEventFrameCache } from './event-frame-cache';
import { streamJobEvents } from './stream-job-events';
import { getDocumentResult, getJob, listJobs } from './get-job';
import { exportJobResult } from './export-job-result';
import { parseJobRequest } from './parse-job-request';

const MB = 1024 * 1024;
/** Finished documents' rows kept for replays (event-frame-cache.ts). */
const FRAME_CACHE_BYTES = 32 * MB;
/**
 * Queries that event streams and exports run at once, together, each on a turn of the event
 * loop of its own (turn-limit.ts): under half of PostgreSQL's pool of 10 connections, so that a
 * hundred replays and a few exports never hold every connection while a health check or a page
 * waits for one.
 */
const HEAVY_QUERIES = 4;
/**
 * Event streams and exports begin one a turn of the event loop (turn-limit.ts): a hundred asked
 * for at once are served among other requests, not all before them.
 */
const HEAVY_REQUESTS_AT_ONCE = 1;

const pageParamSchema = z.object({
  id: z.string(),
  documentId: z.string(),
  page: z.coerce.number().int().positive().max(10_000),
});

type JobsDeps = Pick<
  AppDeps,
  'env' | 'db' | 'auth' | 'secret' | 'storage' | 'logger' | 'jobQueue' | 'workerId' | 'exportPool'
>;

/** The 202 answer to a job accepted. */
function accepted(job: Job, payment: Payment): JobAccepted {
  const documents = job.documents.map(({ id, name, status }) => ({ id, name, status }));
  return { id: job.id, status: job.status, documents, allowance: payment.allowance };
}

/** /api/jobs: batches of documents into one table, run by the workers (docs/decisions/010-jobs.md). */
export function createJobsRoutes(deps: JobsDeps) {
  const { env, db } = deps;
  const finishDeps = { db, storage: deps.storage, logger: deps.logger, workerId: deps.workerId };
  const viewer = async (c: Parameters<typeof callerOf>[0]) => viewerOf(await callerOf(c, deps));
  const addressPolicy = addressPolicyOf(env);
  const reading = { db, reviewThreshold: env.REVIEW_THRESHOLD };
  const eventStreams = createEventStreamLimit(env.EVENT_STREAMS_PER_USER);
  const heavyQueries = createTurnLimit(HEAVY_QUERIES);
  const heavyRequests = createTurnLimit(HEAVY_REQUESTS_AT_ONCE);
  const heavyTurn = () => heavyRequests(() => Promise.resolve());
  const streamDeps = {
    turn: heavyTurn,
    reading,
    frames: createEventFrameCache(FRAME_CACHE_BYTES),
    queries: heavyQueries,
    replaysBeingBuilt: new Map<string, Promise<Uint8Array | null>>(),
  };
  const jobDeps = {
    db,
    logger: deps.logger,
    storage: deps.storage,
    queue: deps.jobQueue,
    batchMax: env.BATCH_MAX_DOCUMENTS,
    signupCredits: env.SIGNUP_CREDITS,
    trialLimits: trialLimitsOf(env),
  };
  return new Hono<AppBindings>()
    .post(
      '/',
      bodyLimit({
        maxSize: env.BATCH_MAX_UPLOAD_MB * MB,
        onError: () => {
          throw new AppError('FILE_TOO_LARGE', {
            params: { maxMegabytes: env.BATCH_MAX_UPLOAD_MB },
          });
        },
      }),
      rateLimit({
        db,
        bucket: 'read',
        limit: env.READ_RATE_LIMIT,
        windowSeconds: env.READ_RATE_WINDOW_SECONDS,
        trustProxy: env.TRUST_PROXY,
      }),
      async (c) => {
        const caller = await callerOf(c, deps);
        const lookup = templateLookup(db, userIdOf(caller));
        const job = await parseJobRequest(c.req.raw, lookup, env.BODY_LIMIT_KB);
        job.webhookUrl = await checkWebhookUrl(job.webhookUrl, caller, addressPolicy);
        const { job: created, payment } = await createJob({
          ...jobDeps,
          caller,
          job,
          mode: 'queue',
        });
        return c.json(accepted(created, payment), 202);
      },
    )
    .post('/:id/rerun', validate('json', rerunRequestSchema), async (c) => {
      const caller = await callerOf(c, deps);
      const request = c.req.valid('json');
      const webhookUrl = await checkWebhookUrl(request.webhook_url, caller, addressPolicy);
      const { job: created, payment } = await rerunJob({
        ...jobDeps,
        caller,
        viewer: viewerOf(caller),
        jobId: c.req.param('id'),
        request,
        webhookUrl,
        lookup: templateLookup(db, userIdOf(caller)),
      });
      return c.json(accepted(created, payment), 202);
    })
    .get('/limits', (c) => {
      const limits: JobLimits = {
        max_documents: env.BATCH_MAX_DOCUMENTS,
        max_upload_megabytes: env.BATCH_MAX_UPLOAD_MB,
        max_file_megabytes: env.MAX_UPLOAD_MB,
      };
      return c.json(limits);
    })
    .get('/', validate('query', jobListQuerySchema), async (c) => {
      const { limit, offset } = c.req.valid('query');
      return c.json(await listJobs({ db, viewer: await viewer(c), limit, offset }));
    })
    .get('/:id', async (c) =>
      c.json(await getJob({ db, viewer: await viewer(c), jobId: c.req.param('id') })),
    )
    .get('/:id/events', async (c) => {
      await heavyTurn();
      const jobViewer = await viewer(c);
      const job = await findOwnedJob(db, jobViewer, c.req.param('id'));
      assertResultsKept(job);
      const lastEventId = Number(c.req.header('last-event-id') ?? c.req.query('after') ?? 0);
      const close = eventStreams.open(jobViewer);
      const signal = c.req.raw.signal;
      return streamSSE(c, async (stream) => {
        try {
          const after = lastEventId || 0;
          await streamJobEvents(streamDeps, { job, after, stream, signal });
        } catch (error) {
          // The connection or the database went away mid-stream; the client resumes later.
          if (!signal.aborted) deps.logger.warn({ err: error }, 'job event stream stopped');
        } finally {
          close();
        }
      });
    })
    .get('/:id/result', validate('query', jobResultQuerySchema), async (c) => {
      await heavyTurn();
      const job = await findOwnedJob(db, await viewer(c), c.req.param('id'));
      assertResultsKept(job);
      const { format, shape, bom, tz, include_fallback } = c.req.valid('query');
      const file = await exportJobResult({
        reading,
        queries: heavyQueries,
        exportPool: deps.exportPool,
        job,
        format,
        shape,
        bom,
        timeZone: tz,
        withFallback: include_fallback,
        signal: c.req.raw.signal,
      });
      c.header('Content-Type', EXPORT_MIME_TYPES[format]);
      if (file.fileName !== null)
        c.header('Content-Disposition', `attachment; filename="${file.fileName}"`);
      return c.body(file.bytes);
    })
    .get('/:id/documents/:documentId/result', async (c) => {
      const job = await findOwnedJob(db, await viewer(c), c.req.param('id'));
      return c.json(
        await getDocumentResult(reading, { job, documentId: c.req.param('documentId') }),
      );
    })
    .get(
      '/:id/documents/:documentId/pages/:page',
      validate('param', pageParamSchema),
      async (c) => {
        const { id, documentId, page } = c.req.valid('param');
        const picture = await getPagePicture({
          db,
          storage: deps.storage,
          viewer: await viewer(c),
          jobId: id,
          documentId,
          page,
        });
        return c.body(picture.bytes.slice().buffer, 200, {
          'Content-Type': picture.mimeType,
          'Cache-Control': 'private, max-age=3600',
        });
      },
    )
    .delete('/:id', async (c) =>
      c.json(await cancelJob(finishDeps, { viewer: await viewer(c), jobId: c.req.param('id') })),
    )
    .delete('/:id/documents/:documentId', async (c) =>
      c.json(
        await cancelDocument(finishDeps, {
          viewer: await viewer(c),
          jobId: c.req.param('id'),
          documentId: c.req.param('documentId'),
        }),
      ),
    );
}
