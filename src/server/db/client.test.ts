import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../../../tests/support/tcp-proxy';
import { TEST_DATABASE_URL } from '../../../tests/support/test-databases';
import { createLogger } from '../logger';
import { createDatabase, isDatabaseReachable, type DatabaseConnection } from './client';
import { isDatabaseUnreachable } from './database-errors';

function logSink() {
  const lines: { msg: string }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as { msg: string });
      done();
    },
  });
  return { lines, logger: createLogger('warn', sink) };
}

describe.skipIf(!TEST_DATABASE_URL)('the PostgreSQL pool when the database goes away', () => {
  let proxy: TcpProxy;
  let connection: DatabaseConnection;
  const dataDir = mkdtempSync(join(tmpdir(), 'rowsmith-pool-'));
  afterEach(async () => {
    // The proxy first: a query left waiting on a stalled connection ends with it.
    await proxy.close();
    await connection.db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const connect = async () => {
    const target = new URL(TEST_DATABASE_URL!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const { lines, logger } = logSink();
    connection = createDatabase({
      databaseUrl: proxy.through(TEST_DATABASE_URL!),
      dataDir,
      logger,
    });
    return { db: connection.db, lines };
  };

  it('outlives connections cut while idle and while held, and reconnects', async () => {
    const { db, lines } = await connect();
    await Promise.all([1, 2].map(() => sql`select pg_sleep(0.05)`.execute(db)));

    // One connection is held by a transaction between two statements when the cut comes; the
    // others wait idle in the pool.
    let cut = () => undefined as void;
    const isCut = new Promise<void>((resolve) => (cut = resolve));
    const held = db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      await isCut;
      await sql`select 1`.execute(trx);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    proxy.cut();
    await new Promise((resolve) => setTimeout(resolve, 50));
    cut();
    await expect(held).rejects.toSatisfy(isDatabaseUnreachable);
    await expect(sql`select 1`.execute(db)).rejects.toSatisfy(isDatabaseUnreachable);
    expect(lines.map((line) => line.msg)).toContain(
      'a database connection was lost; the next query reconnects',
    );

    proxy.restore();
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
    expect(rows).toEqual([{ one: 1 }]);
  });

  it('counts a database that stops answering as unreachable, without waiting for it', async () => {
    const { db } = await connect();
    expect(await isDatabaseReachable(db)).toBe(true);
    proxy.stall();
    const started = performance.now();
    expect(await isDatabaseReachable(db, 500)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1_500);
    proxy.restore();
    expect(await isDatabaseReachable(db)).toBe(true);
  });
});
