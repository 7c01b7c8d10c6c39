import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ColumnDefinition } from '../../../shared/columns';
import type { Extractor } from '../../../shared/extractors';
import type { Database, ExtractorsTable } from '../../db/schema';

type Db = Kysely<Database>;
export type ExtractorFields = {
  name: string;
  columns: ColumnDefinition[];
  description?: string | undefined;
};

function toExtractor(row: Omit<ExtractorsTable, 'user_id'>): Extractor {
  return { ...row, columns: JSON.parse(row.columns) as ColumnDefinition[] };
}

const FIELDS = ['id', 'name', 'columns', 'description', 'created_at', 'updated_at'] as const;

export async function listExtractors(db: Db, userId: string): Promise<Extractor[]> {
  const rows = await db
    .selectFrom('extractors')
    .select(FIELDS)
    .where('user_id', '=', userId)
    .orderBy('name')
    .execute();
  return rows.map(toExtractor);
}

export async function countExtractors(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('extractors')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findExtractor(db: Db, userId: string, id: string): Promise<Extractor | null> {
  const row = await db
    .selectFrom('extractors')
    .select(FIELDS)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toExtractor(row) : null;
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
): Promise<Extractor> {
  const now = new Date().toISOString();
  const row = {
    id: randomUUID(),
    name: fields.name,
    columns: JSON.stringify(fields.columns),
    description: fields.description || null,
    created_at: now,
    updated_at: now,
  };
  await db
    .insertInto('extractors')
    .values({ ...row, user_id: userId })
    .execute();
  return toExtractor(row);
}

export async function updateExtractor(
  db: Db,
  userId: string,
  id: string,
  fields: ExtractorFields,
): Promise<Extractor | null> {
  await db
    .updateTable('extractors')
    .set({
      name: fields.name,
      columns: JSON.stringify(fields.columns),
      description: fields.description || null,
      updated_at: new Date().toISOString(),
    })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .execute();
  return findExtractor(db, userId, id);
}

export async function deleteExtractor(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('extractors')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
