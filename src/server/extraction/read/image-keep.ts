import type { Canvas } from '@napi-rs/canvas';
import {
  decodeImage,
  encodeCanvas,
  fitWithin,
  flattenOnWhite,
  type Decoded,
  type EncodedImage,
  type ImageSize,
} from './image-convert';
import { countGifFrames } from './image-probe';
import type { ImageData } from './types';

/** Vision models take at most about this many pixels on the long side. */
export const MAX_IMAGE_SIDE = 2048;

const KEPT_AS_IS: readonly string[] = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

export type KeptImage = Omit<EncodedImage, 'mimeType'> & { mimeType: ImageData['mimeType'] };

function isKeptAsIs(mimeType: string): mimeType is ImageData['mimeType'] {
  return KEPT_AS_IS.includes(mimeType);
}

/** The image a vision model gets: the original when it fits, else an upright, smaller or still copy. */
async function keptImage(source: {
  bytes: Uint8Array;
  mimeType: string;
  decoded: Decoded;
  isTurned: boolean;
}): Promise<KeptImage> {
  const { bytes, mimeType, decoded, isTurned } = source;
  const isTooBig = Math.max(decoded.width, decoded.height) > MAX_IMAGE_SIDE;
  const isAnimated = mimeType === 'image/gif' && countGifFrames(bytes) > 1;
  if (isKeptAsIs(mimeType) && !isTooBig && !isAnimated && !isTurned) {
    return { mimeType, bytes, width: decoded.width, height: decoded.height };
  }
  const format = mimeType === 'image/jpeg' || mimeType === 'image/webp' ? mimeType : 'image/png';
  return encodeCanvas(fitWithin(decoded, MAX_IMAGE_SIDE), format);
}

/** What OCR reads of a WebP or GIF: the kept image's pixels on white (as tesseract flattens PNGs), as PNG. */
async function ocrPng(decoded: Decoded, kept: KeptImage): Promise<Uint8Array> {
  const scaled: Canvas = fitWithin(decoded, Math.max(kept.width, kept.height));
  return (await encodeCanvas(flattenOnWhite(scaled), 'image/png')).bytes;
}

/**
 * Decodes the image once and makes from it the image kept for a vision model and the bytes OCR
 * reads. Null when the decoded image is not the size its header said (a damaged file). No
 * decoded pixels outlive the call, so a caller may free them once it returns.
 */
export async function keepImage(
  bytes: Uint8Array,
  mimeType: string,
  size: ImageSize,
): Promise<{ kept: KeptImage; ocrInput: Uint8Array } | null> {
  const decoded = await decodeImage(bytes, mimeType);
  // A JPEG's EXIF orientation is applied when decoding, which can swap width and height.
  const isSameSize = decoded.width === size.width && decoded.height === size.height;
  const isTurned = !isSameSize && decoded.width === size.height && decoded.height === size.width;
  if (!isSameSize && !isTurned) return null;
  const kept = await keptImage({ bytes, mimeType, decoded, isTurned });
  const isOcrReady = kept.mimeType === 'image/png' || kept.mimeType === 'image/jpeg';
  return { kept, ocrInput: isOcrReady ? kept.bytes : await ocrPng(decoded, kept) };
}
