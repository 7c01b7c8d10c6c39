import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

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
};

const PG_INT8 = 20;

function parseInt8AsNumber(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
  if (oid === PG_INT8) return Number;
  return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
}

export function createDatabase({ databaseUrl, dataDir }: DatabaseOptions): DatabaseConnection {
  if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 10,
      // bigint columns hold epoch seconds and counts, well inside Number's exact range.
      types: { getTypeParser: parseInt8AsNumber },
    });
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
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
  sqlite.pragma('busy_timeout = 5000');
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }),
    dialect: 'sqlite',
    description: `sqlite:${file}`,
  };
}

export async function isDatabaseReachable(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
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
