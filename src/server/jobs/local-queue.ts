import type { Logger } from '../logger';
import type { DocumentHandler, DocumentRef, JobQueue } from './job-queue';

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
  const pollMs = options.pollMs ?? 1000;
  const running = new Map<string, Promise<void>>();
  let handler: DocumentHandler | null = null;
  let concurrency = 0;
  let timer: NodeJS.Timeout | undefined;
  let isPolling = false;
  let isStopped = false;

  const poll = async () => {
    if (!handler || isStopped || isPolling) return;
    isPolling = true;
    try {
      const free = concurrency - running.size;
      if (free <= 0) return;
      const refs = await options.findRunnable(free + running.size);
      for (const ref of refs
        .filter((candidate) => !running.has(candidate.documentId))
        .slice(0, free)) {
        const run = handler(ref)
          .catch((error: unknown) =>
            options.logger.warn({ err: error, ...ref }, 'document will be tried again'),
          )
          .finally(() => {
            running.delete(ref.documentId);
            void poll();
          });
        running.set(ref.documentId, run);
      }
    } catch (error) {
      options.logger.error({ err: error }, 'looking for documents to run failed');
    } finally {
      isPolling = false;
    }
  };

  return {
    engine: 'local',
    enqueue: () => {
      void poll();
      return Promise.resolve();
    },
    startWorkers: (documentHandler, workers) => {
      handler = documentHandler;
      concurrency = workers;
      timer = setInterval(() => void poll(), pollMs);
      void poll();
      return Promise.resolve();
    },
    stop: async (timeoutMs) => {
      isStopped = true;
      clearInterval(timer);
      const drained = Promise.allSettled([...running.values()]);
      await Promise.race([drained, new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
    },
  };
}
