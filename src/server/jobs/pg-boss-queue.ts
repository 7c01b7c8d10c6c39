import PgBoss from 'pg-boss';
import type { Logger } from '../logger';
import type { DocumentHandler, DocumentRef, JobQueue } from './job-queue';

const QUEUE = 'extract-document';
const SWEEP_MS = 30_000;

export type PgBossQueueOptions = {
  connectionString: string;
  /** pg-boss keeps its tables in a schema of its own. */
  schema: string;
  logger: Logger;
  /** Deliveries of a document before pg-boss gives up on it. */
  retryLimit: number;
  /** A delivery not finished by then is taken to be lost (its worker stopped) and retried. */
  expireInSeconds: number;
  /** Documents that should be running but may have lost their delivery (found by the sweep). */
  findRunnable: (limit: number) => Promise<DocumentRef[]>;
};

/**
 * PostgreSQL's engine: pg-boss delivers each document to one worker at a time, in any number of
 * processes on any number of machines, and retries it when its worker fails or disappears. A
 * document has at most one delivery waiting and one running (the 'stately' policy, keyed by the
 * document); the runner's claim makes a late second delivery harmless.
 */
export async function createPgBossQueue(options: PgBossQueueOptions): Promise<JobQueue> {
  const { logger } = options;
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: options.schema,
    max: 4,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job engine error'));
  await boss.start();
  await boss.createQueue(QUEUE, {
    name: QUEUE,
    policy: 'stately',
    retryLimit: options.retryLimit,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: options.expireInSeconds,
  });

  const enqueue = async (refs: DocumentRef[]) => {
    for (const ref of refs) await boss.send(QUEUE, ref, { singletonKey: ref.documentId });
  };
  let sweep: NodeJS.Timeout | undefined;

  return {
    engine: 'pg-boss',
    enqueue,
    startWorkers: async (handler: DocumentHandler, concurrency: number) => {
      for (let worker = 0; worker < concurrency; worker++) {
        await boss.work<DocumentRef>(
          QUEUE,
          { batchSize: 1, pollingIntervalSeconds: 0.5 },
          async ([job]) => {
            if (job) await handler(job.data);
          },
        );
      }
      sweep = setInterval(() => {
        options
          .findRunnable(100)
          .then(enqueue)
          .catch((error: unknown) => logger.error({ err: error }, 'job sweep failed'));
      }, SWEEP_MS);
    },
    stop: async (timeoutMs) => {
      clearInterval(sweep);
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    },
  };
}
