// Runs in a read-pool worker thread (see read-pool.ts): parses one input, or one mail, or
// finishes one run (finish/finish-run.ts), per task.
import { Piscina } from 'piscina';
import { createTesseractOcr, type TesseractOcr } from '../ocr-engine';
import { parseInput } from '../parse-input';
import { portPixelBudget } from './port-pixel-budget';
import { toCrossedError, type PoolTask, type ReadProgress, type ReadTaskResult } from './read-task';

// One OCR engine per worker thread, started on first use; it ends with the thread.
let ocr: TesseractOcr | null = null;

/** A mail's documents move back to the web thread instead of being copied. */
function movingMail(result: ReadTaskResult): ReadTaskResult {
  if (!result.ok || !('mail' in result)) return result;
  // Only bytes that own their whole buffer: moving a shared one would empty its neighbours.
  const buffers = result.mail.inputs.flatMap((input) =>
    input.kind === 'file' &&
    input.bytes.buffer instanceof ArrayBuffer &&
    input.bytes.byteOffset === 0 &&
    input.bytes.byteLength === input.bytes.buffer.byteLength
      ? [input.bytes.buffer]
      : [],
  );
  const movable = {
    [Piscina.transferableSymbol]: [...new Set(buffers)],
    [Piscina.valueSymbol]: result,
  };
  return Piscina.move(movable as unknown as ArrayBuffer) as unknown as ReadTaskResult;
}

async function run(task: PoolTask): Promise<ReadTaskResult> {
  if ('finish' in task) {
    const { finishRun } = await import('../../finish/finish-run');
    return { ok: true, finished: finishRun(task.finish) };
  }
  if ('mailPath' in task) {
    // Only mail loads the mail parser and its character tables, not every read thread's start.
    const { readMail } = await import('../../../modules/inbox/read-mail');
    return { ok: true, mail: await readMail(task.mailPath) };
  }
  ocr ??= createTesseractOcr();
  const report = (message: ReadProgress) => task.progress.postMessage(message);
  const document = await parseInput({
    input: task.input,
    settings: task.settings,
    ocr,
    pixels: portPixelBudget(task.progress),
    onPage: (page, pages) => report({ type: 'page', page, pages }),
  });
  return { ok: true, document };
}

export default async function readTask(task: PoolTask): Promise<ReadTaskResult> {
  task.progress.postMessage({ type: 'started' } satisfies ReadProgress);
  try {
    return movingMail(await run(task));
  } catch (error) {
    return { ok: false, error: toCrossedError(error) };
  } finally {
    task.progress.close();
  }
}
