import { AppError } from '../../../../shared/errors';
import { cleanText } from '../clean-text';
import { decodeCost } from './image-convert';
import { keepImage, MAX_IMAGE_SIDE } from './image-keep';
import { probeImage, type ImageSize } from './image-probe';
import { blocksText, ocrBlocks } from '../ocr-layout';
import type { CleanUpStep } from '../photo/clean-up';
import { KEPT_STEPS, readPhoto, type PhotoInput } from '../photo/read-photo';
import { megabytes, UNBUDGETED, type PixelBudget } from '../pixel-budget';
import type { Block, ImageData, PlacedWord, Reader, ReaderInput, ReadOutput } from '../types';

/** Larger images are refused before decoding (a small file can unpack to gigabytes). */
export const MAX_IMAGE_PIXELS = 40_000_000;

const NO_TEXT_WARNING = 'No text was found in the image; a vision model can still read it.';
const OCR_FAILED_WARNING =
  'Text recognition (OCR) failed for the image; a vision model can still read it.';

type OcrOutcome = {
  text: string | null;
  confidence: number | null;
  blocks: Block[];
  warnings: string[];
  /** The words OCR found, on page 1 (the image), in the kept image's pixels. */
  words: PlacedWord[];
};

/**
 * Decodes within a reservation of the pixels it will hold, and gives them back (freed) before
 * the clean-up for OCR, which reserves its own.
 */
async function decodeWithin(
  pixels: PixelBudget,
  bytes: Uint8Array,
  mimeType: string,
  size: ImageSize,
) {
  const needed = decodeCost(size, mimeType, MAX_IMAGE_SIDE);
  const reservation = await pixels.reserve(needed);
  if ('isRefused' in reservation) throw tooMuchToDecode(size, needed, reservation.limitBytes);
  try {
    const prepared = await keepImage(bytes, mimeType, size).catch((cause: unknown) => {
      throw damaged(cause);
    });
    if (!prepared) throw damaged();
    return prepared;
  } finally {
    reservation.release();
  }
}

/**
 * An image: kept for a vision model (as PNG, JPEG, WebP or GIF) and read locally with OCR; a
 * table in it (a receipt, a scanned list) comes out as a table.
 */
export const readImage: Reader = (input) => readImageWith(KEPT_STEPS, input);

/** The image reader with only `steps` of the clean-up before OCR (to measure what each does). */
export async function readImageWith(
  steps: ReadonlySet<CleanUpStep>,
  { bytes, mimeType, ocr, pixels, signal }: ReaderInput,
): Promise<ReadOutput> {
  const size = probeImage(bytes, mimeType);
  if (!size || size.width < 1 || size.height < 1) throw damaged();
  if (size.width * size.height > MAX_IMAGE_PIXELS) throw tooLarge(size);
  const budget = pixels ?? UNBUDGETED;
  const { kept, gray } = await decodeWithin(budget, bytes, mimeType, size);
  signal?.throwIfAborted();
  const outcome = await recognize({ ocr, gray, steps, pixels: budget, signal });
  const image: ImageData = {
    page: null,
    mimeType: kept.mimeType,
    width: kept.width,
    height: kept.height,
    bytes: kept.bytes,
    ocrText: outcome.text,
    ocrConfidence: outcome.confidence,
  };
  return {
    blocks: outcome.blocks,
    images: [image],
    title: null,
    warnings: outcome.warnings,
    words: outcome.words,
    pageSizes: [{ page: 1, width: kept.width, height: kept.height }],
  };
}

/**
 * OCR after the clean-up (read/photo/): lines and tables are rebuilt from where the words stand on
 * the upright image, and each word is placed on the kept image, where people see it.
 */
async function recognize(input: PhotoInput): Promise<OcrOutcome> {
  const { signal } = input;
  try {
    const result = await readPhoto(input);
    const laidOut = result.words.length > 0 ? ocrBlocks(result.words, null, 'image') : [];
    const text = cleanText(laidOut.length > 0 ? blocksText(laidOut) : result.text);
    const blocks = laidOut.length > 0 ? laidOut : paragraphs(text);
    const confidence = Math.round(result.confidence);
    const words = result.words.map((word, i): PlacedWord => {
      const { x0, y0, x1, y1 } = result.boxes[i] ?? word;
      return { page: 1, text: word.text, x0, y0, x1, y1, confidence: word.confidence ?? null };
    });
    return { text, confidence, blocks, words, warnings: text ? [] : [NO_TEXT_WARNING] };
  } catch (error) {
    if (signal?.aborted) throw error;
    const warnings = [OCR_FAILED_WARNING];
    return { text: null, confidence: null, blocks: [], words: [], warnings };
  }
}

function paragraphs(text: string): Block[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => ({ kind: 'paragraph', text: paragraph, page: null }));
}

function damaged(cause?: unknown): AppError {
  return new AppError('IMAGE_PROCESSING_FAILED', {
    params: { message: 'the image is damaged or in an unsupported format.' },
    cause,
  });
}

function tooMuchToDecode({ width, height }: ImageSize, needed: number, limit: number): AppError {
  return new AppError('IMAGE_PROCESSING_FAILED', {
    params: {
      message: `the image is ${width}×${height} pixels, which takes ${megabytes(needed)} of memory to read, more than the ${megabytes(limit)} this server allows one file.`,
    },
  });
}

function tooLarge({ width, height }: ImageSize): AppError {
  const limit = MAX_IMAGE_PIXELS / 1_000_000;
  return new AppError('IMAGE_PROCESSING_FAILED', {
    params: {
      message: `the image is ${width}×${height} pixels, more than the ${limit} megapixels allowed.`,
    },
  });
}
