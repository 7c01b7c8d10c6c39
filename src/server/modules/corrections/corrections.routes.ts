import { Hono } from 'hono';
import { correctionsRequestSchema } from '../../../shared/review';
import type { AppBindings, AppDeps } from '../../http/types';
import { validate } from '../../http/validate';
import { callerOf, userIdOf, viewerOf } from '../jobs/job-caller';
import { createCorrections } from './create-corrections';
import { deleteCorrection } from './delete-correction';
import { listCorrections } from './list-corrections';

/**
 * /api/jobs/:id/corrections: the owner's corrections of a job's cells (a signed-in user's jobs,
 * or an anonymous visitor's own); another person's job answers 404 like any job.
 */
export function createCorrectionsRoutes(deps: Pick<AppDeps, 'env' | 'db' | 'auth' | 'secret'>) {
  const reading = { db: deps.db, reviewThreshold: deps.env.REVIEW_THRESHOLD };
  const jobId = (c: { req: { param: (name: 'id') => string | undefined } }) =>
    c.req.param('id') ?? '';
  return new Hono<AppBindings>()
    .get('/', async (c) => {
      const viewer = viewerOf(await callerOf(c, deps));
      return c.json(await listCorrections(reading, { viewer, jobId: jobId(c) }));
    })
    .post('/', validate('json', correctionsRequestSchema), async (c) => {
      const caller = await callerOf(c, deps);
      const response = await createCorrections(reading, {
        viewer: viewerOf(caller),
        userId: userIdOf(caller),
        jobId: jobId(c),
        corrections: c.req.valid('json').corrections,
      });
      return c.json(response);
    })
    .delete('/:correctionId', async (c) => {
      const viewer = viewerOf(await callerOf(c, deps));
      const correctionId = c.req.param('correctionId');
      return c.json(await deleteCorrection(reading, { viewer, jobId: jobId(c), correctionId }));
    });
}
