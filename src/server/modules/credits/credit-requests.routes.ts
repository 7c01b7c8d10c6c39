import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { creditRequestInputSchema } from '../../../shared/credit-requests';
import { AppError } from '../../../shared/errors';
import { requireUser, type SignedInBindings } from '../../auth/session';
import type { AppDeps } from '../../http/types';
import { validate } from '../../http/validate';
import { listOwnCreditRequests } from './list-own-credit-requests';
import { requestCredits } from './request-credits';

/** /api/credit-requests: a signed-in user asks for more credits, and sees their requests. */
export function createCreditRequestsRoutes({ db, auth }: Pick<AppDeps, 'db' | 'auth'>) {
  return new Hono<SignedInBindings>()
    .use(requireUser(auth))
    .get('/', async (c) => c.json(await listOwnCreditRequests({ db, userId: c.get('user').id })))
    .post(
      '/',
      bodyLimit({
        maxSize: 16 * 1024,
        onError: () => {
          throw new AppError('PAYLOAD_TOO_LARGE');
        },
      }),
      validate('json', creditRequestInputSchema),
      async (c) => {
        const request = await requestCredits({
          db,
          logger: c.get('logger'),
          userId: c.get('user').id,
          input: c.req.valid('json'),
        });
        return c.json(request, 201);
      },
    );
}
