// Runs in a read-pool worker thread (see read-pool.ts): parses one input per task.
import { createTesseractOcr, type TesseractOcr } from '../ocr-engine';
import { parseInput } from '../parse-input';
import { portPixelBudget } from './port-pixel-budget';
import { toCrossedError, type ReadProgress, type ReadTask, type ReadTaskResult } from './read-task';

// One OCR engine per worker thread, started on first use; it ends with the thread.
let ocr: TesseractOcr | null = null;

export default async function readTask(task: ReadTask): Promise<ReadTaskResult> {
  const report = (message: ReadProgress) => task.progress.postMessage(message);
  report({ type: 'started' });
  try {
    ocr ??= createTesseractOcr();
    const document = await parseInput({
      input: task.input,
      settings: task.settings,
      ocr,
      pixels: portPixelBudget(task.progress),
      onPage: (page, pages) => report({ type: 'page', page, pages }),
    });
    return { ok: true, document };
  } catch (error) {
    return { ok: false, error: toCrossedError(error) };
  } finally {
    task.progress.close();
  }
}
