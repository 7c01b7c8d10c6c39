import { PostgresAdapter, sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';

/**
 * The differences between SQLite and PostgreSQL that code has to know about live here, named.
 */
export function isPostgres<T>(db: Kysely<T>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Makes transactions that work on the same key take turns, until they commit. PostgreSQL takes a
 * transaction-level advisory lock on the key's hash. SQLite needs none: Kysely runs a
 * transaction alone on its one connection, and every transaction holds the file's write lock
 * from its start (sqlite-dialect.ts), so one process writes at a time.
 */
export async function lockKeyForTransaction<T>(trx: Transaction<T>, key: string): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

/**
 * One top-level field of a column holding JSON text, as JSON text (null when the column or the
 * field is): the database picks it out, so a large document (a result with its source text and
 * evidence) is neither sent whole nor parsed on the thread that serves requests. PostgreSQL keeps
 * the field's text as it was written; SQLite writes it again, minified.
 */
export function jsonFieldText<T>(
  db: Kysely<T>,
  column: string,
  field: string,
): RawBuilder<string | null> {
  if (isPostgres(db)) return sql<string | null>`(${sql.ref(column)}::json -> ${field})::text`;
  return sql<string | null>`${sql.ref(column)} -> ${`$.${field}`}`;
}

/** Booleans are written as 1/0: SQLite has no boolean type and PostgreSQL reads '1'/'0' as one. */
export function toDbBoolean(value: boolean): number {
  return value ? 1 : 0;
}

/** SQLite answers 1/0, PostgreSQL true/false. */
export function fromDbBoolean(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 't';
}

/**
 * Timestamps of our own tables are ISO text; better-auth's are Date on PostgreSQL and ISO text
 * on SQLite. Either way, callers get ISO text.
 */
export function toIsoTimestamp(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') return new Date(value).toISOString();
  const parsed = new Date(String(value));
  return Number.isNaN(parsed.getTime()) ? String(value) : parsed.toISOString();
}

/**
 * A transaction that will write. On SQLite every transaction begins IMMEDIATE, taking the write
 * lock at once and waiting for it when another process holds it (sqlite-dialect.ts), so several
 * processes can share one file; PostgreSQL's ordinary transaction already behaves.
 */
export async function writeTransaction<T, R>(
  db: Kysely<T>,
  run: (trx: Kysely<T>) => Promise<R>,
): Promise<R> {
  return db.transaction().execute(run);
}

/**
 * A write transaction that holds `key` until it commits (lockKeyForTransaction): a count and the
 * insert it allows, made inside, cannot interleave with another request's for the same key, so a
 * limit per user holds under concurrent requests on either database.
 */
export async function lockedWriteTransaction<T, R>(
  db: Kysely<T>,
  key: string,
  run: (trx: Transaction<T>) => Promise<R>,
): Promise<R> {
  return db.transaction().execute(async (trx) => {
    await lockKeyForTransaction(trx, key);
    return run(trx);
  });
}
