import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { createDatabase, type DatabaseConnection } from './client';
import { writeTransaction } from './dialect';
import { migrateToLatest } from './migrate';

const HOLD_MS = 700;

describe('SQLite shared with another process', () => {
  let dataDir: string;
  let connection: DatabaseConnection;
  let other: SQLite.Database;
  afterEach(async () => {
    other.close();
    await connection.db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Another connection to the same file takes the write lock and keeps it for `HOLD_MS`. */
  const holdWriteLock = () => {
    other = new SQLite(join(dataDir, 'rowsmith.sqlite'));
    other.exec('begin immediate');
    setTimeout(() => other.exec('commit'), HOLD_MS);
  };
  const message = (id: string) => ({
    id,
    name: 'Ana',
    email: 'ana@example.com',
    subject: 'Hello',
    message: 'Written while another process held the file.',
    created_at: new Date().toISOString(),
  });

  it('waits for a write lock held longer than the busy timeout instead of failing', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'rowsmith-busy-'));
    connection = createDatabase({
      databaseUrl: undefined,
      dataDir,
      logger: createLogger('silent'),
    });
    const { db } = connection;
    await migrateToLatest(db, connection.dialect);

    holdWriteLock();
    const started = Date.now();
    await db.insertInto('contact_messages').values(message('plain')).execute();
    expect(Date.now() - started).toBeGreaterThanOrEqual(HOLD_MS - 100);

    holdWriteLock();
    await writeTransaction(db, (trx) =>
      trx.insertInto('contact_messages').values(message('immediate')).execute(),
    );
    holdWriteLock();
    await db
      .transaction()
      .execute((trx) => trx.insertInto('contact_messages').values(message('kysely')).execute());

    const rows = await db.selectFrom('contact_messages').select('id').orderBy('id').execute();
    expect(rows.map((row) => row.id)).toEqual(['immediate', 'kysely', 'plain']);
  });
});
