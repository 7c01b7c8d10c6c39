import { sql } from 'kysely';
import { createDatabase, type DatabaseConnection, type DatabaseOptions } from './client';
import { DatabaseUnreachableError } from './database-errors';
import { migrateToLatest } from './migrate';

function reasonOf(error: unknown): string {
  const first = error instanceof AggregateError ? (error.errors[0] as unknown) : error;
  return first instanceof Error ? first.message : String(first);
}

/**
 * The database a process runs on (the server, a worker, an operator command): reachable, and
 * migrated to the latest schema. When the first query fails (only the connection can make it
 * fail), the process stops with DatabaseUnreachableError rather than a stack trace.
 */
export async function openDatabase(
  options: DatabaseOptions,
): Promise<DatabaseConnection & { applied: string[] }> {
  const connection = createDatabase(options);
  try {
    await sql`select 1`.execute(connection.db);
  } catch (error) {
    await connection.db.destroy().catch(() => undefined);
    throw new DatabaseUnreachableError(connection.description, reasonOf(error));
  }
  try {
    const applied = await migrateToLatest(connection.db, connection.dialect);
    return { ...connection, applied };
  } catch (error) {
    await connection.db.destroy().catch(() => undefined);
    throw error;
  }
}
