import { Hono } from 'hono';
import {
  DELETE_CONFIRMATION,
  type Deleted,
  deleteAccountSchema,
  usageQuerySchema,
} from '../../../shared/account';
import { AppError } from '../../../shared/errors';
import { appUrl } from '../../auth/app-url';
import { requireSessionUser, requireUser, type SignedInBindings } from '../../auth/session';
import type { AppDeps } from '../../http/types';
import { validate } from '../../http/validate';
import { getCredits } from '../credits/get-credits';
import { createDownloadLink } from '../results/download-link';
import { getUsageFilePath, listUsage } from '../usage/list-usage';
import { deleteAccount } from './delete-account';
import { getProfile } from './get-profile';

/** /api/account: the signed-in user's own profile, credits, runs, downloads and deletion. */
export function createAccountRoutes({
  env,
  db,
  auth,
  storage,
  secret,
}: Pick<AppDeps, 'env' | 'db' | 'auth' | 'storage' | 'secret'>) {
  const signupCredits = env.SIGNUP_CREDITS;
  return (
    new Hono<SignedInBindings>()
      .use(requireUser(auth))
      .get('/', async (c) => c.json(await getProfile({ db, userId: c.get('user').id })))
      .get('/credits', async (c) =>
        c.json(await getCredits({ db, userId: c.get('user').id, signupCredits })),
      )
      .get('/usage', validate('query', usageQuerySchema), async (c) => {
        const { limit, offset } = c.req.valid('query');
        return c.json(await listUsage({ db, userId: c.get('user').id, limit, offset }));
      })
      .get('/usage/:id/download', async (c) => {
        const key = await getUsageFilePath({
          db,
          userId: c.get('user').id,
          usageId: c.req.param('id'),
        });
        if (!key) throw new AppError('NOT_FOUND');
        return c.json(createDownloadLink({ secret, appUrl: appUrl(env), key }));
      })
      // A leaked API key must not be able to delete the account.
      .delete('/', requireSessionUser(auth), validate('json', deleteAccountSchema), async (c) => {
        if (c.req.valid('json').confirmation !== DELETE_CONFIRMATION)
          throw new AppError('DELETE_CONFIRMATION_REQUIRED');
        const user = c.get('user');
        await deleteAccount({ db, storage, logger: c.get('logger'), userId: user.id });
        // The session is gone with the account; signing out now clears the browser's cookies.
        const signOut = await auth.api.signOut({ headers: c.req.raw.headers, returnHeaders: true });
        for (const cookie of signOut.headers.getSetCookie())
          c.header('Set-Cookie', cookie, { append: true });
        return c.json({ deleted: true } satisfies Deleted);
      })
  );
}
