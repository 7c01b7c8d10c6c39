import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { AppError, type ApiErrorBody } from '../../../shared/errors';
import { extractionSettingsFromEnv } from '../../extraction/extraction-settings';
import { runExtraction, type ExtractionProgress } from '../../extraction/run-extraction';
import { inputGuards } from '../../http/input-guards';
import type { AppBindings, AppDeps } from '../../http/types';
import { parseExtractionRequest } from './parse-extraction-request';

/**
 * POST /api/extractions: content + columns → rows. With `Accept: text/event-stream` the same run
 * streams `progress` events and ends with a `result` (or `error`) event. Accounts and credits
 * (the next issue) hook in here, around `runExtraction`.
 */
export function createExtractionsRoutes({
  env,
  db,
  ocr,
  model,
}: Pick<AppDeps, 'env' | 'db' | 'ocr' | 'model'>) {
  const settings = extractionSettingsFromEnv(env);
  return new Hono<AppBindings>().post('/', ...inputGuards({ env, db }), async (c) => {
    const request = await parseExtractionRequest(c.req.raw);
    const signal = c.req.raw.signal;
    const run = (onProgress?: (event: ExtractionProgress) => void) =>
      runExtraction({ ...request, settings, model, ocr, signal, onProgress });

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
