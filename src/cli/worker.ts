import { openDatabase } from '../server/db/open-database';
import { loadEnv } from '../server/env';
import { createReadPool, readPoolOptionsFromEnv } from '../server/extraction/read/pool/read-pool';
import { createModelClient } from '../server/llm/create-model-client';
import { createLogger } from '../server/logger';
import { createJobServices } from '../server/services';
import { createFileStorage } from '../server/storage/index';
import { parseCommandLine, wholeNumberOption } from './command-line';

const USAGE = `Usage: rowsmith worker [--concurrency N]

Runs job documents from the configured database until stopped (SIGTERM or Ctrl+C): on
PostgreSQL from pg-boss, beside any number of other workers and web servers started with
RUN_WORKERS=false; on SQLite from the jobs tables of the same data folder.`;

/** `rowsmith worker`: a process that only runs jobs (docs/decisions/010-jobs.md). */
export async function workerCommand(args: string[]): Promise<number> {
  const line = parseCommandLine(args, USAGE, {
    options: { concurrency: { type: 'string' } },
    allowPositionals: false,
  });
  if (!line) return 0;
  const concurrency = wholeNumberOption(line.values.concurrency, {
    name: '--concurrency',
    min: 1,
    usage: USAGE,
  });
  const env = loadEnv({ JOB_CONCURRENCY: concurrency?.toString() });
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
