import type { Logger } from '../logger';
import type { DocumentRef, JobQueue } from './job-queue';
import { createWorkerLoop } from './worker-loop';

export type LocalQueueOptions = {
  logger: Logger;
  /** Documents workers may take now, oldest first (the jobs tables are this engine's queue). */
  findRunnable: (limit: number) => Promise<DocumentRef[]>;
  pollMs?: number;
};

/**
 * The embedded engine: the jobs tables are the queue. Workers poll them for documents to run
 * (new ones, ones given back for a retry, ones whose process stopped), and the runner's claim on
 * a document decides which process runs it, so several processes can share one SQLite file.
 */
export function createLocalQueue(options: LocalQueueOptions): JobQueue {
  const loop = createWorkerLoop({
    logger: options.logger,
    pollMs: options.pollMs ?? 1000,
    take: async (limit, running) => {
      const refs = await options.findRunnable(limit + running.size);
      return refs.filter((ref) => !running.has(ref.documentId)).slice(0, limit);
    },
  });
  return {
    engine: 'local',
    enqueue: () => {
      loop.wake();
      return Promise.resolve();
    },
    startWorkers: (handler, concurrency) => {
      loop.start(handler, concurrency);
      return Promise.resolve();
    },
    stop: (timeoutMs) => loop.stop(timeoutMs),
  };
}
