import type { Canvas } from '@napi-rs/canvas';
import {
  decodeImage,
  encodeCanvas,
  fitWithin,
  type EncodedImage,
  type ImageSize,
} from './image-convert';
import { countGifFrames } from './image-probe';
import { grayFromRgba, type GrayImage } from '../photo/gray-image';
import type { ImageData } from '../types';

/** Vision models take at most about this many pixels on the long side. */
export const MAX_IMAGE_SIDE = 2048;

const KEPT_AS_IS: readonly string[] = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

export type KeptImage = Omit<EncodedImage, 'mimeType'> & { mimeType: ImageData['mimeType'] };

function isKeptAsIs(mimeType: string): mimeType is ImageData['mimeType'] {
  return KEPT_AS_IS.includes(mimeType);
}

/** The image a vision model gets: the original when it fits, else an upright, smaller or still copy. */
function keptImage(source: {
  bytes: Uint8Array;
  mimeType: string;
  scaled: Canvas;
  isScaled: boolean;
  isTurned: boolean;
}): KeptImage {
  const { bytes, mimeType, scaled, isScaled, isTurned } = source;
  const isAnimated = mimeType === 'image/gif' && countGifFrames(bytes) > 1;
  if (isKeptAsIs(mimeType) && !isScaled && !isAnimated && !isTurned) {
    return { mimeType, bytes, width: scaled.width, height: scaled.height };
  }
  const format = mimeType === 'image/jpeg' || mimeType === 'image/webp' ? mimeType : 'image/png';
  return encodeCanvas(scaled, format);
}

/** What OCR reads: the kept image's pixels in gray, transparent parts on white. */
function grayOf(canvas: Canvas): GrayImage {
  const { data, width, height } = canvas
    .getContext('2d')
    .getImageData(0, 0, canvas.width, canvas.height);
  return grayFromRgba(data, width, height);
}

/**
 * Decodes the image once and draws it at the size kept (one canvas), from which come the image
 * kept for a vision model and the gray pixels OCR reads, so that the words OCR finds stand on the
 * kept image. Null when the decoded image is not the size its header said (a damaged file). No
 * decoded pixels outlive the call, so a caller may free them once it returns.
 */
export async function keepImage(
  bytes: Uint8Array,
  mimeType: string,
  size: ImageSize,
): Promise<{ kept: KeptImage; gray: GrayImage } | null> {
  const decoded = await decodeImage(bytes, mimeType);
  // A JPEG's EXIF orientation is applied when decoding, which can swap width and height.
  const isSameSize = decoded.width === size.width && decoded.height === size.height;
  const isTurned = !isSameSize && decoded.width === size.height && decoded.height === size.width;
  if (!isSameSize && !isTurned) return null;
  const isScaled = Math.max(decoded.width, decoded.height) > MAX_IMAGE_SIDE;
  const scaled = fitWithin(decoded, MAX_IMAGE_SIDE);
  const kept = keptImage({ bytes, mimeType, scaled, isScaled, isTurned });
  return { kept, gray: grayOf(scaled) };
}
