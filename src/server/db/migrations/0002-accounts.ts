import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * Accounts (better-auth's four tables, in the shape and types it expects on each database, checked
 * by its schema check at start), credits, usage records and the anonymous trial counters.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const timestamp = pg ? 'timestamptz' : 'date';
  const flag = pg ? 'boolean' : 'integer';

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('emailVerified', flag, (col) => col.notNull())
    .addColumn('image', 'text')
    .addColumn('createdAt', timestamp, (col) => col.notNull())
    .addColumn('updatedAt', timestamp, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('expiresAt', timestamp, (col) => col.notNull())
    .addColumn('token', 'text', (col) => col.notNull().unique())
    .addColumn('createdAt', timestamp, (col) => col.notNull())
    .addColumn('updatedAt', timestamp, (col) => col.notNull())
    .addColumn('ipAddress', 'text')
    .addColumn('userAgent', 'text')
    .addColumn('userId', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('sessions_userId_idx').on('sessions').column('userId').execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('accountId', 'text', (col) => col.notNull())
    .addColumn('providerId', 'text', (col) => col.notNull())
    .addColumn('userId', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('accessToken', 'text')
    .addColumn('refreshToken', 'text')
    .addColumn('idToken', 'text')
    .addColumn('accessTokenExpiresAt', timestamp)
    .addColumn('refreshTokenExpiresAt', timestamp)
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('createdAt', timestamp, (col) => col.notNull())
    .addColumn('updatedAt', timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('accounts_userId_idx').on('accounts').column('userId').execute();

  await db.schema
    .createTable('verifications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('identifier', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('expiresAt', timestamp, (col) => col.notNull())
    .addColumn('createdAt', timestamp, (col) => col.notNull())
    .addColumn('updatedAt', timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('verifications_identifier_idx')
    .on('verifications')
    .column('identifier')
    .execute();

  await db.schema
    .createTable('user_credits')
    .addColumn('user_id', 'text', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('credits_remaining', 'integer', (col) => col.notNull())
    .addColumn('credits_total', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('usage_tracking')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('extraction_type', 'text', (col) => col.notNull())
    .addColumn('columns_defined', 'integer', (col) => col.notNull())
    .addColumn('rows_extracted', 'integer', (col) => col.notNull())
    .addColumn('success', flag, (col) => col.notNull())
    .addColumn('file_type', 'text', (col) => col.notNull())
    .addColumn('file_size', 'bigint')
    .addColumn('processing_time_ms', 'integer', (col) => col.notNull())
    .addColumn('error_message', 'text')
    .addColumn('file_path', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('usage_tracking_user_created_idx')
    .on('usage_tracking')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('trial_runs')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('runs', 'integer', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('trial_runs_expires_at_idx')
    .on('trial_runs')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'trial_runs',
    'usage_tracking',
    'user_credits',
    'verifications',
    'accounts',
    'sessions',
    'users',
  ])
    await db.schema.dropTable(table).execute();
}
