import { Hono } from 'hono';
import type { AppBindings, AppDeps } from '../../http/types';
import { getTrialStanding } from './get-trial-status';
import { trialLimitsOf, trialSubjectOf } from './trial-subject';

/**
 * GET /api/trial: how many free runs this anonymous visitor has left, whose ran out when none
 * are (its own, or its network's), and what an account starts with (for the trial banner).
 */
export function createTrialRoutes({ env, db, secret }: Pick<AppDeps, 'env' | 'db' | 'secret'>) {
  return new Hono<AppBindings>().get('/', async (c) => {
    const subject = trialSubjectOf(c, env, secret);
    c.header('Cache-Control', 'no-store');
    const limits = trialLimitsOf(env);
    return c.json(
      await getTrialStanding({ db, subject, limits, signupCredits: env.SIGNUP_CREDITS }),
    );
  });
}
