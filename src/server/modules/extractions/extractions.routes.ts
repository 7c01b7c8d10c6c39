import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { AppError, type ApiErrorBody } from '../../../shared/errors';
import type { ExtractionProgress } from '../../../shared/extraction';
import { inputGuards } from '../../http/input-guards';
import type { AppBindings, AppDeps } from '../../http/types';
import { templateLookup } from '../extractors/template-columns';
import { callerOf, userIdOf } from '../jobs/job-caller';
import { jobRunDepsOf } from '../jobs/job-run-deps';
import { startDirectExtraction } from '../jobs/run-direct-extraction';
import { trialLimitsOf } from '../trial/trial-subject';
import { parseExtractionRequest } from './parse-extraction-request';

/**
 * POST /api/extractions: content + columns (and the document's fields and rules) → rows, fields
 * and checks. With `Accept: text/event-stream` the same run
 * streams `progress` events and ends with a `result` (or `error`) event. Each run is paid for by
 * a credit (signed in) or a free trial run (anonymous), reserved before any work starts; a refusal
 * (NO_CREDITS, TRIAL_LIMIT_REACHED) is a plain JSON error, never a stream. Underneath, a run is a
 * one-document job run in this request; the stream's first event (`job`) names it. A caller who
 * goes away does not stop it: it runs to its end and is listed like any job, and only
 * DELETE /api/jobs/{id} cancels it (docs/decisions/024-runs-outlive-their-page.md).
 */
export function createExtractionsRoutes(
  deps: Pick<
    AppDeps,
    | 'env'
    | 'db'
    | 'readPool'
    | 'model'
    | 'auth'
    | 'storage'
    | 'secret'
    | 'logger'
    | 'jobQueue'
    | 'workerId'
  >,
) {
  const { env, db, readPool } = deps;
  const runDeps = {
    ...jobRunDepsOf(deps),
    queue: deps.jobQueue,
    signupCredits: env.SIGNUP_CREDITS,
    trialLimits: trialLimitsOf(env),
  };
  return new Hono<AppBindings>().post('/', ...inputGuards({ env, db }), async (c) => {
    const caller = await callerOf(c, deps);
    const lookup = templateLookup(db, userIdOf(caller));
    const request = await parseExtractionRequest(c.req.raw, lookup, env.BODY_LIMIT_KB);
    // Refused now, before anything is reserved or streamed, rather than in the middle of a run.
    readPool.assertCapacity(request.source);
    const { jobId, run } = await startDirectExtraction({
      deps: { ...runDeps, logger: c.get('logger') },
      caller,
      request,
    });

    if (!(c.req.header('accept') ?? '').includes('text/event-stream')) {
      const result = await run();
      c.get('logger').info(
        {
          status: result.status,
          rows: result.rows.length,
          engine: result.engine,
          calls: result.usage.calls,
        },
        'extraction finished',
      );
      return c.json(result, result.status);
    }
    return streamSSE(c, async (stream) => {
      // First the job, so that the caller can cancel it (DELETE /api/jobs/{id}) or find it again.
      // Not awaited: a caller slow to read must not hold the run back (the writes keep their order).
      void stream.writeSSE({ event: 'job', data: JSON.stringify({ job_id: jobId }) });
      try {
        const result = await run({
          onProgress: (event: ExtractionProgress) =>
            void stream.writeSSE({ event: 'progress', data: JSON.stringify(event) }),
        });
        await stream.writeSSE({ event: 'result', data: JSON.stringify(result) });
      } catch (error) {
        const appError =
          error instanceof AppError ? error : new AppError('INTERNAL', { cause: error });
        if (!(error instanceof AppError))
          c.get('logger').error({ err: error }, 'extraction failed');
        const body: ApiErrorBody = {
          error: { code: appError.code, message: appError.message, requestId: c.get('requestId') },
        };
        await stream.writeSSE({ event: 'error', data: JSON.stringify(body) });
      }
    });
  });
}
