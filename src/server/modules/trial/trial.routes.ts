import { Hono } from 'hono';
import type { AppBindings, AppDeps } from '../../http/types';
import { getTrialStatus } from './get-trial-status';
import { trialLimitsOf, trialSubjectOf } from './trial-subject';

/** GET /api/trial: how many free runs this anonymous visitor has left (for the trial banner). */
export function createTrialRoutes({ env, db, secret }: Pick<AppDeps, 'env' | 'db' | 'secret'>) {
  return new Hono<AppBindings>().get('/', async (c) => {
    const subject = trialSubjectOf(c, env, secret);
    c.header('Cache-Control', 'no-store');
    return c.json(await getTrialStatus({ db, subject, limits: trialLimitsOf(env) }));
  });
}
