import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ApiKeySummary, CreatedApiKey } from '../../../shared/api-keys';
import type { Database } from '../../db/schema';
import type { SessionUser } from '../../auth/session';
import { generateApiKey } from './api-key-secret';

type Db = Kysely<Database>;

/** A user may hold this many keys at once. */
export const MAX_KEYS_PER_USER = 25;

/** last_used_at is written at most this often per key, not on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

const SUMMARY = ['id', 'name', 'prefix', 'created_at', 'last_used_at'] as const;

export async function createApiKey(db: Db, userId: string, name: string): Promise<CreatedApiKey> {
  const { key, prefix, hash } = generateApiKey();
  const row = {
    id: randomUUID(),
    name,
    prefix,
    created_at: new Date().toISOString(),
    last_used_at: null,
  };
  await db
    .insertInto('api_keys')
    .values({ ...row, user_id: userId, key_hash: hash })
    .execute();
  return { ...row, key };
}

export async function countApiKeys(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function listApiKeys(db: Db, userId: string): Promise<ApiKeySummary[]> {
  return db
    .selectFrom('api_keys')
    .select(SUMMARY)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Revokes one of the user's keys; false when they hold no such key. */
export async function deleteApiKey(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('api_keys')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Revokes every key of the user; answers how many there were. */
export async function deleteUserApiKeys(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom('api_keys').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The key with this hash and its owner, marking it used; null when no such key exists. */
export async function useApiKey(
  db: Db,
  keyHash: string,
  now = new Date(),
): Promise<{ keyId: string; user: SessionUser } | null> {
  const row = await db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .select([
      'api_keys.id as keyId',
      'api_keys.last_used_at',
      'users.id',
      'users.email',
      'users.name',
    ])
    .where('api_keys.key_hash', '=', keyHash)
    .executeTakeFirst();
  if (!row) return null;
  const lastUsed = row.last_used_at ? Date.parse(row.last_used_at) : 0;
  if (now.getTime() - lastUsed >= LAST_USED_RESOLUTION_MS)
    await db
      .updateTable('api_keys')
      .set({ last_used_at: now.toISOString() })
      .where('id', '=', row.keyId)
      .execute();
  return { keyId: row.keyId, user: { id: row.id, email: row.email, name: row.name } };
}
