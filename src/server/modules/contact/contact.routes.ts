import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../../../shared/errors';
import { contactMessageSchema } from '../../../shared/contact';
import { rateLimit } from '../../http/rate-limit';
import type { AppBindings, AppDeps } from '../../http/types';
import { validate } from '../../http/validate';
import { submitContactMessage } from './submit-contact-message';

export function createContactRoutes({ db, env }: Pick<AppDeps, 'db' | 'env'>) {
  return new Hono<AppBindings>().post(
    '/',
    bodyLimit({
      maxSize: 32 * 1024,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE');
      },
    }),
    rateLimit({
      db,
      bucket: 'contact',
      limit: env.CONTACT_RATE_LIMIT,
      windowSeconds: env.CONTACT_RATE_WINDOW_SECONDS,
      trustProxy: env.TRUST_PROXY,
      code: 'CONTACT_RATE_LIMITED',
    }),
    validate('json', contactMessageSchema),
    async (c) => {
      const received = await submitContactMessage({
        db,
        logger: c.get('logger'),
        message: c.req.valid('json'),
      });
      return c.json(received, 201);
    },
  );
}
