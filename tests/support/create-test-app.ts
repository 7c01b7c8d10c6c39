import { Writable } from 'node:stream';
import { createApp } from '../../src/server/app';
import { createDatabase } from '../../src/server/db/client';
import { migrateToLatest } from '../../src/server/db/migrate';
import { parseEnv, type Env } from '../../src/server/env';
import {
  createReadPool,
  readPoolOptionsFromEnv,
} from '../../src/server/extraction/read/pool/read-pool';
import { createModelClient } from '../../src/server/llm/create-model-client';
import {
  createExportPool,
  exportPoolOptionsFromEnv,
} from '../../src/server/modules/jobs/export/export-pool';
import { createLogger } from '../../src/server/logger';
import { startInbox } from '../../src/server/mail/start-inbox';
import { createAccountServices, createJobServices } from '../../src/server/services';
import type { TestDatabase } from './test-databases';

export type LogLine = { level: string; msg: string; [key: string]: unknown };

/**
 * The real app on a real, migrated, empty database, with its JSON log lines captured so tests
 * can assert what was logged.
 */
export async function createTestApp(
  database: TestDatabase,
  settings: Record<string, string> = {},
  options: { clock?: () => Date } = {},
) {
  const { databaseUrl, dataDir, cleanup } = await database.create();
  const env: Env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    CLIENT_DIST_DIR: `${dataDir}/no-client`,
    // In-process requests all come from one address; tests about the trial and the auth rate
    // limit set their own limits.
    TRIAL_RUNS: '1000',
    TRIAL_RUNS_PER_ADDRESS_PER_DAY: '1000',
    AUTH_RATE_LIMIT: '1000',
    ...settings,
  });
  const logs: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        logs.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const logger = createLogger('info', sink);
  const connection = createDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    logger,
  });
  await migrateToLatest(connection.db, connection.dialect);
  const readPool = createReadPool({ ...readPoolOptionsFromEnv(env), logger });
  const model = createModelClient(env, { logger, db: connection.db });
  const services = createAccountServices({ env, logger, ...connection });
  const jobs = await createJobServices({
    env,
    logger,
    db: connection.db,
    storage: services.storage,
    readPool,
    model,
    clock: options.clock,
  });
  const stopWorkers = env.RUN_WORKERS ? await jobs.startWorkers() : null;
  const exportPool = createExportPool({ ...exportPoolOptionsFromEnv(env), logger });
  const app = createApp({
    env,
    db: connection.db,
    logger,
    version: '0.0.0-test',
    readPool,
    model,
    ...services,
    jobQueue: jobs.jobQueue,
    workerId: jobs.workerId,
    exportPool,
    clock: jobs.clock,
  });
  // The SMTP receiver of `rowsmith serve`, when the settings ask for it (on a free port with 0).
  const inbox =
    env.INBOUND_SMTP_PORT === undefined
      ? null
      : await startInbox({
          env,
          db: connection.db,
          logger,
          storage: services.storage,
          queue: jobs.jobQueue,
          readPool,
        });
  return {
    app,
    jobQueue: jobs.jobQueue,
    smtpPort: inbox?.port ?? null,
    ...services,
    db: connection.db,
    env,
    logger,
    logs,
    readPool,
    close: async () => {
      await inbox?.stop();
      await (stopWorkers ? stopWorkers() : jobs.jobQueue.stop(0));
      // A test may already have closed the database on purpose.
      await connection.db.destroy().catch(() => undefined);
      await Promise.all([readPool.close(), exportPool.close()]);
      model?.close?.();
      await cleanup();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
