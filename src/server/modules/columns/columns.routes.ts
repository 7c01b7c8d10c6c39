import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../../../shared/errors';
import { readInput } from '../../extraction/read-input';
import { readSettingsFromEnv } from '../../extraction/read-settings';
import { suggestColumns } from '../../extraction/suggest-columns';
import { rateLimit } from '../../http/rate-limit';
import type { AppBindings, AppDeps } from '../../http/types';
import { sourceFromRequest } from '../documents/source-from-request';

/** POST /api/columns/suggest: the same input as a read; answers `{ columns, engine }`. */
export function createColumnsRoutes({
  env,
  db,
  ocr,
  model,
}: Pick<AppDeps, 'env' | 'db' | 'ocr' | 'model'>) {
  const settings = readSettingsFromEnv(env);
  return new Hono<AppBindings>().post(
    '/suggest',
    bodyLimit({
      maxSize: settings.maxUploadBytes + 64 * 1024,
      onError: () => {
        throw new AppError('FILE_TOO_LARGE', { params: { maxMegabytes: env.MAX_UPLOAD_MB } });
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
      const source = await sourceFromRequest(c.req.raw);
      const signal = c.req.raw.signal;
      const document = await readInput({ source, settings, ocr, signal });
      return c.json(await suggestColumns({ document, model, signal }), 200);
    },
  );
}
