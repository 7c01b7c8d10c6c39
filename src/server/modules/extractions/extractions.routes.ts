import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { AppError, type ApiErrorBody } from '../../../shared/errors';
import { extractionSettingsFromEnv } from '../../extraction/extraction-settings';
import { getSessionUser } from '../../auth/session';
import type { ExtractionProgress } from '../../../shared/extraction';
import { runExtraction } from '../../extraction/run-extraction';
import { inputGuards } from '../../http/input-guards';
import type { AppBindings, AppDeps } from '../../http/types';
import { trialLimitsOf, trialSubjectOf } from '../trial/trial-subject';
import { parseExtractionRequest } from './parse-extraction-request';
import { reserveExtraction, type Caller } from './run-metered-extraction';

/**
 * POST /api/extractions: content + columns → rows. With `Accept: text/event-stream` the same run
 * streams `progress` events and ends with a `result` (or `error`) event. Each run is paid for by
 * a credit (signed in) or a free trial run (anonymous), reserved before any work starts; a refusal
 * (NO_CREDITS, TRIAL_LIMIT_REACHED) is a plain JSON error, never a stream.
 */
export function createExtractionsRoutes({
  env,
  db,
  readPool,
  model,
  auth,
  storage,
  secret,
}: Pick<AppDeps, 'env' | 'db' | 'readPool' | 'model' | 'auth' | 'storage' | 'secret'>) {
  const settings = extractionSettingsFromEnv(env);
  return new Hono<AppBindings>().post('/', ...inputGuards({ env, db }), async (c) => {
    const request = await parseExtractionRequest(c.req.raw);
    // Refused now, before anything is reserved or streamed, rather than in the middle of a run.
    readPool.assertCapacity(request.source);
    const signal = c.req.raw.signal;
    const user = await getSessionUser(auth, c.req.raw.headers);
    const caller: Caller = user
      ? { kind: 'user', user }
      : { kind: 'anonymous', subject: trialSubjectOf(c, env, secret) };
    const metered = await reserveExtraction({
      caller,
      request,
      db,
      storage,
      logger: c.get('logger'),
      signupCredits: env.SIGNUP_CREDITS,
      trialLimits: trialLimitsOf(env),
    });
    const run = (onProgress?: (event: ExtractionProgress) => void) =>
      metered(() => runExtraction({ ...request, settings, model, readPool, signal, onProgress }));

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
      try {
        const result = await run(
          (event) => void stream.writeSSE({ event: 'progress', data: JSON.stringify(event) }),
        );
        await stream.writeSSE({ event: 'result', data: JSON.stringify(result) });
      } catch (error) {
        if (signal.aborted) return;
        const appError =
          error instanceof AppError ? error : new AppError('INTERNAL', { cause: error });
        if (!(error instanceof AppError))
          c.get('logger').error({ err: error }, 'extraction failed');
        const body: ApiErrorBody = {
          error: {
            code: appError.code,
            message: appError.message,
            requestId: c.get('requestId'),
          },
        };
        await stream.writeSSE({ event: 'error', data: JSON.stringify(body) });
      }
    });
  });
}
