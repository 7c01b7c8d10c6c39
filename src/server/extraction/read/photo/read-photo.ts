// OCR of a photo or a scan after its clean-up: the cleaned image is read, and read again the
// other way up when the first reading is poor (an upside-down photo reads as nonsense, with low
// confidence). The words come back twice: as OCR placed them on the upright image, for rebuilding
// lines and tables, and as boxes on the source image, which is the one people see.
import { UNBUDGETED, type PixelBudget } from '../pixel-budget';
import type { OcrEngine, OcrResult, OcrWord } from '../types';
import { cleanUp, cleanUpCost, upsideDown, type CleanedImage, type CleanUpStep } from './clean-up';
import { boxBack, IDENTITY, type Box } from './geometry';
import { toPgm, type GrayImage } from './gray-image';

/**
 * The steps that measurably help (docs/decisions/030-photos-and-scans.md). Left out: our own
 * threshold ('binarise'; tesseract's, on the evened-out image, reads better) and enlarging small
 * text ('upscale'; tesseract reads the small letters of our photos as well without it, sooner).
 */
export const KEPT_STEPS: ReadonlySet<CleanUpStep> = new Set<CleanUpStep>([
  'lighting',
  'rotation',
  'deskew',
]);

/** A reading at this confidence (0–100) or above is not tried another way round. */
const READS_WELL = 60;
/**
 * A poorly read image whose light was even is read again evened out, gently: paper at this share
 * of its brightness turns white, so faint print on gray paper keeps its strokes. Tesseract's one
 * threshold otherwise splits a receipt's gray paper from the white scanner lid around it, not its
 * print from its paper.
 */
const FAINT_PAPER_SHARE = 0.9;

export type PhotoReading = {
  text: string;
  confidence: number;
  /** The words as they stand on the upright, cleaned image. */
  words: OcrWord[];
  /** Each word's box on the source image, in the same order. */
  boxes: Box[];
};

export type PhotoInput = {
  ocr: OcrEngine;
  /** The image as people see it (the kept image, or a rendered page), in gray. */
  gray: GrayImage;
  steps?: ReadonlySet<CleanUpStep>;
  pixels?: PixelBudget;
  signal?: AbortSignal;
};

/**
 * Reads the cleaned image; when the reading is poor, evened out if its light was not (faint print
 * on a scan), then the other way up, then turned a quarter the other way (and that upside down),
 * until one reads well; the best reading is kept.
 */
export async function readPhoto(input: PhotoInput): Promise<PhotoReading> {
  const { ocr, gray, steps = KEPT_STEPS, pixels = UNBUDGETED, signal } = input;
  const reservation = await pixels.reserve(cleanUpCost(gray.width, gray.height, steps));
  // A clean-up too large for this server's memory is skipped: the image is read as it is.
  if ('isRefused' in reservation) return readCleaned(ocr, asIs(gray), gray, signal);
  try {
    let cleaned = cleanUp(gray, steps, { signal });
    let best = await readCleaned(ocr, cleaned, gray, signal);
    let paperShare: number | undefined;
    if (best.confidence < READS_WELL && steps.has('lighting') && !cleaned.isLit) {
      const lit = cleanUp(gray, steps, { signal, paperShare: FAINT_PAPER_SHARE });
      const reading = await readCleaned(ocr, lit, gray, signal);
      // Kept only when it reads well: a blank page's gray panel, evened out gently, reads as marks.
      if (reading.confidence >= READS_WELL) {
        [best, cleaned, paperShare] = [reading, lit, FAINT_PAPER_SHARE];
      }
    }
    if (!steps.has('rotation')) return best;
    const chosen = cleaned;
    let other: CleanedImage | null = null;
    const others = [
      () => upsideDown(chosen),
      () => (other = cleanUp(gray, steps, { signal, isTurned: chosen.quarters === 0, paperShare })),
      () => upsideDown(other ?? chosen),
    ];
    for (const next of others) {
      if (best.confidence >= READS_WELL) break;
      const reading = await readCleaned(ocr, next(), gray, signal);
      if (reading.confidence > best.confidence) best = reading;
    }
    return best;
  } finally {
    reservation.release();
  }
}

function asIs(image: GrayImage): CleanedImage {
  return { image, back: IDENTITY, quarters: 0, skew: 0, factor: 1, isLit: false };
}

async function readCleaned(
  ocr: OcrEngine,
  cleaned: CleanedImage,
  source: GrayImage,
  signal?: AbortSignal,
): Promise<PhotoReading> {
  const result: OcrResult = await ocr.recognize(toPgm(cleaned.image), signal);
  const words = result.words ?? [];
  const boxes = words.map((word) => boxBack(word, cleaned.back, source.width, source.height));
  return { text: result.text, confidence: result.confidence, words, boxes };
}
