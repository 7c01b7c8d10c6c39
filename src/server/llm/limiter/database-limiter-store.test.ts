import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../../../../tests/support/test-databases';
import { createDatabase, type DatabaseConnection } from '../../db/client';
import { migrateToLatest } from '../../db/migrate';
import { createLogger } from '../../logger';
import { NO_RATE_LIMIT_INFO } from '../rate-limit-headers';
import { createDatabaseLimiterStore } from './database-limiter-store';
import { createModelLimiter, type ModelLimiter, type Permit } from './model-limiter';

// Two processes' limiters on one database: together they give out no more places than the
// shared window and learn from each other's refusals.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(TEST_DATABASES)('the model limiter shared through $name', (database) => {
  let connection: DatabaseConnection;
  let cleanup: () => Promise<void>;
  const limiters: ModelLimiter[] = [];

  beforeAll(async () => {
    const created = await database.create();
    cleanup = created.cleanup;
    connection = createDatabase({
      databaseUrl: created.databaseUrl,
      dataDir: created.dataDir,
      logger: createLogger('silent'),
    });
    await migrateToLatest(connection.db, connection.dialect);
  });
  afterAll(async () => {
    for (const limiter of limiters) limiter.close();
    await connection.db.destroy();
    await cleanup();
  });

  const processLimiter = (key: string) => {
    const limiter = createModelLimiter({
      key,
      store: createDatabaseLimiterStore(connection.db),
      settings: { initial: 3, max: 3 },
      pollMs: 50,
      acceptMs: 100,
    });
    limiters.push(limiter);
    return limiter;
  };
  const askFrom = (limiter: ModelLimiter, count: number) => {
    const granted: Permit[] = [];
    for (let index = 0; index < count; index++)
      void limiter.acquire({ tokens: 10 }).then((permit) => granted.push(permit));
    return granted;
  };

  it('gives out the window once between processes, and hands a freed place across', async () => {
    const [first, second] = [processLimiter('shared-a'), processLimiter('shared-a')];
    const a = askFrom(first, 3);
    await sleep(150);
    const b = askFrom(second, 2);
    await sleep(300);
    expect(a.length + b.length).toBe(3);
    await a[0]!.release({
      kind: 'answered',
      info: NO_RATE_LIMIT_INFO,
      outputTokens: 10,
      durationMs: 100,
    });
    await sleep(300);
    expect(a.length + b.length).toBe(4);
    expect(b.length).toBe(1);
  });

  it('shares what one process learned from a refusal', async () => {
    const [first, second] = [processLimiter('shared-b'), processLimiter('shared-b')];
    const a = askFrom(first, 3);
    await sleep(250);
    await a[2]!.release({ kind: 'refused', info: NO_RATE_LIMIT_INFO, waitMs: 1_000 });
    expect(await second.snapshot()).toMatchObject({ window: 2, threshold: 2 });
  });
});
