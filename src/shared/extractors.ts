import { z } from 'zod';
import { columnDefinitionSchema } from './columns';
import { inboxSendersSchema } from './inbox-senders';
import { jobSchema } from './jobs';
import { recordDefinitionSchema, rulesSchema } from './records';
import { extractedRowSchema } from './rows';

/**
 * A saved extractor: columns, document fields and rules (at least one column or field) and a
 * description kept under a name, to run again by its id.
 */
export const extractorInputSchema = recordDefinitionSchema
  .safeExtend({
    name: z
      .string()
      .trim()
      .min(1, 'Give the extractor a name.')
      .max(80, 'Use at most 80 characters.'),
    description: z
      .string()
      .trim()
      .max(1000, 'Please keep the description under 1000 characters.')
      .optional(),
  })
  .strict();
export type ExtractorInput = z.input<typeof extractorInputSchema>;

/** A user may keep this many extractors. */
export const MAX_EXTRACTORS_PER_USER = 100;

/** How an inbox answers the sender of a mail: the table as a CSV or XLSX attachment. */
export const REPLY_FORMATS = ['csv', 'xlsx'] as const;
export type ReplyFormat = (typeof REPLY_FORMATS)[number];

/** How often a scheduled web page runs. */
export const SCHEDULE_INTERVALS = ['hourly', 'daily', 'weekly'] as const;
export type ScheduleInterval = (typeof SCHEDULE_INTERVALS)[number];

export const extractorScheduleSchema = z.object({
  url: z.string(),
  every: z.enum(SCHEDULE_INTERVALS),
  status: z
    .enum(['active', 'paused'])
    .describe('`paused` after repeated failed runs (see `paused_reason`); PUT it again to resume.'),
  next_run_at: z.string().nullable().describe('When it runs next; null while paused.'),
  last_run_at: z.string().nullable(),
  last_job_id: z.string().nullable().describe('The job of the last run, in GET /api/jobs/{id}.'),
  is_running: z.boolean().describe('Whether the last run’s job is still going.'),
  failures: z.number().int().describe('Runs in a row that did not succeed.'),
  paused_reason: z.string().nullable(),
  key_columns: z
    .array(z.string())
    .describe(
      'The columns that identify a row: a row whose key an earlier run found replaces that row instead of being added. Empty: a row is new unless every value matches one found before.',
    ),
  rows: z
    .number()
    .int()
    .describe('Rows found so far, each once: GET /api/extractors/{id}/schedule/rows.'),
  rows_waiting_for_review: z
    .number()
    .int()
    .describe(
      'Rows found by runs held for review (hold_for_review): they join `rows` once each flagged value of their run is accepted or corrected.',
    ),
});
export type ExtractorSchedule = z.output<typeof extractorScheduleSchema>;

/** What the server does with an extractor on its own: mail in, replies, webhooks, a schedule. */
export const extractorAutomationSchema = z.object({
  inbox_address: z
    .string()
    .describe(
      'Mail sent here becomes a job of this extractor: its attachments, and its body when it holds a table.',
    ),
  inbox_senders: z
    .array(z.string())
    .describe(
      'Who besides the owner’s own account address may mail the inbox: addresses (`ada@example.com`) and whole domains (`@example.com`). Mail from anyone else is refused (550 5.7.1), both by its envelope sender and its From header.',
    ),
  inbox_is_open: z
    .boolean()
    .describe(
      'Whether the inbox takes mail from anyone; an open inbox sends no replies, since a sender’s address cannot be trusted.',
    ),
  reply_format: z
    .enum(REPLY_FORMATS)
    .nullable()
    .describe(
      'The table attached, as CSV or XLSX, to the reply each allowed sender gets (needs SMTP_URL; none while the inbox is open); null: the reply says what was read, without the table.',
    ),
  webhook_url: z
    .string()
    .nullable()
    .describe('Told when a job made by the inbox or the schedule ends.'),
  hold_for_review: z
    .boolean()
    .describe(
      'Whether the reply, the webhook and the collected rows of a job made by the inbox or the schedule wait, when some of its values are flagged, until every flagged value is accepted or corrected; they then carry the corrections.',
    ),
  schedule: extractorScheduleSchema.nullable(),
  collected_rows: z
    .number()
    .int()
    .describe(
      'Rows its schedule has collected (GET /api/extractors/{id}/schedule/rows): they stay after the schedule is removed, until the extractor is deleted or a new collection is started.',
    ),
});

