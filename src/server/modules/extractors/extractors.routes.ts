import { Hono } from 'hono';
import { z } from 'zod';
import type { Deleted } from '../../../shared/account';
import { columnsSchema } from '../../../shared/columns';
import { AppError } from '../../../shared/errors';
import { extractorInputSchema, MAX_EXTRACTORS_PER_USER } from '../../../shared/extractors';
import { requireUser, type SignedInBindings } from '../../auth/session';
import type { AppDeps } from '../../http/types';
import { validate } from '../../http/validate';
import {
  countExtractors,
  deleteExtractor,
  findExtractor,
  insertExtractor,
  isNameTaken,
  listExtractors,
  updateExtractor,
  type ExtractorFields,
} from './extractors.queries';

/** The body of a create or an edit, with the columns checked as a run checks them. */
function fieldsOf(body: z.output<typeof extractorInputSchema>): ExtractorFields {
  const columns = columnsSchema.safeParse(body.columns);
  if (!columns.success)
    throw new AppError('VALIDATION_FAILED', { details: z.flattenError(columns.error) });
  return { name: body.name, columns: columns.data, description: body.description };
}

/** /api/extractors: the signed-in user's saved extractors (session or API key). */
export function createExtractorsRoutes({ db, auth }: Pick<AppDeps, 'db' | 'auth'>) {
  return new Hono<SignedInBindings>()
    .use(requireUser(auth))
    .get('/', async (c) => c.json({ extractors: await listExtractors(db, c.get('user').id) }))
    .post('/', validate('json', extractorInputSchema), async (c) => {
      const userId = c.get('user').id;
      const fields = fieldsOf(c.req.valid('json'));
      if ((await countExtractors(db, userId)) >= MAX_EXTRACTORS_PER_USER)
        throw new AppError('EXTRACTOR_LIMIT_REACHED', {
          params: { limit: MAX_EXTRACTORS_PER_USER },
        });
      if (await isNameTaken(db, userId, fields.name))
        throw new AppError('EXTRACTOR_NAME_TAKEN', { params: { name: fields.name } });
      return c.json(await insertExtractor(db, userId, fields), 201);
    })
    .get('/:id', async (c) => {
      const found = await findExtractor(db, c.get('user').id, c.req.param('id'));
      if (!found) throw new AppError('NOT_FOUND');
      return c.json(found);
    })
    .put('/:id', validate('json', extractorInputSchema), async (c) => {
      const userId = c.get('user').id;
      const id = c.req.param('id');
      const fields = fieldsOf(c.req.valid('json'));
      if (!(await findExtractor(db, userId, id))) throw new AppError('NOT_FOUND');
      if (await isNameTaken(db, userId, fields.name, id))
        throw new AppError('EXTRACTOR_NAME_TAKEN', { params: { name: fields.name } });
      return c.json(await updateExtractor(db, userId, id, fields));
    })
    .delete('/:id', async (c) => {
      if (!(await deleteExtractor(db, c.get('user').id, c.req.param('id'))))
        throw new AppError('NOT_FOUND');
      return c.json({ deleted: true } satisfies Deleted);
    });
}
