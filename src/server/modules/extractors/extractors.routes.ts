import { Hono } from 'hono';
import type { z } from 'zod';
import type { Deleted } from '../../../shared/account';
import { AppError } from '../../../shared/errors';
import {
  automationInputSchema,
  extractorInputSchema,
  scheduleInputSchema,
  type AutomationSettings,
  type Extractor,
  type ScheduleRows,
  type ScheduleRun,
} from '../../../shared/extractors';
import { jobResultQuerySchema } from '../../../shared/jobs';
import { EXPORT_MIME_TYPES, rowObjects, toCsv, toXlsx } from '../../../shared/table-export';
import { requireUser, type SignedInBindings } from '../../auth/session';
import { addressPolicyOf } from '../../extraction/read-settings';
import type { AppDeps } from '../../http/types';
import { validate } from '../../http/validate';
import { keptRowsTable } from '../schedules/kept-rows-table';
import { removeSchedule } from '../schedules/remove-schedule';
import { countSchedules } from '../schedules/count-schedules';
import { runScheduleNow } from '../schedules/run-schedule-now';
import { setSchedule } from '../schedules/set-schedule';
import { checkWebhookUrl } from '../webhooks/check-webhook-url';
import { createExtractor } from './create-extractor';
import { toExtractors } from './extractor-view';
import {
  deleteExtractor,
  findExtractor,
  isNameTaken,
  listExtractors,
  replaceInboxToken,
  updateAutomation,
  updateExtractor,
  type ExtractorFields,
  type ExtractorRecord,
} from './extractors.queries';

/** The body of a create or an edit (checked as a run's definition is: recordDefinitionSchema). */
function fieldsOf(body: z.output<typeof extractorInputSchema>): ExtractorFields {
  const { name, columns, fields, rules, description } = body;
  return { name, columns, fields, rules, description };
}

/** /api/extractors: the signed-in user's saved extractors (session or API key). */
export function createExtractorsRoutes(
  deps: Pick<AppDeps, 'db' | 'auth' | 'env' | 'jobQueue' | 'logger' | 'storage' | 'clock'>,
) {
  const { db, auth, env } = deps;
  const scheduleDeps = { ...deps, queue: deps.jobQueue, now: deps.clock };
  const domain = env.INBOUND_EMAIL_DOMAIN;
  const addressPolicy = addressPolicyOf(env);
  const view = async (record: ExtractorRecord | null): Promise<Extractor> => {
    if (!record) throw new AppError('NOT_FOUND');
    const [extractor] = await toExtractors(db, [record], domain);
    return extractor!;
  };
  const owned = async (userId: string, id: string) => {
    const found = await findExtractor(db, userId, id);
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  };
  return new Hono<SignedInBindings>()
    .use(requireUser(auth))
    .get('/', async (c) => {
      const records = await listExtractors(db, c.get('user').id);
      return c.json({ extractors: await toExtractors(db, records, domain) });
    })
    .post('/', validate('json', extractorInputSchema), async (c) => {
      const fields = fieldsOf(c.req.valid('json'));
      const created = await createExtractor({ db, userId: c.get('user').id, fields });
      return c.json(await view(created), 201);
    })
    .get('/automation', async (c) => {
      const settings: AutomationSettings = {
        is_receiving_mail: env.INBOUND_SMTP_PORT !== undefined,
        inbox_domain: domain,
        can_reply: Boolean(env.SMTP_URL),
        max_schedules: env.SCHEDULES_PER_USER,
        schedules_in_use: await countSchedules(db, c.get('user').id),
      };
      return c.json(settings);
    })
    .get('/:id', async (c) => c.json(await view(await owned(c.get('user').id, c.req.param('id')))))
    .put('/:id', validate('json', extractorInputSchema), async (c) => {
      const userId = c.get('user').id;
      const id = c.req.param('id');
      const fields = fieldsOf(c.req.valid('json'));
      await owned(userId, id);
      if (await isNameTaken(db, userId, fields.name, id))
        throw new AppError('EXTRACTOR_NAME_TAKEN', { params: { name: fields.name } });
      return c.json(await view(await updateExtractor(db, userId, id, fields)));
    })
    .delete('/:id', async (c) => {
      if (!(await deleteExtractor(db, c.get('user').id, c.req.param('id'))))
        throw new AppError('NOT_FOUND');
      return c.json({ deleted: true } satisfies Deleted);
    })
    .put('/:id/automation', validate('json', automationInputSchema), async (c) => {
      const user = c.get('user');
      const id = c.req.param('id');
      await owned(user.id, id);
      const input = c.req.valid('json');
      const webhookUrl =
        typeof input.webhook_url === 'string'
          ? await checkWebhookUrl(input.webhook_url, { kind: 'user', user }, addressPolicy)
          : input.webhook_url;
      await updateAutomation(db, user.id, id, {
        inbox_senders: input.inbox_senders,
        inbox_is_open: input.inbox_is_open,
        reply_format: input.reply_format,
        webhook_url: webhookUrl,
        hold_for_review: input.hold_for_review,
      });
      return c.json(await view(await findExtractor(db, user.id, id)));
    })
    .post('/:id/inbox-address', async (c) => {
      const userId = c.get('user').id;
      const id = c.req.param('id');
      await owned(userId, id);
      await replaceInboxToken(db, userId, id);
      return c.json(await view(await findExtractor(db, userId, id)));
    })
    .put('/:id/schedule', validate('json', scheduleInputSchema), async (c) => {
      const userId = c.get('user').id;
      const id = c.req.param('id');
      const extractor = await owned(userId, id);
      await setSchedule({
        db,
        userId,
        extractor,
        input: c.req.valid('json'),
        maxSchedules: env.SCHEDULES_PER_USER,
        isAllowedAddress: addressPolicy,
        now: deps.clock(),
      });
      return c.json(await view(await findExtractor(db, userId, id)));
    })
    .post('/:id/schedule/run', async (c) => {
      const userId = c.get('user').id;
      const id = c.req.param('id');
      await owned(userId, id);
      const job = await runScheduleNow(scheduleDeps, id);
      const answer: ScheduleRun = {
        job,
        extractor: await view(await findExtractor(db, userId, id)),
      };
      return c.json(answer, 202);
    })
    .delete('/:id/schedule', async (c) => {
      const userId = c.get('user').id;
      const id = c.req.param('id');
      await owned(userId, id);
      if (!(await removeSchedule({ db, extractorId: id }))) throw new AppError('NOT_FOUND');
      return c.json(await view(await findExtractor(db, userId, id)));
    })
    .get('/:id/schedule/rows', validate('query', jobResultQuerySchema), async (c) => {
      const extractor = await owned(c.get('user').id, c.req.param('id'));
      const table = await keptRowsTable(db, extractor.id, extractor.columns);
      const { format } = c.req.valid('query');
      if (format === 'json') {
        const rows: ScheduleRows = { columns: table.columns, rows: rowObjects(table) };
        return c.json(rows);
      }
      c.header('Content-Type', EXPORT_MIME_TYPES[format]);
      c.header('Content-Disposition', `attachment; filename="rowsmith-schedule.${format}"`);
      if (format === 'csv') return c.body(toCsv(table));
      return c.body(await toXlsx(table, { sheetName: 'Rows found' }));
    });
}