/** A saved extractor with what it does on its own, as the API answers it. */
export const extractorSchema = z.object({
  id: z.string(),
  name: z.string(),
  columns: z.array(columnDefinitionSchema),
  fields: z
    .array(columnDefinitionSchema)
    .describe('The document’s own fields (one value per document) its runs ask for.'),
  rules: rulesSchema.describe('Rules checked across the fields and columns of each document.'),
  description: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  ...extractorAutomationSchema.shape,
});
export type Extractor = z.output<typeof extractorSchema>;

export const extractorListSchema = z.object({ extractors: z.array(extractorSchema) });

/** PUT /api/extractors/{id}/automation: what is left out stays as it is; null turns it off. */
export const automationInputSchema = z.strictObject({
  inbox_senders: inboxSendersSchema
    .optional()
    .describe(
      'The whole list of who besides the owner may mail the inbox: addresses (`ada@example.com`) and domains (`@example.com` or `example.com`), at most 50; kept in lower case, each once.',
    ),
  inbox_is_open: z
    .boolean()
    .optional()
    .describe('true: anyone may mail the inbox, and nobody gets a reply.'),
  reply_format: z.enum(REPLY_FORMATS).nullable().optional(),
  webhook_url: z
    .url({ protocol: /^https?$/, error: 'Use an http or https address.' })
    .max(2048)
    .nullable()
    .optional(),
  hold_for_review: z
    .boolean()
    .optional()
    .describe('true: replies and webhooks wait until no value of the job is flagged.'),
});
export type AutomationInput = z.input<typeof automationInputSchema>;

/** PUT /api/extractors/{id}/schedule: a public web page and how often to run it. */
export const scheduleInputSchema = z.strictObject({
  url: z
    .url({ protocol: /^https?$/, error: 'Use an http or https address.' })
    .max(2048, 'Use an address of at most 2048 characters.'),
  every: z.enum(SCHEDULE_INTERVALS, { error: 'Choose hourly, daily or weekly.' }),
  key_columns: z
    .array(z.string().min(1).max(200))
    .max(10, 'Choose at most 10 key columns.')
    .optional()
    .describe(
      'Names of the extractor’s columns that identify a row (an invoice number, a transaction id): a later row with the same key updates the collected one. Left out: kept as it was; `[]`: no key.',
    ),
  new_collection: z
    .boolean()
    .optional()
    .describe(
      'true: the rows collected so far are deleted and the collection starts again (for a new page address, say); left out or false: new rows join them.',
    ),
});
export type ScheduleInput = z.input<typeof scheduleInputSchema>;

/** POST /api/extractors/{id}/schedule/run: the run started now, and the extractor after it. */
export const scheduleRunSchema = z.object({
  job: jobSchema
    .nullable()
    .describe(
      'The run’s job, as GET /api/jobs/{id} shows it: `failed` at once when the owner has no credits left.',
    ),
  extractor: extractorSchema,
});
export type ScheduleRun = z.output<typeof scheduleRunSchema>;

/** What this server offers for automation (GET /api/extractors/automation). */
export const automationSettingsSchema = z.object({
  is_receiving_mail: z.boolean().describe('Whether this server runs the SMTP receiver.'),
  inbox_domain: z.string(),
  can_reply: z.boolean().describe('Whether replies can be sent (SMTP_URL is set).'),
  max_schedules: z.number().int(),
  schedules_in_use: z.number().int(),
});
export type AutomationSettings = z.output<typeof automationSettingsSchema>;

/** GET /api/extractors/{id}/schedule/rows as JSON: each row a schedule found, once, in order. */
export const scheduleRowsSchema = z.object({
  columns: z
    .array(columnDefinitionSchema)
    .describe('The extractor’s columns, then `first_seen`: when a run first found the row.'),
  rows: z.array(extractedRowSchema),
});
export type ScheduleRows = z.output<typeof scheduleRowsSchema>;
