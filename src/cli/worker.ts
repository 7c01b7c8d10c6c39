import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db/open-database';
import { loadEnv } from '../server/env';
import { createReadPool, readPoolOptionsFromEnv } from '../server/extraction/read/pool/read-pool';
import { createModelClient } from '../server/llm/create-model-client';
import { createLogger } from '../server/logger';
import { createJobServices } from '../server/services';
import { createFileStorage } from '../server/storage/index';

const USAGE = `Usage: rowsmith worker [--concurrency N]

Runs job documents from the configured database until stopped (SIGTERM or Ctrl+C): on
PostgreSQL from pg-boss, beside any number of other workers and web servers started with
RUN_WORKERS=false; on SQLite from the jobs tables of the same data folder.`;

/** `rowsmith worker`: a process that only runs jobs (docs/decisions/010-jobs.md). */
export async function workerCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { concurrency: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const env = loadEnv({ JOB_CONCURRENCY: values.concurrency });
  const logger = createLogger(env.LOG_LEVEL);
  const { db } = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    logger,
  });
  const readPool = createReadPool({ ...readPoolOptionsFromEnv(env), logger });
  const jobs = await createJobServices({
    env,
    logger,
    db,
    storage: createFileStorage(env),
    readPool,
    model: createModelClient(env),
  });
  const stop = await jobs.startWorkers();
  logger.info(
    { engine: jobs.jobQueue.engine, concurrency: env.JOB_CONCURRENCY, worker: jobs.workerId },
    'worker started',
  );
  await new Promise<void>((resolve) => {
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
  });
  logger.info('worker stopping: finishing the documents it runs');
  await stop();
  await readPool.close();
  await db.destroy();
  return 0;
}
