import { createCanvas, ImageData, loadImage } from '@napi-rs/canvas';
import type { Canvas, Image } from '@napi-rs/canvas';
import UTIF from 'utif2';
import { probeTiff, type ImageSize } from './image-probe';

// Image bytes → size (from the header, before anything is decoded) → decoded pixels → a canvas of
// the size kept → bytes. Sizes are read first because decoding allocates width × height × 4 bytes
// at once; the decoded image is drawn straight at the size kept, never copied at full size.

export type { ImageSize } from './image-probe';
export type EncodedImage = ImageSize & {
  mimeType: 'image/png' | 'image/jpeg' | 'image/webp';
  bytes: Uint8Array;
};

/** Decoded pixels that can be drawn: an image, or (for TIFF, which the decoder lacks) a canvas. */
export type Decoded = Image | Canvas;

/** Decodes the image (the first frame or page). */
export async function decodeImage(bytes: Uint8Array, mimeType: string): Promise<Decoded> {
  if (mimeType === 'image/tiff') return decodeTiff(bytes);
  return loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

/**
 * Bytes of pixels decoding and keeping an image of `size` holds at most: the decoded pixels
 * (for TIFF also the file's raw samples and their RGBA copy), and up to three canvases of the
 * size kept (scaled, the encoder's own copy, and the pixels read back for OCR).
 */
export function decodeCost(size: ImageSize, mimeType: string, keptSide: number): number {
  const copies = mimeType === 'image/tiff' ? 3 : 1;
  const scale = Math.min(1, keptSide / Math.max(size.width, size.height));
  const kept = Math.ceil(size.width * scale) * Math.ceil(size.height * scale) * 4;
  return copies * size.width * size.height * 4 + 3 * kept;
}

function decodeTiff(bytes: Uint8Array): Canvas {
  const { ifd } = probeTiff(bytes);
  if (!ifd) throw new Error('The TIFF file has no complete image.');
  UTIF.decodeImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), ifd);
  const rgba = UTIF.toRGBA8(ifd);
  const canvas = createCanvas(ifd.width, ifd.height);
  const pixels = new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, ifd.width * ifd.height * 4);
  canvas.getContext('2d').putImageData(new ImageData(pixels, ifd.width, ifd.height), 0, 0);
  return canvas;
}

function isCanvas(source: Decoded): source is Canvas {
  return 'getContext' in source;
}

/** A canvas of the pixels, scaled so that its long side is at most `maxSide` (never enlarged). */
export function fitWithin(source: Decoded, maxSide: number): Canvas {
  const scale = Math.min(1, maxSide / Math.max(source.width, source.height));
  if (scale === 1 && isCanvas(source)) return source;
  const width = Math.max(1, Math.round(source.width * scale));
  const height = Math.max(1, Math.round(source.height * scale));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, width, height);
  return canvas;
}

/**
 * Encoded in this thread (a read pool's), never on the thread pool: @napi-rs/canvas 0.1's async
 * encode reads a canvas the garbage collector may free meanwhile, which crashed the process with a
 * segmentation fault (its issue 1312). The test fixtures encode the same way.
 */
export function encodeCanvas(canvas: Canvas, mimeType: EncodedImage['mimeType']): EncodedImage {
  const bytes =
    mimeType === 'image/png'
      ? canvas.encodeSync('png')
      : canvas.encodeSync(mimeType === 'image/jpeg' ? 'jpeg' : 'webp', 90);
  return { mimeType, bytes: new Uint8Array(bytes), width: canvas.width, height: canvas.height };
}
