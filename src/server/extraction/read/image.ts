import type { Canvas } from '@napi-rs/canvas';
import { AppError } from '../../../shared/errors';
import { cleanText } from './clean-text';
import {
  countGifFrames,
  decodeToCanvas,
  encodeCanvas,
  fitWithin,
  flattenOnWhite,
  probeImage,
  type EncodedImage,
  type ImageSize,
} from './image-convert';
import { blocksText, ocrBlocks } from './ocr-layout';
import type { Block, ImageData, OcrEngine, PlacedWord, Reader } from './types';

/** Vision models take at most about this many pixels on the long side. */
export const MAX_IMAGE_SIDE = 2048;
/** Larger images are refused before decoding (a small file can unpack to gigabytes). */
export const MAX_IMAGE_PIXELS = 40_000_000;

const NO_TEXT_WARNING = 'No text was found in the image; a vision model can still read it.';
const OCR_FAILED_WARNING =
  'Text recognition (OCR) failed for the image; a vision model can still read it.';
const KEPT_AS_IS: readonly string[] = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

type KeptImage = Omit<EncodedImage, 'mimeType'> & { mimeType: ImageData['mimeType'] };
type OcrOutcome = {
  text: string | null;
  confidence: number | null;
  blocks: Block[];
  warnings: string[];
  /** The words OCR found, on page 1 (the image), in the kept image's pixels. */
  words: PlacedWord[];
};

/**
 * An image: kept for a vision model (as PNG, JPEG, WebP or GIF) and read locally with OCR; a
 * table in it (a receipt, a scanned list) comes out as a table.
 */
export const readImage: Reader = async ({ bytes, mimeType, ocr, signal }) => {
  const size = probeImage(bytes, mimeType);
  if (!size || size.width < 1 || size.height < 1) throw damaged();
  if (size.width * size.height > MAX_IMAGE_PIXELS) throw tooLarge(size);
  const canvas = await decodeToCanvas(bytes, mimeType).catch((cause: unknown) => {
    throw damaged(cause);
  });
  // A JPEG's EXIF orientation is applied when decoding, which can swap width and height.
  const isSameSize = canvas.width === size.width && canvas.height === size.height;
  const isTurned = !isSameSize && canvas.width === size.height && canvas.height === size.width;
  if (!isSameSize && !isTurned) throw damaged();
  signal?.throwIfAborted();

  const kept = await keptImage({ bytes, mimeType, canvas, isTurned });
  const isOcrReady = kept.mimeType === 'image/png' || kept.mimeType === 'image/jpeg';
  const ocrInput = isOcrReady ? kept.bytes : await ocrPng(canvas, kept);
  const outcome = await recognize(ocr, ocrInput, signal);
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
};

/** The image a vision model gets: the original when it fits, else an upright, smaller or still copy. */
async function keptImage(source: {
  bytes: Uint8Array;
  mimeType: string;
  canvas: Canvas;
  isTurned: boolean;
}): Promise<KeptImage> {
  const { bytes, mimeType, canvas, isTurned } = source;
  const isTooBig = Math.max(canvas.width, canvas.height) > MAX_IMAGE_SIDE;
  const isAnimated = mimeType === 'image/gif' && countGifFrames(bytes) > 1;
  if (isKeptAsIs(mimeType) && !isTooBig && !isAnimated && !isTurned) {
    return { mimeType, bytes, width: canvas.width, height: canvas.height };
  }
  const format = mimeType === 'image/jpeg' || mimeType === 'image/webp' ? mimeType : 'image/png';
  return encodeCanvas(fitWithin(canvas, MAX_IMAGE_SIDE), format);
}

/** What OCR reads of a WebP or GIF: the kept image's pixels on white (as tesseract flattens PNGs), as PNG. */
async function ocrPng(canvas: Canvas, kept: KeptImage): Promise<Uint8Array> {
  const scaled = fitWithin(canvas, Math.max(kept.width, kept.height));
  return (await encodeCanvas(flattenOnWhite(scaled), 'image/png')).bytes;
}

async function recognize(
  ocr: OcrEngine,
  image: Uint8Array,
  signal?: AbortSignal,
): Promise<OcrOutcome> {
  try {
    const result = await ocr.recognize(image, signal);
    // Where OCR says where its words stand, lines and tables are rebuilt from their places.
    const laidOut = result.words?.length ? ocrBlocks(result.words, null, 'image') : [];
    const text = cleanText(laidOut.length > 0 ? blocksText(laidOut) : result.text);
    const blocks = laidOut.length > 0 ? laidOut : paragraphs(text);
    const confidence = Math.round(result.confidence);
    const words = (result.words ?? []).map((word): PlacedWord => ({
      page: 1,
      text: word.text,
      x0: word.x0,
      y0: word.y0,
      x1: word.x1,
      y1: word.y1,
      confidence: word.confidence ?? null,
    }));
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

function isKeptAsIs(mimeType: string): mimeType is ImageData['mimeType'] {
  return KEPT_AS_IS.includes(mimeType);
}

function damaged(cause?: unknown): AppError {
  return new AppError('IMAGE_PROCESSING_FAILED', {
    params: { message: 'the image is damaged or in an unsupported format.' },
    cause,
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
