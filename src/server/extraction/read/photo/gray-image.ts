// A grayscale picture as OCR's clean-up works on it: one byte a pixel (0 black, 255 white), rows
// top to bottom. Plain arrays, so each step is a pure function that tests can run without OCR.

export type GrayImage = { width: number; height: number; data: Uint8Array };

/** A white image of the size. */
export function blankImage(width: number, height: number): GrayImage {
  return { width, height, data: new Uint8Array(width * height).fill(255) };
}

/** RGBA pixels (as a canvas gives them) to gray, transparent parts on white as OCR sees them. */
export function grayFromRgba(rgba: ArrayLike<number>, width: number, height: number): GrayImage {
  const data = new Uint8Array(width * height);
  for (let i = 0, j = 0; i < data.length; i += 1, j += 4) {
    const luma =
      ((rgba[j] ?? 0) * 299 + (rgba[j + 1] ?? 0) * 587 + (rgba[j + 2] ?? 0) * 114) / 1000;
    const alpha = (rgba[j + 3] ?? 255) / 255;
    data[i] = Math.round(luma * alpha + 255 * (1 - alpha));
  }
  return { width, height, data };
}

/**
 * The image as a binary PGM file, which tesseract's image library reads directly: no canvas and
 * no PNG encoding between the clean-up and OCR.
 */
export function toPgm(image: GrayImage): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${image.width} ${image.height}\n255\n`);
  const file = new Uint8Array(header.length + image.data.length);
  file.set(header);
  file.set(image.data, header.length);
  return file;
}

/** An affine map [a, b, c, d, e, f]: (x, y) → (a·x + b·y + c, d·x + e·y + f). */
export type Affine = readonly [number, number, number, number, number, number];

/**
 * A `width` × `height` image whose pixel centre (x, y) takes the source's value at `map`(x, y),
 * interpolated between the four pixels around it; white outside the source.
 */
export function resample(source: GrayImage, width: number, height: number, map: Affine): GrayImage {
  const [a, b, c, d, e, f] = map;
  const { width: sw, height: sh, data: src } = source;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const cy = y + 0.5;
    for (let x = 0; x < width; x += 1) {
      const cx = x + 0.5;
      const sx = a * cx + b * cy + c - 0.5;
      const sy = d * cx + e * cy + f - 0.5;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const inX0 = x0 >= 0 && x0 < sw;
      const inX1 = x0 + 1 >= 0 && x0 + 1 < sw;
      const inY0 = y0 >= 0 && y0 < sh;
      const inY1 = y0 + 1 >= 0 && y0 + 1 < sh;
      const p00 = inX0 && inY0 ? src[y0 * sw + x0]! : 255;
      const p10 = inX1 && inY0 ? src[y0 * sw + x0 + 1]! : 255;
      const p01 = inX0 && inY1 ? src[(y0 + 1) * sw + x0]! : 255;
      const p11 = inX1 && inY1 ? src[(y0 + 1) * sw + x0 + 1]! : 255;
      const top = p00 + (p10 - p00) * fx;
      const bottom = p01 + (p11 - p01) * fx;
      data[y * width + x] = Math.round(top + (bottom - top) * fy);
    }
  }
  return { width, height, data };
}
