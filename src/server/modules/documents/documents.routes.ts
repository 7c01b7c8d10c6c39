import { Hono } from 'hono';
import { readQuerySchema } from '../../../shared/read-request';
import { readInput, toDocumentJson } from '../../extraction/read-input';
import { readSettingsFromEnv } from '../../extraction/read-settings';
import { inputGuards } from '../../http/input-guards';
import type { AppBindings, AppDeps } from '../../http/types';
import { validate } from '../../http/validate';
import { sourceFromRequest } from './source-from-request';

export function createDocumentsRoutes({
  env,
  db,
  readPool,
}: Pick<AppDeps, 'env' | 'db' | 'readPool'>) {
  const settings = readSettingsFromEnv(env);
  return new Hono<AppBindings>().post(
    '/read',
    ...inputGuards({ env, db }),
    validate('query', readQuerySchema),
    async (c) => {
      const source = await sourceFromRequest(c.req.raw);
      const document = await readInput({
        source,
        settings,
        pool: readPool,
        signal: c.req.raw.signal,
      });
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
