import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL, TEST_DATABASES } from '../../../tests/support/test-databases';
import { createLogger } from '../logger';
import { createDatabase } from './client';
import { migrateToLatest } from './migrate';

// PostgreSQL only: a database whose other schemas change while a process starts in its own.

const postgres = TEST_DATABASES.find((database) => database.name === 'postgres');

async function migrateFresh() {
  const created = await postgres!.create();
  const connection = createDatabase({ ...created, logger: createLogger('silent') });
  try {
    const applied = await migrateToLatest(connection.db, connection.dialect);
    const tables = await connection.db.introspection.getTables();
    return { applied, tables };
  } finally {
    await connection.db.destroy();
    await created.cleanup();
  }
}

describe.runIf(TEST_DATABASE_URL)('starting on a database shared with others', () => {
  it(
    'migrates while another schema of the database is made and dropped, and lists only its own tables',
    { timeout: 60_000 },
    async () => {
      const other = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await other.connect();
      let churning = true;
      const churn = (async () => {
        for (let round = 0; churning; round++) {
          const schema = `churn_${process.pid}_${round}`;
          await other.query(`create schema ${schema}`);
          await other.query(
            `create table ${schema}.users (id serial primary key, email text, name text)`,
          );
          await other.query(`drop schema ${schema} cascade`);
        }
      })();
      try {
        for (let start = 0; start < 6; start++) {
          const { applied, tables } = await migrateFresh();
          expect(applied.length).toBeGreaterThan(0);
          expect(new Set(tables.map((table) => table.schema)).size).toBe(1);
          expect(tables.some((table) => table.name.startsWith('churn'))).toBe(false);
        }
      } finally {
        churning = false;
        await churn;
        await other.end();
      }
    },
  );
});
