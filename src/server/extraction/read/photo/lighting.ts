// Uneven light (a shadow across a photographed receipt, a lamp's bright spot): the paper's own
// brightness is estimated block by block and divided out, so paper comes out white everywhere and
// ink dark, and one threshold then tells them apart.
import type { GrayImage } from './gray-image';

/** Blocks the paper's brightness is estimated over: about this many across the long side. */
const BLOCKS_ACROSS = 48;
/**
 * What is at least this share of the paper's brightness around it comes out white: paper's grain,
 * a pale tinted panel, and the rim the estimate leaves where a gray area meets white, which OCR
 * would otherwise read as marks.
 */
const PAPER_SHARE = 0.8;

/** The brightest pixel of each block, then the brightest block around each (ink-filled blocks). */
function paperLevels(image: GrayImage, block: number) {
  const { width, height, data } = image;
  const columns = Math.ceil(width / block);
  const rows = Math.ceil(height / block);
  const brightest = new Uint8Array(columns * rows);
  for (let y = 0; y < height; y += 1) {
    const row = Math.floor(y / block) * columns;
    for (let x = 0; x < width; x += 1) {
      const cell = row + Math.floor(x / block);
      const value = data[y * width + x] ?? 255;
      if (value > (brightest[cell] ?? 0)) brightest[cell] = value;
    }
  }
  const levels = new Float32Array(columns * rows);
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < columns; c += 1) {
      let top = 0;
      for (let dr = -1; dr <= 1; dr += 1)
        for (let dc = -1; dc <= 1; dc += 1) {
          const rr = Math.min(rows - 1, Math.max(0, r + dr));
          const cc = Math.min(columns - 1, Math.max(0, c + dc));
          top = Math.max(top, brightest[rr * columns + cc] ?? 0);
        }
      levels[r * columns + c] = Math.max(1, top);
    }
  }
  return { levels, columns, rows };
}

/**
 * Light is evened out only where the paper's brightness varies more than this across the image:
 * the dimmest tenth of the paper at most this share of the brightest tenth. A flatbed scan is lit
 * evenly (real scanned receipts: 0.82 and up) and evening it out only thins faint print; a shadow
 * across a photo, or the table a receipt was photographed on, falls well below (0.70 and under on
 * our photos with a shadow).
 */
const EVEN_LIGHT = 0.75;

/** Whether the paper is lit unevenly enough for `flattenLighting` to be worth its risk. */
export function isUnevenlyLit(image: GrayImage): boolean {
  const block = blockSize(image);
  const levels = [...paperLevels(image, block).levels].sort((a, b) => a - b);
  const at = (share: number) => levels[Math.floor(share * (levels.length - 1))] ?? 255;
  return at(0.1) < EVEN_LIGHT * at(0.9);
}

function blockSize({ width, height }: GrayImage): number {
  return Math.max(8, Math.ceil(Math.max(width, height) / BLOCKS_ACROSS));
}

/** Where each pixel falls between block centres: the blocks either side and the weight of the second. */
function between(pixels: number, block: number, blocks: number) {
  const first = new Int32Array(pixels);
  const weight = new Float32Array(pixels);
  for (let i = 0; i < pixels; i += 1) {
    const at = Math.min(blocks - 1, Math.max(0, (i + 0.5) / block - 0.5));
    first[i] = Math.floor(at);
    weight[i] = at - Math.floor(at);
  }
  return { first, weight };
}

/** The image with the paper's brightness divided out: paper near white, ink in proportion. */
export function flattenLighting(image: GrayImage, share = PAPER_SHARE): GrayImage {
  const { width, height, data } = image;
  const block = blockSize(image);
  const { levels, columns, rows } = paperLevels(image, block);
  const across = between(width, block, columns);
  const down = between(height, block, rows);
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const r0 = down.first[y]!;
    const r1 = Math.min(rows - 1, r0 + 1);
    const fy = down.weight[y]!;
    for (let x = 0; x < width; x += 1) {
      const c0 = across.first[x]!;
      const c1 = Math.min(columns - 1, c0 + 1);
      const fx = across.weight[x]!;
      const top = levels[r0 * columns + c0]! * (1 - fx) + levels[r0 * columns + c1]! * fx;
      const bottom = levels[r1 * columns + c0]! * (1 - fx) + levels[r1 * columns + c1]! * fx;
      const paper = (top * (1 - fy) + bottom * fy) * share;
      out[y * width + x] = Math.min(255, Math.round((255 * data[y * width + x]!) / paper));
    }
  }
  return { width, height, data: out };
}

/** Each pixel the mean of the 3 × 3 around it: noise evened out before a threshold. */
export function smooth(image: GrayImage): GrayImage {
  const { width, height, data } = image;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const up = Math.max(0, y - 1) * width;
    const row = y * width;
    const down = Math.min(height - 1, y + 1) * width;
    for (let x = 0; x < width; x += 1) {
      const left = Math.max(0, x - 1);
      const right = Math.min(width - 1, x + 1);
      const sum =
        data[up + left]! +
        data[up + x]! +
        data[up + right]! +
        data[row + left]! +
        data[row + x]! +
        data[row + right]! +
        data[down + left]! +
        data[down + x]! +
        data[down + right]!;
      out[row + x] = Math.round(sum / 9);
    }
  }
  return { width, height, data: out };
}

/** Otsu's threshold: the gray level that best splits the pixels into two classes. */
export function otsuLevel(image: GrayImage): number {
  const histogram = new Float64Array(256);
  for (const value of image.data) histogram[value] = (histogram[value] ?? 0) + 1;
  const total = image.data.length;
  let sumAll = 0;
  for (let level = 0; level < 256; level += 1) sumAll += level * (histogram[level] ?? 0);
  let below = 0;
  let sumBelow = 0;
  let best = 0;
  let bestLevel = 127;
  for (let level = 0; level < 256; level += 1) {
    below += histogram[level] ?? 0;
    if (below === 0 || below === total) continue;
    sumBelow += level * (histogram[level] ?? 0);
    const meanBelow = sumBelow / below;
    const meanAbove = (sumAll - sumBelow) / (total - below);
    const between = below * (total - below) * (meanBelow - meanAbove) ** 2;
    if (between > best) {
      best = between;
      bestLevel = level;
    }
  }
  return bestLevel;
}

/**
 * Ink is at least this dark: paper evened out is near white, so a paler gray (a tinted panel, the
 * rim of a shadow) is not ink even where Otsu's level would make it so.
 */
const PALEST_INK = 170;

/** Black (0) at or below Otsu's level (never above the palest ink), white (255) above it. */
export function binarise(image: GrayImage): GrayImage {
  const level = Math.min(PALEST_INK, otsuLevel(image));
  const data = image.data.map((value) => (value <= level ? 0 : 255));
  return { width: image.width, height: image.height, data };
}
