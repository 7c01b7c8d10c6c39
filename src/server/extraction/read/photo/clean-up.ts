// Before OCR: even out the light, turn a sideways photo upright, straighten skewed lines, enlarge
// small text, and set ink black on white. Each step can be left out, so that its effect can be
// measured (npm run bench:receipts; docs/decisions/030-photos-and-scans.md).
import { compose, IDENTITY, type PointMap } from './geometry';
import type { GrayImage } from './gray-image';
import { findInk } from './ink';
import { binarise, flattenLighting, isUnevenlyLit, smooth } from './lighting';
import { isSideways } from './orientation';
import { isSkewed, MAX_SKEW, skewAngle, straighten } from './skew';
import { enlarge, letterHeight, MAX_FACTOR, upscaleFactor } from './text-size';
import { turnBack, turnImage, type QuarterTurns } from './turn';

export type CleanUpStep = 'lighting' | 'rotation' | 'deskew' | 'upscale' | 'binarise';

/** Every step there is, in the order they run. */
export const ALL_STEPS: readonly CleanUpStep[] = [
  'lighting',
  'rotation',
  'deskew',
  'upscale',
  'binarise',
];

/** The image OCR reads is never larger than this many pixels (enlarging stops short of it). */
export const MAX_OCR_PIXELS = 8_000_000;

export type CleanedImage = {
  image: GrayImage;
  /** A point of `image` → the point of the source image it shows. */
  back: PointMap;
  quarters: QuarterTurns;
  skew: number;
  factor: number;
  /** Whether its light was evened out. */
  isLit: boolean;
};

/**
 * Bytes reading a `width` × `height` image with `steps` holds at most: three times (once for each
 * way the photo may be turned, and once more evened out after a poor reading) the evened-out and
 * turned copies and the straightened one (grown to
 * hold its corners); and four times the image OCR reads (each reading's file and a copy turned the
 * other way up), enlarged when small text is, at most to MAX_OCR_PIXELS.
 */
export function cleanUpCost(
  width: number,
  height: number,
  steps: ReadonlySet<CleanUpStep>,
): number {
  const slant = Math.sin((MAX_SKEW * Math.PI) / 180);
  const straightened = Math.ceil((width + slant * height) * (slant * width + height));
  const enlarged = steps.has('upscale')
    ? Math.min(MAX_OCR_PIXELS, MAX_FACTOR ** 2 * straightened)
    : straightened;
  return 3 * (2 * width * height + straightened) + 4 * enlarged;
}

/**
 * The image cleaned up by `steps`. Whether it was taken sideways is found from its letters, unless
 * `isTurned` says (to try the other way when reading it as found went badly).
 */
export function cleanUp(
  source: GrayImage,
  steps: ReadonlySet<CleanUpStep>,
  options: { signal?: AbortSignal; isTurned?: boolean; paperShare?: number } = {},
): CleanedImage {
  const { signal, paperShare } = options;
  // Evening out thins faint print, so it runs only where the light is uneven, or where
  // `paperShare` asks for it (a scan read poorly as it was).
  const isLit = steps.has('lighting') && (paperShare !== undefined || isUnevenlyLit(source));
  let image = isLit ? flattenLighting(source, paperShare) : source;
  let back: PointMap = IDENTITY;
  let quarters: QuarterTurns = 0;
  const isLooking = steps.has('rotation') || steps.has('deskew') || steps.has('upscale');
  let ink = isLooking ? findInk(image) : null;
  signal?.throwIfAborted();
  const isTurned = steps.has('rotation') && (options.isTurned ?? (ink !== null && isSideways(ink)));
  if (ink && isTurned) {
    quarters = 1;
    back = turnBack(1, image.width, image.height);
    image = turnImage(image, 1);
    ink = findInk(image);
  }
  const skew = ink ? skewAngle(ink) : 0;
  signal?.throwIfAborted();
  const height = ink && steps.has('upscale') ? letterHeight(ink) : null;
  if (steps.has('deskew') && isSkewed(skew)) {
    const level = straighten(image, skew);
    image = level.image;
    back = compose(back, level.back);
  }
  signal?.throwIfAborted();
  const room = Math.sqrt(MAX_OCR_PIXELS / (image.width * image.height));
  const factor = Math.min(room, upscaleFactor(height));
  if (factor > 1) {
    const enlarged = enlarge(image, factor);
    image = enlarged.image;
    back = compose(back, enlarged.back);
  }
  if (steps.has('binarise')) image = binarise(smooth(image));
  return {
    image,
    back,
    quarters,
    skew: steps.has('deskew') ? skew : 0,
    factor: Math.max(1, factor),
    isLit,
  };
}

/** The cleaned image the other way up (for a photo whose first reading suggests it is upside down). */
export function upsideDown(cleaned: CleanedImage): CleanedImage {
  const { image } = cleaned;
  return {
    ...cleaned,
    image: turnImage(image, 2),
    back: compose(cleaned.back, turnBack(2, image.width, image.height)),
    quarters: ((cleaned.quarters + 2) % 4) as QuarterTurns,
  };
}
