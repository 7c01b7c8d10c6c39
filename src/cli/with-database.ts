import type { Kysely } from 'kysely';
import { AppError } from '../shared/errors';
import { createDatabase } from '../server/db/client';
import { migrateToLatest } from '../server/db/migrate';
import type { Database } from '../server/db/schema';
import { loadEnv, type Env } from '../server/env';

/**
 * Runs an operator command against the configured database (SQLite or PostgreSQL, migrated
 * first): an expected failure becomes its message and exit code 1; the database is always closed.
 */
export async function withDatabase(
  run: (context: { env: Env; db: Kysely<Database> }) => Promise<number>,
): Promise<number> {
  const env = loadEnv();
  const { db, dialect } = createDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await migrateToLatest(db, dialect);
    return await run({ env, db });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await db.destroy();
  }
}
