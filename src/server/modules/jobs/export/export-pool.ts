import { Piscina } from 'piscina';
import { AppError } from '../../../../shared/errors';
import type { Env } from '../../../env';
import type { Logger } from '../../../logger';
import type { ExportTask } from './export-task';
import { workerEntry } from '../../../worker-entry';

/**
 * Threads that write job results as files (docs/decisions/026-heavy-work-off-the-web-thread.md):
 * a large workbook takes seconds of CPU, which on the thread serving requests would stall every
 * other request. Exports beyond the running ones wait in a bounded queue; past it the API
 * answers 503 EXPORTS_BUSY with Retry-After.
 */
export type ExportPool = {
  run(task: ExportTask, signal?: AbortSignal): Promise<Uint8Array<ArrayBuffer>>;
  close(): Promise<void>;
};

export type ExportPoolOptions = {
  /** Exports written at once, one thread each. */
  concurrency: number;
  /** Exports that may wait for a thread. */
  queueLimit: number;
  /** Heap of one thread; an export that needs more answers EXPORT_TOO_LARGE. */
  memoryMb: number;
  logger?: Pick<Logger, 'error' | 'warn'>;
};

const WORKER_ENTRY = workerEntry(import.meta.url, {
  source: './export-worker-entry.mjs',
  built: './export-worker.js',
});
const IDLE_TIMEOUT_MS = 60_000;
const FALLBACK_EXPORT_SECONDS = 2;
const MAX_RETRY_AFTER_SECONDS = 120;

export function exportPoolOptionsFromEnv(env: Env): Omit<ExportPoolOptions, 'logger'> {
  return {
    concurrency: env.EXPORT_CONCURRENCY,
    queueLimit: env.EXPORT_QUEUE_LIMIT,
    memoryMb: env.EXPORT_WORKER_MEMORY_MB,
  };
}

export function createExportPool(options: ExportPoolOptions): ExportPool {
  const piscina = new Piscina<ExportTask, Uint8Array<ArrayBuffer>>({
    filename: WORKER_ENTRY,
    minThreads: 0,
    maxThreads: options.concurrency,
    maxQueue: options.queueLimit,
    idleTimeout: IDLE_TIMEOUT_MS,
    resourceLimits: { maxOldGenerationSizeMb: options.memoryMb },
  });
  piscina.on('error', (error: unknown) =>
    options.logger?.error({ err: error }, 'export worker failed'),
  );
  // Exports submitted and not yet finished: written on a thread or waiting for one. Counted
  // here, since piscina also queues tasks behind a thread that is still starting.
  let inFlight = 0;
  const busy = () => {
    const average = piscina.histogram.runTime.average / 1000;
    const perExport = Number.isFinite(average) && average > 0 ? average : FALLBACK_EXPORT_SECONDS;
    const waves = Math.ceil((inFlight - options.concurrency + 1) / options.concurrency);
    const seconds = Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(waves * perExport)));
    return new AppError('EXPORTS_BUSY', {
      params: { retryAfterSeconds: seconds },
      retryAfterSeconds: seconds,
    });
  };
  return {
    async run(task, signal) {
      if (inFlight >= options.concurrency + options.queueLimit) throw busy();
      inFlight += 1;
      try {
        return await piscina.run(task, { signal });
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if ((error as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
          options.logger?.warn({ format: task.format }, 'export stopped: out of memory');
          throw new AppError('EXPORT_TOO_LARGE', { cause: error });
        }
        throw error;
      } finally {
        inFlight -= 1;
      }
    },
    close: () => piscina.destroy(),
  };
}
