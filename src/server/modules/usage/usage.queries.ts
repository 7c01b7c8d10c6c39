import type { Insertable, Kysely } from 'kysely';
import type { Database, UsageTrackingTable } from '../../db/schema';

type Db = Kysely<Database>;

export async function insertUsage(db: Db, row: Insertable<UsageTrackingTable>): Promise<void> {
  await db.insertInto('usage_tracking').values(row).execute();
}

export async function setUsageFile(db: Db, id: string, filePath: string): Promise<void> {
  await db
    .updateTable('usage_tracking')
    .set({ file_path: filePath })
    .where('id', '=', id)
    .execute();
}

export async function countUsage(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('usage_tracking')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function selectUsagePage(db: Db, userId: string, limit: number, offset: number) {
  return db
    .selectFrom('usage_tracking')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** One record, only when it belongs to `userId`. */
export async function selectOwnUsage(db: Db, userId: string, id: string) {
  return db
    .selectFrom('usage_tracking')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function deleteUsageOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('usage_tracking').where('user_id', '=', userId).execute();
}
