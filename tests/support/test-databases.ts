import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * The databases the integration suite runs on: SQLite always, PostgreSQL when
 * TEST_DATABASE_URL is set (CI sets it). Each test app gets its own empty database: a temporary
 * SQLite file, or a fresh PostgreSQL schema dropped afterwards, so test files can run in parallel.
 */
export type TestDatabase = {
  name: 'sqlite' | 'postgres';
  /** Creates an isolated database and returns its settings and a cleanup function. */
  create: () => Promise<{
    databaseUrl: string | undefined;
    dataDir: string;
    cleanup: () => Promise<void>;
  }>;
};

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;

const sqlite: TestDatabase = {
  name: 'sqlite',
  create: () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rowsmith-test-'));
    return Promise.resolve({
      databaseUrl: undefined,
      dataDir,
      cleanup: () => {
        rmSync(dataDir, { recursive: true, force: true });
        return Promise.resolve();
      },
    });
  },
};

function postgres(baseUrl: string): TestDatabase {
  return {
    name: 'postgres',
    create: async () => {
      const schema = `test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
      const url = new URL(baseUrl);
      url.searchParams.set('options', `-c search_path=${schema}`);
      const dataDir = mkdtempSync(join(tmpdir(), 'rowsmith-test-'));
      return {
        databaseUrl: url.toString(),
        dataDir,
        cleanup: async () => {
          const client = new pg.Client({ connectionString: baseUrl });
          await client.connect();
          await client.query(`drop schema if exists ${schema} cascade`);
          // pg-boss keeps the job engine's tables beside the test schema (src/server/jobs).
          await client.query(`drop schema if exists ${schema}_pgboss cascade`);
          await client.end();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    },
  };
}

export const TEST_DATABASES: TestDatabase[] = TEST_DATABASE_URL
  ? [sqlite, postgres(TEST_DATABASE_URL)]
  : [sqlite];
