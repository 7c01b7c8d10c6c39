import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { ColumnDefinition } from '../../../shared/columns';
import type { ReplyFormat } from '../../../shared/extractors';
import type { Rule } from '../../../shared/records';
import type { Database, ExtractorsTable } from '../../db/schema';

type Db = Kysely<Database>;
export type ExtractorFields = {
  name: string;
  columns: ColumnDefinition[];
  /** The document fields and rules its runs take (records, issue 31). */
  fields: ColumnDefinition[];
  rules: Rule[];
  description?: string | undefined;
};

/** An extractor as stored, with its columns, fields, rules and allowed senders parsed. */
export type ExtractorRecord = Omit<
  Selectable<ExtractorsTable>,
  'columns' | 'fields' | 'rules' | 'inbox_senders' | 'inbox_is_open' | 'hold_for_review'
> & {
  columns: ColumnDefinition[];
  fields: ColumnDefinition[];
  rules: Rule[];
  inbox_senders: string[];
  inbox_is_open: boolean;
  hold_for_review: boolean;
};

/** A new inbox address's local part: 128 random bits, lower-case hex (mail is case-blind). */
export function newInboxToken(): string {
  return randomBytes(16).toString('hex');
}

function toRecord(row: Selectable<ExtractorsTable>): ExtractorRecord {
  return {
    ...row,
    columns: JSON.parse(row.columns) as ColumnDefinition[],
    fields: JSON.parse(row.fields) as ColumnDefinition[],
    rules: JSON.parse(row.rules) as Rule[],
    inbox_senders: JSON.parse(row.inbox_senders) as string[],
    inbox_is_open: Number(row.inbox_is_open) === 1,
    hold_for_review: Number(row.hold_for_review) === 1,
  };
}

export async function listExtractors(db: Db, userId: string): Promise<ExtractorRecord[]> {
  const rows = await db
    .selectFrom('extractors')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('name')
    .execute();
  return rows.map(toRecord);
}

export async function countExtractors(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('extractors')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findExtractor(
  db: Db,
  userId: string,
  id: string,
): Promise<ExtractorRecord | null> {
  const row = await db
    .selectFrom('extractors')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** An extractor with its owner's account address, for the mail receiver. */
export type InboxExtractor = ExtractorRecord & { owner_email: string };

/** The extractor an inbox address belongs to, whoever owns it (the mail receiver asks). */
export async function findExtractorByInboxToken(
  db: Db,
  token: string,
): Promise<InboxExtractor | null> {
  const row = await db
    .selectFrom('extractors')
    .innerJoin('users', 'users.id', 'extractors.user_id')
    .selectAll('extractors')
    .select('users.email as owner_email')
    .where('extractors.inbox_token', '=', token)
    .executeTakeFirst();
  if (!row) return null;
  const { owner_email, ...extractor } = row;
  return { ...toRecord(extractor), owner_email };
}

/** Whether the user has another extractor by this name (names are unique per user). */
export async function isNameTaken(db: Db, userId: string, name: string, exceptId?: string) {
  let query = db
    .selectFrom('extractors')
    .select('id')
    .where('user_id', '=', userId)
    .where('name', '=', name);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertExtractor(
  db: Db,
  userId: string,
  fields: ExtractorFields,
): Promise<ExtractorRecord> {
  const now = new Date().toISOString();
  const row = {
    id: randomUUID(),
    user_id: userId,
    name: fields.name,
    columns: JSON.stringify(fields.columns),
    fields: JSON.stringify(fields.fields),
    rules: JSON.stringify(fields.rules),
    description: fields.description || null,
    created_at: now,
    updated_at: now,
    inbox_token: newInboxToken(),
    reply_format: null,
    webhook_url: null,
    inbox_senders: '[]',
    inbox_is_open: 0,
    hold_for_review: 0,
  };
  await db.insertInto('extractors').values(row).execute();
  return toRecord(row);
}

export async function updateExtractor(
  db: Db,
  userId: string,
  id: string,
  fields: ExtractorFields,
): Promise<ExtractorRecord | null> {
  await db
    .updateTable('extractors')
    .set({
      name: fields.name,
      columns: JSON.stringify(fields.columns),
      fields: JSON.stringify(fields.fields),
      rules: JSON.stringify(fields.rules),
      description: fields.description || null,
      updated_at: new Date().toISOString(),
    })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .execute();
  return findExtractor(db, userId, id);
}

/** Sets what the extractor does with its automatic jobs; undefined leaves a setting as it is. */
export async function updateAutomation(
  db: Db,
  userId: string,
  id: string,
  settings: {
    reply_format?: ReplyFormat | null | undefined;
    webhook_url?: string | null | undefined;
    inbox_senders?: string[] | undefined;
    inbox_is_open?: boolean | undefined;
    hold_for_review?: boolean | undefined;
  },
): Promise<void> {
  const stored = {
    reply_format: settings.reply_format,
    webhook_url: settings.webhook_url,
    inbox_senders: settings.inbox_senders && JSON.stringify(settings.inbox_senders),
    inbox_is_open:
      settings.inbox_is_open === undefined ? undefined : Number(settings.inbox_is_open),
    hold_for_review:
      settings.hold_for_review === undefined ? undefined : Number(settings.hold_for_review),
  };
  const values = Object.fromEntries(
    Object.entries(stored).filter(([, value]) => value !== undefined),
  );
  await db
    .updateTable('extractors')
    .set({ ...values, updated_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .execute();
}

/** Gives the extractor a new inbox address; the old one stops receiving at once. */
export async function replaceInboxToken(db: Db, userId: string, id: string): Promise<void> {
  await db
    .updateTable('extractors')
    .set({ inbox_token: newInboxToken(), updated_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .execute();
}

export async function deleteExtractor(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('extractors')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
