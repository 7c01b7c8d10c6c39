import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { readRequestSchema } from '../../../shared/read-request';
import type { InputSource } from '../../extraction/ingest/resolve-source';
import { readInput, toDocumentJson } from '../../extraction/read-input';
import { readSettingsFromEnv } from '../../extraction/read-settings';
import { rateLimit } from '../../http/rate-limit';
import type { AppBindings, AppDeps } from '../../http/types';
import { validate } from '../../http/validate';

const querySchema = z.object({ images: z.enum(['none', 'data-url']).default('none') });

/** A multipart form's `file` field, or the JSON body's text or url. */
async function sourceFromRequest(request: Request): Promise<InputSource> {
  const contentType = request.headers.get('content-type') ?? '';
  if (contentType.startsWith('multipart/form-data')) {
    const form = await request.formData().catch((cause: unknown) => {
      throw new AppError('VALIDATION_FAILED', {
        details: { formErrors: ['The upload could not be read.'] },
        cause,
      });
    });
    const file = form.get('file');
    if (!(file instanceof File)) throw new AppError('NO_CONTENT');
    return {
      kind: 'file',
      bytes: new Uint8Array(await file.arrayBuffer()),
      fileName: file.name || null,
      mimeType: file.type || null,
    };
  }
  const json: unknown = await request.json().catch((cause: unknown) => {
    throw new AppError('INVALID_JSON', { cause });
  });
  const parsed = readRequestSchema.safeParse(json);
  if (!parsed.success) throw new AppError('NO_CONTENT', { details: z.flattenError(parsed.error) });
  return 'text' in parsed.data
    ? { kind: 'text', text: parsed.data.text }
    : { kind: 'url', url: parsed.data.url };
}

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
