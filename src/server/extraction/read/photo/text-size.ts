// Small text (a receipt photographed from afar, a low-resolution scan): tesseract reads best when
// letters are a dozen pixels or more high, so smaller text is enlarged before reading.
import type { PointMap } from './geometry';
import { resample, type GrayImage } from './gray-image';
import type { Ink } from './ink';

/** Letters lower than this (the median mark, in pixels) are enlarged… */
export const SMALL_LETTER = 11;
/** …to about this height… */
const TARGET_LETTER = 20;
/** …by at most this factor. */
export const MAX_FACTOR = 4;

/**
 * The height of the letter-sized marks, in pixels of the image: the median of their heights
 * weighed by their ink, so that specks of noise count for little. Null when there are few marks.
 */
export function letterHeight(ink: Ink): number | null {
  if (ink.marks.length < 5) return null;
  const marks = [...ink.marks].sort((a, b) => a.height - b.height);
  const half = marks.reduce((sum, mark) => sum + mark.area, 0) / 2;
  let seen = 0;
  for (const mark of marks) {
    seen += mark.area;
    if (seen >= half) return mark.height;
  }
  return null;
}

/** How much to enlarge text whose letters are `height` pixels high (1: leave it). */
export function upscaleFactor(height: number | null): number {
  if (height === null || height >= SMALL_LETTER) return 1;
  return Math.min(MAX_FACTOR, TARGET_LETTER / Math.max(1, height));
}

/** The image enlarged `factor` times (bilinear), and the way back. */
export function enlarge(image: GrayImage, factor: number): { image: GrayImage; back: PointMap } {
  const width = Math.round(image.width * factor);
  const height = Math.round(image.height * factor);
  const sx = image.width / width;
  const sy = image.height / height;
  return {
    image: resample(image, width, height, [sx, 0, 0, 0, sy, 0]),
    back: (x, y) => [x * sx, y * sy],
  };
}
