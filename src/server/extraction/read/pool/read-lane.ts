import { setFlagsFromString } from 'node:v8';
import { Piscina } from 'piscina';
import { AppError } from '../../../../shared/errors';
import type { Logger } from '../../../logger';
import type { ReadMail } from '../../../modules/inbox/read-mail';
import type { ServerDocument } from '../types';
import type { PixelArbiter } from './pixel-arbiter';
import type { FinishedRun } from '../../finish/finish-run';
import {
  fromCrossedError,
  type FinishTask,
  type MailTask,
  type PoolTask,
  type ReadTask,
  type ReadTaskResult,
  type SubmittedTask,
} from './read-task';
import { startRun } from './read-run';
import { workerEntry } from '../../../worker-entry';

export type ReadLaneOptions = {
  /** Reads that run at once, one worker thread each. */
  concurrency: number;
  /** Reads that may wait for a thread; past this a read is refused as SERVER_BUSY. */
  queueLimit: number;
  /** Heap of one worker thread; a read that needs more fails as READ_TOO_COMPLEX. */
  memoryMb: number;
  /** Time one read may run, from the moment a thread starts it; then the thread is stopped. */
  timeoutMs: number;
  /** Threads kept ready. 0 starts them on first use, which suits tests and the CLI. */
  minThreads: number;
  /** The process's budget of decoded pixels, shared by every lane. */
  pixels: PixelArbiter;
  /** Decoded pixels one read may hold at once. */
  readPixelBytes: number;
  logger?: Pick<Logger, 'error' | 'warn'>;
};

export type ReadOptions = {
  signal?: AbortSignal;
  /** Called as each page of a PDF is read. */
  onPage?: (page: number, pages: number) => void;
};

/** Worker threads that parse one input each, with a memory cap, a deadline and a bounded queue. */
export type ReadLane = {
  read(task: Omit<ReadTask, 'progress'>, options?: ReadOptions): Promise<ServerDocument>;
  readMail(task: Omit<MailTask, 'progress'>, options?: ReadOptions): Promise<ReadMail>;
  finish(task: Omit<FinishTask, 'progress'>, options?: ReadOptions): Promise<FinishedRun>;
  /** Throws SERVER_BUSY when a read submitted now would be refused. */
  assertCapacity(): void;
  threadIds(): number[];
  close(): Promise<void>;
};

const WORKER_ENTRY = workerEntry(import.meta.url, {
  source: './read-worker-entry.mjs',
  built: './read-worker.js',
});
const IDLE_TIMEOUT_MS = 60_000;
const FALLBACK_READ_SECONDS = 5;
const MAX_RETRY_AFTER_SECONDS = 120;

export function createReadLane(options: ReadLaneOptions): ReadLane {
  // Decoded pixels live outside the JavaScript heap and are freed only when the objects holding
  // them are collected, which nothing prompts, since the heap hardly grows. A reading thread
  // therefore collects before it gives pixels back (pixel-budget.ts), through the gc function
  // this flag gives threads started after it.
  setFlagsFromString('--expose-gc');
  const piscina = new Piscina<PoolTask, ReadTaskResult>({
    filename: WORKER_ENTRY,
    minThreads: options.minThreads,
    maxThreads: options.concurrency,
    maxQueue: options.queueLimit,
    idleTimeout: IDLE_TIMEOUT_MS,
    // Threads keep an OCR engine between tasks; they must not be paused while idle.
    atomics: 'disabled',
    resourceLimits: { maxOldGenerationSizeMb: options.memoryMb },
  });
  // A thread that fails outside a task is replaced; it must never take the process down.
  piscina.on('error', (error: unknown) =>
    options.logger?.error({ err: error }, 'read worker failed'),
  );

  const retryAfterSeconds = () => {
    const average = piscina.histogram.runTime.average / 1000;
    const perRead = Number.isFinite(average) && average > 0 ? average : FALLBACK_READ_SECONDS;
    const waves = Math.ceil((inFlight - options.concurrency + 1) / options.concurrency);
    return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(waves * perRead)));
  };
  const busy = () => {
    const seconds = retryAfterSeconds();
    return new AppError('SERVER_BUSY', {
      params: { retryAfterSeconds: seconds },
      retryAfterSeconds: seconds,
    });
  };
  // Reads submitted and not yet finished: running on a thread or waiting for one.
  let inFlight = 0;
  const assertCapacity = () => {
    if (inFlight >= options.concurrency + options.queueLimit) throw busy();
  };

  const runTask = async (
    task: SubmittedTask,
    { signal, onPage }: ReadOptions = {},
  ): Promise<ReadTaskResult & { ok: true }> => {
    signal?.throwIfAborted();
    assertCapacity();
    const run = startRun({ ...options, signal, onPage });
    inFlight += 1;
    try {
      const result = await piscina.run(
        { ...task, progress: run.port },
        { signal: run.signal, transferList: [run.port, ...movableBuffers(task)] },
      );
      if (result.ok) return result;
      if (result.error.stack)
        options.logger?.error({ err: result.error.stack }, 'read worker error');
      throw fromCrossedError(result.error);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw translateFailure(error, run.isPastDeadline(), busy, options.logger);
    } finally {
      inFlight -= 1;
      run.end();
    }
  };

  return {
    assertCapacity,
    read: async (task, readOptions) => {
      const result = await runTask(task, readOptions);
      if (!('document' in result)) throw new Error('a read answered with a mail');
      return result.document;
    },
    readMail: async (task, readOptions) => {
      const result = await runTask(task, readOptions);
      if (!('mail' in result)) throw new Error('a mail read answered with a document');
      return result.mail;
    },
    finish: async (task, readOptions) => {
      const result = await runTask(task, readOptions);
      if (!('finished' in result)) throw new Error('a finish answered with a read');
      return result.finished;
    },
    threadIds: () => piscina.threads.map((thread) => thread.threadId),
    close: () => piscina.destroy(),
  };
}

/**
 * An upload's bytes move to the worker instead of being copied, when they own their whole
 * buffer (a slice of a shared one must be copied: moving it would empty its neighbours).
 */
function movableBuffers(task: SubmittedTask): ArrayBuffer[] {
  if (!('input' in task) || task.input.kind !== 'bytes') return [];
  const { bytes } = task.input;
  const isWhole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return isWhole && bytes.buffer instanceof ArrayBuffer ? [bytes.buffer] : [];
}

function translateFailure(
  error: unknown,
  isPastDeadline: boolean,
  busy: () => AppError,
  logger: ReadLaneOptions['logger'],
): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (isPastDeadline || code === 'ERR_WORKER_OUT_OF_MEMORY') {
    const reason = isPastDeadline ? 'time' : 'memory';
    logger?.warn({ reason }, 'read stopped: too complex');
    return new AppError('READ_TOO_COMPLEX', { details: { reason }, cause: error });
  }
  if (error instanceof Error && error.message === 'Task queue is at limit') return busy();
  logger?.error({ err: error }, 'read worker stopped');
  return new AppError('FILE_PROCESSING_FAILED', {
    params: { message: 'the file is damaged or could not be read.' },
    cause: error,
  });
}
