import type { Logger } from '../logger';
import type { DocumentHandler, DocumentRef } from './job-queue';

export type WorkerLoopOptions = {
  logger: Logger;
  /**
   * Up to `limit` documents to try now, none of those this process is running: how an engine
   * hands out work (the jobs tables on SQLite, pg-boss's deliveries on PostgreSQL).
   */
  take: (limit: number, running: ReadonlySet<string>) => Promise<DocumentRef[]>;
  /** How often to look for work when nothing wakes the loop sooner. */
  pollMs: number;
};

export type WorkerLoop = {
  start(handler: DocumentHandler, concurrency: number): void;
  /** Looks for work now (a document was just queued in this process, or one ended). */
  wake(): void;
  /** Stops taking documents and waits for the running ones (up to `timeoutMs`). */
  stop(timeoutMs: number): Promise<void>;
};

/**
 * Runs up to `concurrency` documents at once in this process, taking new ones whenever a slot is
 * free. Which process runs a document is decided by the runner's claim, never here, so a
 * document taken twice (by two processes, or twice by one engine) still runs once.
 */
export function createWorkerLoop(options: WorkerLoopOptions): WorkerLoop {
  const { logger } = options;
  const running = new Map<string, Promise<void>>();
  const ids = new Set<string>();
  let handler: DocumentHandler | null = null;
  let concurrency = 0;
  let timer: NodeJS.Timeout | undefined;
  let isTaking = false;
  let isAgain = false;
  let isStopped = false;

  const run = (ref: DocumentRef) => {
    ids.add(ref.documentId);
    const done = handler!(ref)
      .catch((error: unknown) =>
        logger.warn({ err: error, ...ref }, 'document will be tried again'),
      )
      .finally(() => {
        running.delete(ref.documentId);
        ids.delete(ref.documentId);
        void take();
      });
    running.set(ref.documentId, done);
  };

  const take = async (): Promise<void> => {
    if (!handler || isStopped) return;
    if (isTaking) {
      isAgain = true;
      return;
    }
    isTaking = true;
    try {
      const free = concurrency - running.size;
      if (free <= 0) return;
      const refs = await options.take(free, ids);
      for (const ref of refs) {
        if (running.size >= concurrency || isStopped) break;
        if (!ids.has(ref.documentId)) run(ref);
      }
    } catch (error) {
      logger.error({ err: error }, 'looking for documents to run failed');
    } finally {
      isTaking = false;
      if (isAgain) {
        isAgain = false;
        void take();
      }
    }
  };

  return {
    start: (documentHandler, workers) => {
      handler = documentHandler;
      concurrency = workers;
      timer = setInterval(() => void take(), options.pollMs);
      void take();
    },
    wake: () => void take(),
    stop: async (timeoutMs) => {
      isStopped = true;
      clearInterval(timer);
      const drained = Promise.allSettled([...running.values()]);
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([
        drained,
        new Promise((resolve) => (wait = setTimeout(resolve, timeoutMs))),
      ]);
      clearTimeout(wait);
    },
  };
}
