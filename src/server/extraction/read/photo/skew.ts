// The angle of text lines, by projection profiles of the ink: across lines of text the ink comes
// in peaks (lines) and gaps (leading between them); along them it is spread out. The angle whose
// profile is most peaked is the angle of the lines.
import type { PointMap } from './geometry';
import { resample, type Affine, type GrayImage } from './gray-image';
import { bestAngle, LEAST_LETTERS, type Ink } from './ink';

/** Skew is looked for within this many degrees either way. */
export const MAX_SKEW = 15;
/** Smaller skews are left alone (tesseract copes, and resampling blurs). */
const LEAST_SKEW = 0.3;
/**
 * The angle of the text lines in degrees (positive: falling to the right), to a tenth; 0 where
 * there are too few letters to tell (a blank page's profiles are flat at every angle).
 */
export function skewAngle(ink: Ink): number {
  if (ink.marks.length < LEAST_LETTERS) return 0;
  const coarse = bestAngle(ink, 0, MAX_SKEW, 0.5).angle;
  const fine = bestAngle(ink, coarse, 0.5, 0.1).angle;
  return Math.round(fine * 10) / 10;
}

/** The size of the image rotated by `degrees`, grown so that no corner is cut. */
function rotatedSize(width: number, height: number, radians: number) {
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  return {
    width: Math.ceil(width * cos + height * sin),
    height: Math.ceil(width * sin + height * cos),
  };
}

/** The image rotated so that lines at `degrees` run level (a white margin fills the corners). */
export function straighten(
  image: GrayImage,
  degrees: number,
): { image: GrayImage; back: PointMap } {
  if (Math.abs(degrees) < LEAST_SKEW) return { image, back: (x, y) => [x, y] };
  const radians = (degrees * Math.PI) / 180;
  const size = rotatedSize(image.width, image.height, radians);
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const [cx, cy] = [image.width / 2, image.height / 2];
  const [ox, oy] = [size.width / 2, size.height / 2];
  // A point of the level image, turned back by the line angle, lands where it was.
  const back: PointMap = (x, y) => [
    cos * (x - ox) - sin * (y - oy) + cx,
    sin * (x - ox) + cos * (y - oy) + cy,
  ];
  const map: Affine = [cos, -sin, cx - cos * ox + sin * oy, sin, cos, cy - sin * ox - cos * oy];
  return { image: resample(image, size.width, size.height, map), back };
}

/** Whether a skew of `degrees` is worth straightening. */
export function isSkewed(degrees: number): boolean {
  return Math.abs(degrees) >= LEAST_SKEW;
}
