import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Logger } from '../logger';
import { OwnSchemaPostgresDialect } from './schema-introspector';
import type { Database } from './schema';
import { createSqliteDialect, SQLITE_BUSY_TIMEOUT_MS } from './sqlite-dialect';

export type Dialect = 'sqlite' | 'postgres';

export type DatabaseConnection = {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Where the data lives, with any password removed: safe to log. */
  description: string;
};

export type DatabaseOptions = {
  /** `postgres://…`, `sqlite:<path>`, or undefined for the embedded default. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Where the pool reports connections it lost while idle (the database restarted). */
  logger: Logger;
};

const PG_INT8 = 20;

function parseInt8AsNumber(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
  if (oid === PG_INT8) return Number;
  return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
}

/** How long a new PostgreSQL connection may take before the query waiting for it fails. */
const CONNECT_TIMEOUT_MS = 5_000;
/** How long a health check waits for the database's answer. */
const REACHABLE_TIMEOUT_MS = 2_000;

/**
 * A pool that outlives its database going away: a connection that breaks while idle, or while a
 * query or transaction holds it, is logged and dropped instead of ending the process with an
 * unhandled 'error' event; the queries it ran fail, and the next ones connect afresh.
 */
function createPool(connectionString: string, logger: Logger): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    // bigint columns hold epoch seconds and counts, well inside Number's exact range.
    types: { getTypeParser: parseInt8AsNumber },
  });
  const onError = (error: Error) =>
    logger.warn({ err: error }, 'a database connection was lost; the next query reconnects');
  pool.on('error', onError);
  // The pool listens to a connection only while it is idle; one held by a query or a
  // transaction needs its own listener, or its error ends the process.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

export function createDatabase(options: DatabaseOptions): DatabaseConnection {
  const { databaseUrl, dataDir } = options;
  if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) {
    const pool = createPool(databaseUrl, options.logger);
    return {
      db: new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) }),
      dialect: 'postgres',
      description: redactUrl(databaseUrl),
    };
  }

  const file = databaseUrl
    ? resolve(databaseUrl.replace(/^sqlite:(\/\/)?/, ''))
    : resolve(dataDir, 'rowsmith.sqlite');
  mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  return {
    db: new Kysely<Database>({ dialect: createSqliteDialect(sqlite) }),
    dialect: 'sqlite',
    description: `sqlite:${file}`,
  };
}

/**
 * Whether the database answers a trivial query within `timeoutMs`: a database that stopped
 * answering (a network that drops packets) counts as unreachable without keeping the caller.
 */
export async function isDatabaseReachable(
  db: Kysely<Database>,
  timeoutMs = REACHABLE_TIMEOUT_MS,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>(
    (resolve) => (timer = setTimeout(resolve, timeoutMs, false)),
  );
  const probe = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres';
  }
}
