import { loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fixtures from '../../../../../tests/fixtures/image-fixtures';
import * as photos from '../../../../../tests/fixtures/photo-fixtures';
import { testReadLimits } from '../../../../../tests/support/read-limits';
import { readImage } from './image';
import { createTesseractOcr, type TesseractOcr } from '../ocr-engine';
import type { OcrEngine, ReadOutput } from '../types';

const LIMITS = testReadLimits({ maxCharacters: 200_000, maxTableRows: 5000 });

let ocr: TesseractOcr;
beforeAll(() => {
  ocr = createTesseractOcr();
});
afterAll(async () => {
  await ocr.terminate();
});

const read = (bytes: Uint8Array, mimeType: string, engine: OcrEngine = ocr, signal?: AbortSignal) =>
  readImage({ bytes, mimeType, fileName: null, limits: LIMITS, ocr: engine, signal });

const textOf = (output: ReadOutput) =>
  output.blocks.map((block) => (block.kind === 'paragraph' ? block.text : '')).join('\n\n');

function expectReceiptText(output: ReadOutput) {
  const text = textOf(output);
  expect(text).toMatch(/CORNER/i);
  expect(text).toMatch(/Croissant/i);
  expect(text).toContain('11.90');
  expect(output.images?.[0]?.ocrText).toBe(text);
  expect(output.images?.[0]?.ocrConfidence).toBeGreaterThan(60);
}

/** The dimensions the kept bytes really have. */
async function decodedSize(bytes: Uint8Array) {
  const image = await loadImage(Buffer.from(bytes));
  return { width: image.width, height: image.height };
}

describe('readImage', () => {
  it('keeps a PNG as it is and reads its text into paragraphs', async () => {
    const png = await fixtures.makeReceiptPng();
    const output = await read(png, 'image/png');
    expectReceiptText(output);
    expect(output.blocks.every((block) => block.kind === 'paragraph')).toBe(true);
    expect(output.title).toBeNull();
    expect(output.warnings).toEqual([]);
    expect(output.images).toHaveLength(1);
    expect(output.images?.[0]).toMatchObject({
      page: null,
      mimeType: 'image/png',
      width: 640,
      height: 400,
    });
    expect(output.images?.[0]?.bytes).toEqual(png);
  });

  it('keeps a JPEG as JPEG and reads it', async () => {
    const output = await read(await fixtures.makeReceiptJpeg(), 'image/jpeg');
    expectReceiptText(output);
    expect(output.images?.[0]).toMatchObject({ mimeType: 'image/jpeg', width: 640, height: 400 });
  });

  it('keeps a turned phone photo upright, with its displayed dimensions', async () => {
    const output = await read(await fixtures.makeTurnedReceiptJpeg(), 'image/jpeg');
    expectReceiptText(output);
    const image = output.images?.[0];
    expect(image).toMatchObject({ mimeType: 'image/jpeg', width: 640, height: 400 });
    expect(await decodedSize(image?.bytes ?? new Uint8Array())).toEqual({
      width: 640,
      height: 400,
    });
  });

  it.each([
    ['image/webp', fixtures.makeReceiptWebp],
    ['image/gif', fixtures.makeReceiptGif],
  ])('keeps a %s as it is and reads it', async (mimeType, make) => {
    const output = await read(await make(), mimeType);
    expect(textOf(output)).toMatch(/Croissant/i);
    expect(output.images?.[0]).toMatchObject({ mimeType, width: 640, height: 400 });
  });

  it.each([
    ['image/bmp', fixtures.makeReceiptBmp],
    ['image/tiff', fixtures.makeReceiptTiff],
  ])('turns a %s into a PNG and reads it', async (mimeType, make) => {
    const output = await read(make(), mimeType);
    expectReceiptText(output);
    const image = output.images?.[0];
    expect(image).toMatchObject({ mimeType: 'image/png', width: 640, height: 400 });
    expect(await decodedSize(image?.bytes ?? new Uint8Array())).toEqual({
      width: 640,
      height: 400,
    });
  });

  it('scales an image wider than 2048 px down, keeping its format', async () => {
    for (const [mimeType, make] of [
      ['image/png', fixtures.makeWideReceiptPng],
      ['image/jpeg', fixtures.makeWideReceiptJpeg],
    ] as const) {
      const output = await read(await make(), mimeType);
      const image = output.images?.[0];
      expect(image).toMatchObject({ mimeType, width: 2048, height: 683 });
      expect(await decodedSize(image?.bytes ?? new Uint8Array())).toEqual({
        width: 2048,
        height: 683,
      });
      expect(textOf(output)).toMatch(/Croissant/i);
    }
  });

  it('reads dark text on a transparent background', async () => {
    const output = await read(await fixtures.makeTransparentReceiptPng(), 'image/png');
    expect(textOf(output)).toMatch(/CORNER/i);
  });

  it('reads faint print on gray paper scanned on a white lid', async () => {
    const output = await read(await fixtures.makeFaintScanJpeg(), 'image/jpeg');
    const text = output.images?.[0]?.ocrText ?? '';
    expect(text).toContain('Oakridge Supplies');
    expect(text).toContain('2024-06-18');
    expect(text).toContain('77.67');
  });

  it('gives no blocks and a warning when the image has no text', async () => {
    const output = await read(await fixtures.makeBlankPng(), 'image/png');
    expect(output.blocks).toEqual([]);
    expect(output.images).toHaveLength(1);
    expect(output.warnings).toEqual([
      'No text was found in the image; a vision model can still read it.',
    ]);
  });

  it('keeps the image with a warning when OCR fails', async () => {
    const broken: OcrEngine = { recognize: () => Promise.reject(new Error('worker unavailable')) };
    const output = await read(await fixtures.makeReceiptPng(), 'image/png', broken);
    expect(output.blocks).toEqual([]);
    expect(output.images?.[0]).toMatchObject({
      mimeType: 'image/png',
      ocrText: null,
      ocrConfidence: null,
    });
    expect(output.warnings?.[0]).toMatch(/OCR\) failed/);
  });

  it.each([
    ['a truncated PNG', 'image/png', fixtures.makeTruncatedPng],
    ['a truncated TIFF', 'image/tiff', fixtures.makeTruncatedTiff],
    ['random bytes as PNG', 'image/png', fixtures.makeRandomBytes],
    ['random bytes as JPEG', 'image/jpeg', fixtures.makeRandomBytes],
    ['random bytes as WebP', 'image/webp', fixtures.makeRandomBytes],
    ['random bytes as GIF', 'image/gif', fixtures.makeRandomBytes],
    ['random bytes as BMP', 'image/bmp', fixtures.makeRandomBytes],
    ['random bytes as TIFF', 'image/tiff', fixtures.makeRandomBytes],
    ['no bytes', 'image/png', () => new Uint8Array()],
  ])('refuses %s as damaged', async (_name, mimeType, make) => {
    await expect(read(await make(), mimeType)).rejects.toMatchObject({
      code: 'IMAGE_PROCESSING_FAILED',
      message: 'Failed to process image: the image is damaged or in an unsupported format.',
    });
  });

  it('refuses an image that claims absurd dimensions before decoding it', async () => {
    const reading = read(await fixtures.makeHugeClaimPng(), 'image/png');
    await expect(reading).rejects.toMatchObject({ code: 'IMAGE_PROCESSING_FAILED' });
    await expect(reading).rejects.toThrow(
      'Failed to process image: the image is 20000×20000 pixels, more than the 40 megapixels allowed.',
    );
  });

  it('reads a photo taken sideways and skewed, placing its words on the image as kept', async () => {
    const block = photos.drawTextBlock(26);
    const photo = photos.rotated(block, 94);
    const png = new Uint8Array(photo.encodeSync('png'));
    const output = await read(png, 'image/png');
    const text = output.images?.[0]?.ocrText ?? '';
    expect(text).toContain('HARBOUR BAKERY');
    expect(text).toContain('12/03/2024');
    expect(text).toMatch(/TOTAL 9\.70/);
    // The image people see is the photo as sent; the words' boxes stand where the photo shows them.
    expect(output.images?.[0]?.bytes).toEqual(png);
    expect(output.pageSizes).toEqual([{ page: 1, width: photo.width, height: photo.height }]);
    const drawn = photos.wordBox(26, 0);
    const [ex, ey] = photos.rotatedPoint(
      block,
      94,
      (drawn.x0 + drawn.x1) / 2,
      (drawn.y0 + drawn.y1) / 2,
    );
    const found = output.words?.find((word) => word.text === drawn.word);
    expect(found?.confidence).toBeGreaterThan(60);
    expect(Math.abs((found?.x0 ?? 0) / 2 + (found?.x1 ?? 0) / 2 - ex)).toBeLessThan(8);
    expect(Math.abs((found?.y0 ?? 0) / 2 + (found?.y1 ?? 0) / 2 - ey)).toBeLessThan(8);
    // Sideways, a word stands taller than it is wide.
    expect((found?.y1 ?? 0) - (found?.y0 ?? 0)).toBeGreaterThan(
      (found?.x1 ?? 0) - (found?.x0 ?? 0),
    );
  });

  it('stops when the signal is aborted', async () => {
    const reason = new Error('request cancelled');
    await expect(
      read(await fixtures.makeReceiptPng(), 'image/png', ocr, AbortSignal.abort(reason)),
    ).rejects.toBe(reason);
  });
});
