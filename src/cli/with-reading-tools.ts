import { AppError } from '../shared/errors';
import { createTesseractOcr } from '../server/extraction/read/ocr-engine';
import type { OcrEngine } from '../server/extraction/read/types';

/**
 * Runs a command that reads input: gives it an OCR engine, turns an expected failure into its
 * message on stderr and exit code 1, and always stops the engine.
 */
export async function withReadingTools(run: (ocr: OcrEngine) => Promise<number>): Promise<number> {
  const ocr = createTesseractOcr();
  try {
    return await run(ocr);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    console.warn(error.message);
    return 1;
  } finally {
    await ocr.terminate();
  }
}
