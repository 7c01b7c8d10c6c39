import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { openDatabase } from './db/open-database';
import type { Env } from './env';
import { createReadPool, readPoolOptionsFromEnv } from './extraction/read/pool/read-pool';
import { createModelClient } from './llm/create-model-client';
import { createExportPool, exportPoolOptionsFromEnv } from './modules/jobs/export/export-pool';
import { createLogger } from './logger';
import { startInbox } from './mail/start-inbox';
import { createAccountServices, createJobServices } from './services';
import { APP_VERSION } from './version';

export type RunningServer = {
  url: string;
  /** Stops taking connections, lets in-flight requests finish, then closes the database. */
  stop: () => Promise<void>;
};

export async function startServer(env: Env): Promise<RunningServer> {
  const logger = createLogger(env.LOG_LEVEL);
  const { db, dialect, description, applied } = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    logger,
  });
  logger.info({ dialect, database: description, applied }, 'database ready');

  // One thread is kept ready, so the first read does not wait for a worker to start.
  const readPool = createReadPool({ ...readPoolOptionsFromEnv(env), minThreads: 1, logger });
  const model = createModelClient(env, { logger, db });
  logger.info({ model: model?.model ?? 'offline extractor' }, 'extraction engine');
  const services = createAccountServices({ env, logger, db, dialect });
  logger.info({ storage: services.storage.driver }, 'stored results');
  const jobs = await createJobServices({
    env,
    logger,
    db,
    storage: services.storage,
    readPool,
    model,
  });
  const stopWorkers = env.RUN_WORKERS ? await jobs.startWorkers() : null;
  const exportPool = createExportPool({ ...exportPoolOptionsFromEnv(env), logger });
  logger.info(
    { engine: jobs.jobQueue.engine, workers: env.RUN_WORKERS ? env.JOB_CONCURRENCY : 0 },
    'jobs',
  );
  const app = createApp({
    env,
    db,
    logger,
    version: APP_VERSION,
    readPool,
    model,
    ...services,
    jobQueue: jobs.jobQueue,
    workerId: jobs.workerId,
    exportPool,
    clock: jobs.clock,
  });
  const inbox =
    env.INBOUND_SMTP_PORT === undefined
      ? null
      : await startInbox({
          env,
          db,
          logger,
          storage: services.storage,
          queue: jobs.jobQueue,
          readPool,
        });
  const server = await new Promise<ReturnType<typeof serve>>((resolveServer) => {
    const started = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () =>
      resolveServer(started),
    );
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  logger.info({ url, version: APP_VERSION, env: env.NODE_ENV }, 'server listening');

  const stop = async () => {
    logger.info('shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      logger.warn('shutdown timeout reached: closing open connections');
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, env.SHUTDOWN_TIMEOUT_MS);
    // Keep-alive connections become idle as their last request finishes; close them as they do
    // rather than waiting for the keep-alive timeout.
    const closeIdle = () => {
      if ('closeIdleConnections' in server) server.closeIdleConnections();
    };
    const sweep = setInterval(closeIdle, 50);
    await new Promise<void>((resolveClose) => {
      server.close(() => resolveClose());
      closeIdle();
    });
    clearInterval(sweep);
    clearTimeout(force);
    await inbox?.stop();
    await (stopWorkers ? stopWorkers() : jobs.jobQueue.stop(0));
    await Promise.all([readPool.close(), exportPool.close()]);
    model?.close?.();
    await db.destroy();
    logger.info('shutdown complete');
  };
  return { url, stop };
}
