import PgBoss from 'pg-boss';
import type { Logger } from '../logger';
import type { DocumentRef, JobQueue } from './job-queue';
import { createWorkerLoop } from './worker-loop';

/**
 * The queue of document deliveries. Until decision 018 it was `extract-document`, with the
 * 'stately' policy; that queue is left as it is (pg-boss archives what remains in it).
 */
const QUEUE = 'run-job-document';
const POLL_MS = 500;
/** One delivery a minute from pg-boss's cron, for schedules (docs/decisions/029-automation.md). */
const TICK_QUEUE = 'run-due-schedules';
/** How long `tick()` waits for a process to handle its tick. */
const TICK_WAIT_MS = 30_000;
const EVERY_MINUTE = '* * * * *';

export type PgBossQueueOptions = {
  connectionString: string;
  /** pg-boss keeps its tables in a schema of its own. */
  schema: string;
  logger: Logger;
  /**
   * How often the workers of this process send again the documents that should be running but
   * have no delivery: their worker stopped and its lease ran out, their retry delay passed, or
   * their first delivery was lost.
   */
  resendMs: number;
  /** Documents that may be taken now (queued, retry due, or lease run out), oldest first. */
  findRunnable: (limit: number) => Promise<DocumentRef[]>;
};

/**
 * PostgreSQL's engine: pg-boss carries deliveries of documents to workers in any number of
 * processes on any number of machines; our lease on the document (job_documents.lease_owner and
 * lease_until) decides who runs it and when a stopped worker's document is taken over
 * (docs/decisions/018-job-takeover-and-database-faults.md). A delivery is completed as soon as a
 * worker fetches it, so pg-boss's expiry never comes into play, and the 'short' policy keeps at
 * most one delivery waiting per document without ever refusing to start one.
 */
export async function createPgBossQueue(options: PgBossQueueOptions): Promise<JobQueue> {
  const { logger } = options;
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: options.schema,
    max: 4,
    // The timekeeper sends TICK_QUEUE's deliveries, once a minute across all processes.
    schedule: true,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job engine error'));
  await boss.start();
  await boss.createQueue(QUEUE, { name: QUEUE, policy: 'short', retryLimit: 0 });

  const send = async (refs: DocumentRef[]) => {
    if (refs.length === 0) return;
    await boss.insert(
      refs.map((ref) => ({ name: QUEUE, data: ref, singletonKey: ref.documentId })),
    );
  };
  const loop = createWorkerLoop({
    logger,
    pollMs: POLL_MS,
    take: async (limit) => {
      const deliveries = await boss.fetch<DocumentRef>(QUEUE, { batchSize: limit });
      if (deliveries.length === 0) return [];
      await boss.complete(
        QUEUE,
        deliveries.map((delivery) => delivery.id),
      );
      return deliveries.map((delivery) => delivery.data);
    },
  });
  let resend: NodeJS.Timeout | undefined;
  const sendAgain = () =>
    options
      .findRunnable(100)
      .then(send)
      .catch((error: unknown) => logger.error({ err: error }, 'job sweep failed'));

  return {
    engine: 'pg-boss',
    enqueue: async (refs) => {
      // A delivery lost here (the database went away) is sent again by a worker's sweep.
      await send(refs).catch((error: unknown) =>
        logger.warn({ err: error }, 'queueing documents failed; the sweep will send them'),
      );
      loop.wake();
    },
    startTicks: async (handler) => {
      await boss.createQueue(TICK_QUEUE, { name: TICK_QUEUE, policy: 'short', retryLimit: 0 });
      await boss.schedule(TICK_QUEUE, EVERY_MINUTE);
      await boss.work(TICK_QUEUE, { pollingIntervalSeconds: 1 }, async () => {
        await handler().catch((error: unknown) => logger.error({ err: error }, 'tick failed'));
      });
    },
    tick: async () => {
      const id = await boss.send(TICK_QUEUE, {});
      // None is sent while one is waiting (the queue keeps one at most): that one stands for it.
      if (!id) return;
      // Like the local engine's tick, it is over once a process has handled it.
      for (let waited = 0; waited < TICK_WAIT_MS; waited += 100) {
        const job = await boss.getJobById(TICK_QUEUE, id);
        if (!job || !['created', 'retry', 'active'].includes(job.state)) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`No process handled the tick within ${TICK_WAIT_MS / 1000} s`);
    },
    startWorkers: async (handler, concurrency) => {
      await sendAgain();
      loop.start(handler, concurrency);
      resend = setInterval(() => void sendAgain(), options.resendMs);
    },
    stop: async (timeoutMs) => {
      clearInterval(resend);
      await loop.stop(timeoutMs);
      await boss.stop({ wait: true, timeout: 1000 });
    },
  };
}
