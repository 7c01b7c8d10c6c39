// Quarter turns (a photo taken sideways or upside down), clockwise, with the way back.
import type { PointMap } from './geometry';
import type { GrayImage } from './gray-image';

export type QuarterTurns = 0 | 1 | 2 | 3;

/** The image turned clockwise by `quarters` × 90°. */
export function turnImage(image: GrayImage, quarters: QuarterTurns): GrayImage {
  if (quarters === 0) return image;
  const { width, height, data } = image;
  const isSideways = quarters % 2 === 1;
  const outWidth = isSideways ? height : width;
  const outHeight = isSideways ? width : height;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < outHeight; y += 1) {
    for (let x = 0; x < outWidth; x += 1) {
      const [sx, sy] =
        quarters === 1
          ? [y, height - 1 - x]
          : quarters === 2
            ? [width - 1 - x, height - 1 - y]
            : [width - 1 - y, x];
      out[y * outWidth + x] = data[sy * width + sx] ?? 255;
    }
  }
  return { width: outWidth, height: outHeight, data: out };
}

/** A point of the turned image → the point of the image of `width` × `height` it came from. */
export function turnBack(quarters: QuarterTurns, width: number, height: number): PointMap {
  if (quarters === 1) return (x, y) => [y, height - x];
  if (quarters === 2) return (x, y) => [width - x, height - y];
  if (quarters === 3) return (x, y) => [width - y, x];
  return (x, y) => [x, y];
}
