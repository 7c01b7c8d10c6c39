import type { Kysely } from 'kysely';
import { AppError } from '../shared/errors';
import { openDatabase } from '../server/db/open-database';
import type { Database } from '../server/db/schema';
import { loadEnv, type Env } from '../server/env';
import { createLogger } from '../server/logger';

/**
 * Runs an operator command against the configured database (SQLite or PostgreSQL, migrated
 * first): an expected failure becomes its message and exit code 1; the database is always closed.
 */
export async function withDatabase(
  run: (context: { env: Env; db: Kysely<Database> }) => Promise<number>,
): Promise<number> {
  const env = loadEnv();
  // The command's answer goes to stdout; what the database connection reports, to stderr.
  const logger = createLogger('warn', process.stderr);
  const { db } = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    logger,
  });
  try {
    return await run({ env, db });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await db.destroy();
  }
}
