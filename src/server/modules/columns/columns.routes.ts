import { Hono } from 'hono';
import { readInput } from '../../extraction/read-input';
import { readSettingsFromEnv } from '../../extraction/read-settings';
import { suggestColumns } from '../../extraction/suggest-columns';
import { inputGuards } from '../../http/input-guards';
import type { AppBindings, AppDeps } from '../../http/types';
import { sourceFromRequest } from '../documents/source-from-request';

/** POST /api/columns/suggest: the same input as a read; answers `{ columns, engine }`. */
export function createColumnsRoutes({
  env,
  db,
  readPool,
  model,
}: Pick<AppDeps, 'env' | 'db' | 'readPool' | 'model'>) {
  const settings = readSettingsFromEnv(env);
  return new Hono<AppBindings>().post('/suggest', ...inputGuards({ env, db }), async (c) => {
    const source = await sourceFromRequest(c.req.raw);
    const signal = c.req.raw.signal;
    const document = await readInput({ source, settings, pool: readPool, signal });
    return c.json(await suggestColumns({ document, model, signal }), 200);
  });
}
