import { setTimeout as sleep } from 'node:timers/promises';
import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteDialect,
  type DatabaseConnection,
  type Dialect,
  type Driver,
} from 'kysely';
import { isDatabaseBusy } from './database-errors';

/**
 * How long SQLite itself waits for another process's lock, blocking this thread: kept short so
 * that a long wait happens between tries, where requests are still served.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 250;
/** How long a statement keeps trying for the lock before SQLITE_BUSY reaches its caller. */
const BUSY_RETRY_FOR_MS = 30_000;
const LONGEST_WAIT_MS = 500;

/**
 * A statement outside a transaction (or the BEGIN of one) that found the file locked by another
 * process is tried again, with growing waits, for up to BUSY_RETRY_FOR_MS. Inside a transaction
 * nothing is retried: the transaction began IMMEDIATE, so it already holds the lock.
 */
function retryingConnection(
  connection: DatabaseConnection,
  sqlite: SQLite.Database,
): DatabaseConnection {
  return {
    async executeQuery(query) {
      const deadline = Date.now() + BUSY_RETRY_FOR_MS;
      for (let waitMs = 10; ; waitMs = Math.min(waitMs * 2, LONGEST_WAIT_MS)) {
        try {
          return await connection.executeQuery(query);
        } catch (error) {
          const canRetry = isDatabaseBusy(error) && !sqlite.inTransaction;
          if (!canRetry || Date.now() + waitMs > deadline) throw error;
          await sleep(waitMs);
        }
      }
    },
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  };
}

/**
 * Kysely's SQLite dialect for a file that several processes share (the server, `rowsmith
 * worker`, operator commands): a locked file is waited for without blocking the thread, and
 * every transaction begins IMMEDIATE, taking the write lock at once. (A deferred transaction
 * that reads and then writes fails with SQLITE_BUSY, without waiting, when another process wrote
 * in between; no retry of one statement can fix that.)
 */
export function createSqliteDialect(sqlite: SQLite.Database): Dialect {
  const dialect = new SqliteDialect({ database: sqlite });
  const createDriver = (): Driver => {
    const driver = dialect.createDriver();
    const wrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();
    return {
      init: () => driver.init(),
      acquireConnection: async () => {
        const connection = await driver.acquireConnection();
        let retrying = wrapped.get(connection);
        if (!retrying) {
          retrying = retryingConnection(connection, sqlite);
          wrapped.set(connection, retrying);
        }
        return retrying;
      },
      beginTransaction: async (connection) => {
        await connection.executeQuery(CompiledQuery.raw('begin immediate'));
      },
      commitTransaction: (connection) => driver.commitTransaction(connection),
      rollbackTransaction: (connection) => driver.rollbackTransaction(connection),
      releaseConnection: (connection) => driver.releaseConnection(connection),
      destroy: () => driver.destroy(),
    };
  };
  return {
    createDriver,
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
