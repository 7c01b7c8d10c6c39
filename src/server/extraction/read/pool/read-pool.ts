import type { Env } from '../../../env';
import type { FetchedInput, InputSource } from '../../ingest/fetch-source';
import type { ReadMail } from '../../../modules/inbox/read-mail';
import type { ServerDocument } from '../types';
import { createPixelArbiter } from './pixel-arbiter';
import { createReadLane, type ReadLaneOptions, type ReadOptions } from './read-lane';
import { documentToFinish, type FinishedRun, type FinishTaskInput } from '../../finish/finish-run';
import type { ReadTask } from './read-task';

export type { ReadOptions } from './read-lane';

export type ReadPoolOptions = Omit<ReadLaneOptions, 'minThreads' | 'pixels'> & {
  /** Threads of the main lane kept ready; 0 starts them on first use (tests, the CLI). */
  minThreads?: number;
  /** Decoded pixels all reads of the process may hold at once. */
  processPixelBytes: number;
};

/**
 * Parses untrusted input in worker threads, so that no input can hurt another request. Two
 * lanes: the main one (`concurrency` threads) for every file and page, and one thread for small
 * text, so that an ordinary paste is never stuck behind heavy files (docs/decisions/008).
 */
export type ReadPool = {
  read(task: Omit<ReadTask, 'progress'>, options?: ReadOptions): Promise<ServerDocument>;
  /**
   * Reads the mail in the file at `path` (modules/inbox/read-mail.ts) in the main lane, with a
   * read's memory cap and deadline; a mail is never small text.
   */
  readMail(path: string, options?: ReadOptions): Promise<ReadMail>;
  /**
   * Finishes a run on a thread (finish/finish-run.ts): evidence, review and checks take CPU in
   * proportion to the document, which the web thread cannot spare. A short document's finish
   * takes the light lane, so that it never waits behind heavy files.
   */
  finish(input: FinishTaskInput, options?: ReadOptions): Promise<FinishedRun>;
  /** Throws SERVER_BUSY when a read of this input submitted now would be refused. */
  assertCapacity(input: InputSource | FetchedInput): void;
  /** The worker threads alive now. */
  stats(): { threadIds: number[] };
  close(): Promise<void>;
};

/** Text up to this size parses in milliseconds, whatever it holds. */
export const LIGHT_READ_MAX_BYTES = 256 * 1024;
const LIGHT_QUEUE_LIMIT = 50;

// The first bytes of the formats that are containers or binary (zip, PDF, images, OLE).
const HEAVY_SIGNATURES = [
  [0x50, 0x4b],
  [0x25, 0x50, 0x44, 0x46],
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8],
  [0x47, 0x49, 0x46],
  [0x52, 0x49, 0x46, 0x46],
  [0x42, 0x4d],
  [0x49, 0x49],
  [0x4d, 0x4d],
  [0xd0, 0xcf],
];

function startsWith(bytes: Uint8Array, signature: number[]) {
  return signature.every((byte, index) => bytes[index] === byte);
}

/**
 * Whether an input takes the light lane: pasted text, or a small file that is not a container
 * or an image (judged by its first bytes alone, which is not parsing). Web pages take the main lane.
 */
export function isLightInput(input: InputSource | FetchedInput): boolean {
  if (input.kind === 'text') return input.text.length <= LIGHT_READ_MAX_BYTES;
  if (input.kind === 'url' || (input.kind === 'bytes' && input.sourceType === 'url')) return false;
  const { bytes } = input;
  if (bytes.byteLength > LIGHT_READ_MAX_BYTES) return false;
  return !HEAVY_SIGNATURES.some((signature) => startsWith(bytes, signature));
}

const MB = 1024 * 1024;

export function readPoolOptionsFromEnv(env: Env): ReadPoolOptions {
  return {
    concurrency: env.READ_CONCURRENCY,
    queueLimit: env.READ_QUEUE_LIMIT,
    memoryMb: env.READ_WORKER_MEMORY_MB,
    timeoutMs: env.READ_TIMEOUT_SECONDS * 1000,
    processPixelBytes: env.PIXEL_MEMORY_MB * MB,
    readPixelBytes: env.PIXEL_MEMORY_PER_READ_MB * MB,
  };
}

export function createReadPool(options: ReadPoolOptions): ReadPool {
  const pixels = createPixelArbiter({
    processBytes: options.processPixelBytes,
    readBytes: options.readPixelBytes,
  });
  const main = createReadLane({ ...options, pixels, minThreads: options.minThreads ?? 0 });
  const light = createReadLane({
    ...options,
    pixels,
    concurrency: 1,
    queueLimit: LIGHT_QUEUE_LIMIT,
    minThreads: options.minThreads ?? 0,
  });
  const laneOf = (input: InputSource | FetchedInput) => (isLightInput(input) ? light : main);
  return {
    read: (task, readOptions) => laneOf(task.input).read(task, readOptions),
    readMail: (path, readOptions) => main.readMail({ mailPath: path }, readOptions),
    finish: (input, readOptions) => {
      const lane = input.document.markdown.length <= LIGHT_READ_MAX_BYTES ? light : main;
      const finish = { ...input, document: documentToFinish(input.document) };
      return lane.finish({ finish }, readOptions);
    },
    assertCapacity: (input) => laneOf(input).assertCapacity(),
    stats: () => ({ threadIds: [...main.threadIds(), ...light.threadIds()] }),
    close: async () => {
      await Promise.all([main.close(), light.close()]);
    },
  };
}
