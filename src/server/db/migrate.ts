import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Dialect } from './client';
import * as m0001 from './migrations/0001-contact-and-rate-limits';
import * as m0002 from './migrations/0002-accounts';
import * as m0003 from './migrations/0003-sliding-rate-limits';
import * as m0004 from './migrations/0004-jobs';
import * as m0006 from './migrations/0006-api-keys';
import * as m0007 from './migrations/0007-extractors';
import * as m0008 from './migrations/0008-read-documents';
import * as m0009 from './migrations/0009-webhooks';
import * as m0010 from './migrations/0010-pending-signup-credits';
import * as m0011 from './migrations/0011-review';
import * as m0012 from './migrations/0012-credit-requests';
import * as m0013 from './migrations/0013-model-limits';
import * as m0014 from './migrations/0014-automation';
import * as m0015 from './migrations/0015-result-cache';
import * as m0016 from './migrations/0016-job-refusal-clock';
import * as m0017 from './migrations/0017-inbox-senders';
import * as m0018 from './migrations/0018-records';
import * as m0019 from './migrations/0019-hold-for-review';
import * as m0020 from './migrations/0020-schedule-keys';
import * as m0021 from './migrations/0021-credit-grants';
import * as m0022 from './migrations/0022-credits-wait';

/** Every migration, in order. Add a file under migrations/ and list it here. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-contact-and-rate-limits': m0001,
  '0002-accounts': m0002,
  '0003-sliding-rate-limits': m0003,
  '0004-jobs': m0004,
  '0006-api-keys': m0006,
  '0007-extractors': m0007,
  '0008-read-documents': m0008,
  '0009-webhooks': m0009,
  '0010-pending-signup-credits': m0010,
  '0011-review': m0011,
  '0012-credit-requests': m0012,
  '0013-model-limits': m0013,
  '0014-automation': m0014,
  '0015-result-cache': m0015,
  '0016-job-refusal-clock': m0016,
  '0017-inbox-senders': m0017,
  '0018-records': m0018,
  '0019-hold-for-review': m0019,
  '0020-schedule-keys': m0020,
  '0021-credit-grants': m0021,
  '0022-credits-wait': m0022,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(MIGRATIONS) };

async function migratorFor<T>(db: Kysely<T>, dialect: Dialect): Promise<Migrator> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one; name the
  // schema in use so that a database holding several schemas is migrated correctly.
  const migrationTableSchema = dialect === 'postgres' ? await currentSchema(db) : undefined;
  return new Migrator({ db, provider, migrationTableSchema });
}

/** Brings the schema up to date; run at every start, on SQLite and PostgreSQL alike. */
export async function migrateToLatest<T>(db: Kysely<T>, dialect: Dialect): Promise<string[]> {
  const migrator = await migratorFor(db, dialect);
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((result) => result.status === 'Error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
  return results
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}

/** Brings the schema to one migration (tests of a migration that moves data start there). */
export async function migrateTo<T>(db: Kysely<T>, dialect: Dialect, name: string): Promise<void> {
  const migrator = await migratorFor(db, dialect);
  const { error } = await migrator.migrateTo(name);
  if (error) throw new Error(`Database migration to ${name} failed`, { cause: error });
}

async function currentSchema<T>(db: Kysely<T>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? 'public';
}
