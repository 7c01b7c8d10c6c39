import { Hono } from 'hono';
import type { WebhookSecret } from '../../../shared/webhooks';
import { requireSessionUser, type SignedInBindings } from '../../auth/session';
import type { AppDeps } from '../../http/types';
import { rotateWebhookSecret, webhookSecretOf } from './webhook-secrets';

/** /api/webhooks/secret: the signing secret of the user's webhooks, from a browser session only. */
export function createWebhooksRoutes({ db, auth }: Pick<AppDeps, 'db' | 'auth'>) {
  return new Hono<SignedInBindings>()
    .use(requireSessionUser(auth))
    .get('/secret', async (c) => {
      const body: WebhookSecret = { secret: await webhookSecretOf(db, c.get('user').id) };
      return c.json(body);
    })
    .post('/secret/rotate', async (c) => {
      const body: WebhookSecret = { secret: await rotateWebhookSecret(db, c.get('user').id) };
      return c.json(body);
    });
}
