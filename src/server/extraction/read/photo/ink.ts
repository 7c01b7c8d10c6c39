// Where the ink is, on a small copy of the image: enough to tell which way text lines run (their
// rows of ink make a peaked profile across them, a flat one along them) and how tall letters are.
// Ink is taken in connected marks of a letter's size: specks of noise, the dark edge of the table
// a receipt lies on and long rules are left out, as they would pull the profiles their own way.
import type { GrayImage } from './gray-image';
import { binarise, flattenLighting } from './lighting';

/** The long side of the small copy the ink is found on. */
const SAMPLE_SIDE = 1000;
/** At most this many ink points are projected. */
const MAX_POINTS = 60_000;
/** A mark longer than this share of the image's long side is not a letter (an edge, a rule). */
const LONGEST_MARK = 0.15;
/** Marks of fewer pixels than this are specks. */
const LEAST_MARK = 4;
/** Fewer letter-sized marks than this tell nothing of which way or at what angle lines run. */
export const LEAST_LETTERS = 8;

/**
 * Ink points of the small copy, the heights of its letter-sized marks, and how many pixels of the
 * image one of its pixels stands for.
 */
export type InkMark = {
  height: number;
  area: number;
  x: number;
  y: number;
  width: number;
  tall: number;
};

export type Ink = {
  xs: Float32Array;
  ys: Float32Array;
  /** Letter-sized marks: height in pixels of the image, ink, centre and size on the small copy. */
  marks: InkMark[];
  step: number;
};

/** The image shrunk by `step`: each pixel the mean of a step × step block. */
export function shrink(image: GrayImage, step: number): GrayImage {
  if (step <= 1) return image;
  const width = Math.max(1, Math.floor(image.width / step));
  const height = Math.max(1, Math.floor(image.height / step));
  const sums = new Uint32Array(width * height);
  for (let y = 0; y < height * step; y += 1) {
    const row = y * image.width;
    const out = Math.floor(y / step) * width;
    for (let x = 0; x < width * step; x += 1)
      sums[out + Math.floor(x / step)]! += image.data[row + x] ?? 255;
  }
  const area = step * step;
  return { width, height, data: Uint8Array.from(sums, (sum) => Math.round(sum / area)) };
}

type Mark = { pixels: number[]; x0: number; y0: number; x1: number; y1: number };

/** The dark pixels of a binary image in connected (8-neighbour) marks. */
function marksOf(binary: GrayImage): Mark[] {
  const { width, height, data } = binary;
  const seen = new Uint8Array(width * height);
  const marks: Mark[] = [];
  const stack: number[] = [];
  for (let start = 0; start < data.length; start += 1) {
    if (data[start] !== 0 || seen[start]) continue;
    const mark: Mark = { pixels: [], x0: width, y0: height, x1: 0, y1: 0 };
    seen[start] = 1;
    stack.push(start);
    while (stack.length > 0) {
      const at = stack.pop()!;
      const x = at % width;
      const y = (at - x) / width;
      mark.pixels.push(at);
      mark.x0 = Math.min(mark.x0, x);
      mark.x1 = Math.max(mark.x1, x);
      mark.y0 = Math.min(mark.y0, y);
      mark.y1 = Math.max(mark.y1, y);
      for (let dy = -1; dy <= 1; dy += 1) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx += 1) {
          const nx = x + dx;
          const next = ny * width + nx;
          if (nx < 0 || nx >= width || seen[next] || data[next] !== 0) continue;
          seen[next] = 1;
          stack.push(next);
        }
      }
    }
    marks.push(mark);
  }
  return marks;
}

export function findInk(image: GrayImage): Ink {
  const step = Math.max(1, Math.ceil(Math.max(image.width, image.height) / SAMPLE_SIDE));
  const small = binarise(flattenLighting(shrink(image, step)));
  const longest = LONGEST_MARK * Math.max(small.width, small.height);
  const letters = marksOf(small).filter((mark) => {
    const size = Math.max(mark.x1 - mark.x0, mark.y1 - mark.y0) + 1;
    return mark.pixels.length >= LEAST_MARK && size <= longest;
  });
  const total = letters.reduce((sum, mark) => sum + mark.pixels.length, 0);
  const stride = Math.max(1, Math.ceil(total / MAX_POINTS));
  const xs: number[] = [];
  const ys: number[] = [];
  let seen = 0;
  for (const mark of letters)
    for (const at of mark.pixels) {
      if (seen++ % stride !== 0) continue;
      xs.push(at % small.width);
      ys.push(Math.floor(at / small.width));
    }
  const marks = letters.map((mark) => ({
    height: (mark.y1 - mark.y0 + 1) * step,
    area: mark.pixels.length,
    x: (mark.x0 + mark.x1) / 2,
    y: (mark.y0 + mark.y1) / 2,
    width: mark.x1 - mark.x0 + 1,
    tall: mark.y1 - mark.y0 + 1,
  }));
  return { xs: Float32Array.from(xs), ys: Float32Array.from(ys), marks, step };
}

/**
 * Ink counted in bands one pixel high across the direction `degrees` (0: rows of the image; 90:
 * its columns), a line at angle a being y = x·tan a.
 */
export function profileAt(ink: Ink, degrees: number): Float64Array {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  let low = Infinity;
  let high = -Infinity;
  const bands = new Float64Array(ink.xs.length);
  for (let i = 0; i < ink.xs.length; i += 1) {
    const band = (ink.ys[i] ?? 0) * cos - (ink.xs[i] ?? 0) * sin;
    bands[i] = band;
    if (band < low) low = band;
    if (band > high) high = band;
  }
  const profile = new Float64Array(Math.max(1, Math.floor(high - low) + 1));
  for (const band of bands) profile[Math.floor(band - low)]! += 1;
  return profile;
}

/** How peaked the profile is: the mean of its squares over the square of its mean (1 when flat). */
export function peakedness(profile: Float64Array): number {
  let sum = 0;
  let squares = 0;
  for (const count of profile) {
    sum += count;
    squares += count * count;
  }
  if (sum === 0) return 0;
  return (squares * profile.length) / (sum * sum);
}

/** The angle within `around` ± `range` degrees whose profile is most peaked, and that peakedness. */
export function bestAngle(ink: Ink, around: number, range: number, step: number) {
  let angle = around;
  let score = -1;
  for (let offset = -range; offset <= range + 1e-9; offset += step) {
    const candidate = around + offset;
    const candidateScore = peakedness(profileAt(ink, candidate));
    if (candidateScore > score) {
      score = candidateScore;
      angle = candidate;
    }
  }
  return { angle, score };
}
