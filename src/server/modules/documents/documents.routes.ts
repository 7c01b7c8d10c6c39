import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { readInput, toDocumentJson } from '../../extraction/read-input';
import { readSettingsFromEnv } from '../../extraction/read-settings';
import { rateLimit } from '../../http/rate-limit';
import type { AppBindings, AppDeps } from '../../http/types';
import { validate } from '../../http/validate';
import { sourceFromRequest } from './source-from-request';

const querySchema = z.object({ images: z.enum(['none', 'data-url']).default('none') });

export function createDocumentsRoutes({ env, db, ocr }: Pick<AppDeps, 'env' | 'db' | 'ocr'>) {
  const settings = readSettingsFromEnv(env);
  return new Hono<AppBindings>().post(
    '/read',
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
    validate('query', querySchema),
    async (c) => {
      const source = await sourceFromRequest(c.req.raw);
      const document = await readInput({ source, settings, ocr, signal: c.req.raw.signal });
      c.get('logger').info(
        {
          fileType: document.metadata.fileType,
          sourceType: document.metadata.sourceType,
          characters: document.metadata.characters,
          tables: document.tables.length,
        },
        'document read',
      );
      return c.json(toDocumentJson(document, c.req.valid('query').images), 200);
    },
  );
}
