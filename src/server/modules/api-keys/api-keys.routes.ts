import { Hono } from 'hono';
import { createApiKeySchema, type RevokedApiKey } from '../../../shared/api-keys';
import { AppError } from '../../../shared/errors';
import { requireSessionUser, type SignedInBindings } from '../../auth/session';
import type { AppDeps } from '../../http/types';
import { validate } from '../../http/validate';
import { addApiKey } from './add-api-key';
import { deleteApiKey, listApiKeys } from './api-keys.queries';

/** /api/keys: the signed-in user's API keys, managed from a browser session only. */
export function createApiKeysRoutes({ db, auth }: Pick<AppDeps, 'db' | 'auth'>) {
  return new Hono<SignedInBindings>()
    .use(requireSessionUser(auth))
    .get('/', async (c) => c.json({ keys: await listApiKeys(db, c.get('user').id) }))
    .post('/', validate('json', createApiKeySchema), async (c) => {
      const userId = c.get('user').id;
      const created = await addApiKey({ db, userId, name: c.req.valid('json').name });
      c.get('logger').info({ userId, keyId: created.id }, 'api key created');
      return c.json(created, 201);
    })
    .delete('/:id', async (c) => {
      const userId = c.get('user').id;
      if (!(await deleteApiKey(db, userId, c.req.param('id')))) throw new AppError('NOT_FOUND');
      c.get('logger').info({ userId, keyId: c.req.param('id') }, 'api key revoked');
      return c.json({ revoked: true } satisfies RevokedApiKey);
    });
}
