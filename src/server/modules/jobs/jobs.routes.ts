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
import { EXPORT_MIME_TYPES, rowObjects, toCsv, toXlsx } from '../../../shared/table-export';
import { rateLimit } from '../../http/rate-limit';
import type { AppBindings, AppDeps } from '../../http/types';
import { validate } from '../../http/validate';
import { trialLimitsOf } from '../trial/trial-subject';
import { cancelJob } from './cancel-job';
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
import { streamJobEvents } from './stream-job-events';
import { getDocumentResult, getJob, listJobs } from './get-job';
import { buildJobTable } from './job-table';
import { parseJobRequest } from './parse-job-request';

const MB = 1024 * 1024;

const pageParamSchema = z.object({
  id: z.string(),
  documentId: z.string(),
  page: z.coerce.number().int().positive().max(10_000),
});

type JobsDeps = Pick<
  AppDeps,
  'env' | 'db' | 'auth' | 'secret' | 'storage' | 'logger' | 'jobQueue' | 'workerId'
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
        const job = await parseJobRequest(c.req.raw, templateLookup(db, userIdOf(caller)));
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
      const job = await findOwnedJob(db, await viewer(c), c.req.param('id'));
      const lastEventId = Number(c.req.header('last-event-id') ?? c.req.query('after') ?? 0);
      return streamSSE(c, (stream) =>
        streamJobEvents({
          reading,
          jobId: job.id,
          after: lastEventId || 0,
          stream,
          signal: c.req.raw.signal,
        }),
      );
    })
    .get('/:id/result', validate('query', jobResultQuerySchema), async (c) => {
      const job = await findOwnedJob(db, await viewer(c), c.req.param('id'));
      assertResultsKept(job);
      const { format, include_fallback } = c.req.valid('query');
      const table = await buildJobTable(reading, job, { withFallback: include_fallback });
      if (format === 'json') {
        const { columns, cells, origins, review } = table;
        return c.json({ columns, rows: rowObjects(table), cells, origins, review });
      }
      const name = `rowsmith-job-${job.created_at.slice(0, 10)}.${format}`;
      c.header('Content-Type', EXPORT_MIME_TYPES[format]);
      c.header('Content-Disposition', `attachment; filename="${name}"`);
      if (format === 'csv') return c.body(toCsv(table));
      return c.body(await toXlsx(table, { sheetName: 'All documents', sheets: table.documents }));
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
    );
}
