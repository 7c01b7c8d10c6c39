import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker as NodeWorker } from 'node:worker_threads';
import { createWorker, OEM } from 'tesseract.js';
import type { Block, Worker as TesseractWorker } from 'tesseract.js';
import { AppError } from '../../../shared/errors';
import type { OcrEngine, OcrResult, OcrWord } from './types';

// Local OCR with tesseract.js: English LSTM data from @tesseract.js-data/eng, the wasm core from
// tesseract.js-core, both in node_modules, so nothing is fetched. Workers start on first use and
// are reused; each runs one recognition at a time.

/** The LSTM-only ("best_int") English data, gzipped, as the package ships it. */
const LANG_PATH = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng')),
  '4.0.0_best_int',
);
const STARTUP_TIMEOUT_MS = 60_000;

type LiveWorker = { tesseract: TesseractWorker; died: Promise<never>; isDead: () => boolean };
type Slot = { worker: Promise<LiveWorker> | null; isBusy: boolean };
type Job = {
  image: Uint8Array;
  resolve: (result: OcrResult) => void;
  reject: (reason: Error) => void;
};

export type TesseractOcr = OcrEngine & { terminate(): Promise<void> };

export function createTesseractOcr(options: { workers?: number } = {}): TesseractOcr {
  const slots: Slot[] = Array.from({ length: Math.max(1, options.workers ?? 1) }, () => ({
    worker: null,
    isBusy: false,
  }));
  const queue: Job[] = [];

  const pump = (): void => {
    for (const slot of slots) {
      if (slot.isBusy) continue;
      const job = queue.shift();
      if (!job) return;
      slot.isBusy = true;
      void runJob(slot, job).finally(() => {
        slot.isBusy = false;
        pump();
      });
    }
  };

  return {
    recognize(image, signal) {
      if (signal?.aborted) return Promise.reject(abortReason(signal));
      return new Promise<OcrResult>((resolve, reject) => {
        const onAbort = () => {
          const index = queue.indexOf(job);
          if (index >= 0) queue.splice(index, 1);
          if (signal) reject(abortReason(signal));
        };
        const settle = () => signal?.removeEventListener('abort', onAbort);
        const job: Job = {
          image,
          resolve: (result) => (settle(), resolve(result)),
          reject: (reason) => (settle(), reject(reason)),
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(job);
        pump();
      });
    },
    async terminate() {
      for (const job of queue.splice(0)) job.reject(ocrError(new Error('OCR engine stopped')));
      const workers = slots.flatMap((slot) => (slot.worker ? [slot.worker] : []));
      for (const slot of slots) slot.worker = null;
      await Promise.allSettled(workers.map(async (worker) => (await worker).tesseract.terminate()));
    },
  };
}

async function runJob(slot: Slot, job: Job): Promise<void> {
  let live: LiveWorker | null = null;
  try {
    live = await workerFor(slot);
    const output = { text: true, blocks: true };
    const { data } = await Promise.race([
      live.tesseract.recognize(toBuffer(job.image), {}, output),
      live.died,
    ]);
    job.resolve({
      text: tidyText(data.text),
      confidence: clampConfidence(data.confidence),
      words: wordsOf(data.blocks ?? []),
    });
  } catch (error) {
    if (live?.isDead()) slot.worker = null;
    job.reject(ocrError(error));
  }
}

/** The slot's worker, started (or restarted after a crash) when needed. */
async function workerFor(slot: Slot): Promise<LiveWorker> {
  const current = slot.worker ? await slot.worker.catch(() => null) : null;
  if (current && !current.isDead()) return current;
  const starting = startWorker();
  slot.worker = starting;
  starting.catch(() => {
    if (slot.worker === starting) slot.worker = null;
  });
  return starting;
}

async function startWorker(): Promise<LiveWorker> {
  if (!existsSync(path.join(LANG_PATH, 'eng.traineddata.gz'))) {
    throw new Error(`English OCR data is missing from ${LANG_PATH}`);
  }
  let failStartup: (reason: unknown) => void = () => {};
  const startupFailed = new Promise<never>((_, reject) => {
    failStartup = reject;
    setTimeout(
      () => reject(new Error('OCR worker did not start in time')),
      STARTUP_TIMEOUT_MS,
    ).unref();
  });
  startupFailed.catch(() => {});
  const tesseract = await Promise.race([
    createWorker('eng', OEM.LSTM_ONLY, {
      langPath: LANG_PATH,
      gzip: true,
      cacheMethod: 'none',
      logger: () => {},
      // Called when the worker rejects a job; the job's own promise carries the error too.
      errorHandler: (error: unknown) => failStartup(error),
    }),
    startupFailed,
  ]);
  return watchThread(tesseract);
}

/** Keeps the thread's output off our console and notices when the thread ends. */
function watchThread(tesseract: TesseractWorker): LiveWorker {
  const thread: unknown = Reflect.get(tesseract, 'worker');
  let isDead = false;
  const died = new Promise<never>((_, reject) => {
    if (!(thread instanceof NodeWorker)) return;
    for (const stream of [thread.stdout, thread.stderr]) {
      stream.unpipe();
      stream.resume();
    }
    thread.on('error', (error) => {
      isDead = true;
      reject(error);
    });
    thread.once('exit', (code) => {
      isDead = true;
      reject(new Error(`OCR worker stopped with exit code ${code}`));
    });
  });
  died.catch(() => {});
  return { tesseract, died, isDead: () => isDead };
}

/** The signal's reason, which is an Error unless the caller chose otherwise. */
function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  return new DOMException('The operation was aborted.', 'AbortError');
}

function ocrError(cause: unknown): AppError {
  if (cause instanceof AppError) return cause;
  return new AppError('IMAGE_PROCESSING_FAILED', {
    params: { message: 'text recognition (OCR) failed.' },
    cause,
  });
}

function toBuffer(image: Uint8Array): Buffer {
  return Buffer.from(image.buffer, image.byteOffset, image.byteLength);
}

/** Every word with its box; its line's baseline (where the word stands) and row height. */
function wordsOf(blocks: Block[]): OcrWord[] {
  const words: OcrWord[] = [];
  for (const line of blocks.flatMap((block) => block.paragraphs.flatMap((p) => p.lines))) {
    const { x0, y0, x1, y1 } = line.baseline;
    const slope = x1 > x0 ? (y1 - y0) / (x1 - x0) : 0;
    const lineHeight = line.rowAttributes.rowHeight || line.bbox.y1 - line.bbox.y0;
    for (const word of line.words) {
      const text = word.text.trim();
      if (!text) continue;
      const middle = (word.bbox.x0 + word.bbox.x1) / 2;
      words.push({
        text,
        ...word.bbox,
        baseline: y0 + slope * (middle - x0),
        lineHeight,
        confidence: clampConfidence(word.confidence),
      });
    }
  }
  return words;
}

/** Lines without trailing spaces, no blank lines at either end. */
function tidyText(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/^\n+/, '')
    .trimEnd();
}

function clampConfidence(confidence: number): number {
  if (!Number.isFinite(confidence)) return 0;
  return Math.min(100, Math.max(0, confidence));
}
