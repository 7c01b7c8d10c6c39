import { loadImage } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { makeReceiptPng } from '../../../../tests/fixtures/image-fixtures';
import { makeInvoicePdf, makeStatementPdf } from '../../../../tests/fixtures/pdf-fixtures';
import { testReadLimits } from '../../../../tests/support/read-limits';
import type { FetchedInput } from '../ingest/fetch-source';
import { toDocumentJson } from '../read-input';
import { createTesseractOcr } from './ocr-engine';
import { parseInput } from './parse-input';
import { UNBUDGETED } from './pixel-budget';

const ocr = createTesseractOcr();
afterAll(() => ocr.terminate());

function file(bytes: Uint8Array, fileName: string, mimeType: string): FetchedInput {
  return {
    kind: 'bytes',
    bytes,
    sourceType: 'file',
    fileName,
    nameForDetection: fileName,
    mimeType,
    url: null,
    warnings: [],
  };
}

const read = (input: FetchedInput, pagePictures?: boolean) =>
  parseInput({
    input,
    settings: { limits: testReadLimits(), pdfMaxBytes: 10 * 1024 * 1024, pagePictures },
    ocr,
    pixels: UNBUDGETED,
  });

describe('page pictures', () => {
  it('draws each PDF page read as a JPEG 1300 pixels on its long side, when asked', async () => {
    const document = await read(
      file(await makeStatementPdf(), 'statement.pdf', 'application/pdf'),
      true,
    );
    // The first five pages are read (of seven), and each is drawn.
    expect(
      document.pictures?.map(({ page, width, height, mimeType }) => ({
        page,
        width,
        height,
        mimeType,
      })),
    ).toEqual(
      [1, 2, 3, 4, 5].map((page) => ({ page, width: 919, height: 1300, mimeType: 'image/jpeg' })),
    );
    const first = document.pictures![0]!;
    expect([...first.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const image = await loadImage(Buffer.from(first.bytes));
    expect([image.width, image.height]).toEqual([919, 1300]);
  });

  it('draws nothing unless asked (reading a file, `rowsmith read`), and never puts pictures in the JSON Document', async () => {
    const bytes = await makeInvoicePdf();
    const plain = await read(file(bytes, 'invoice.pdf', 'application/pdf'));
    expect(plain.pictures).toBeUndefined();
    const drawn = await read(file(bytes, 'invoice.pdf', 'application/pdf'), true);
    expect(drawn.pictures).toHaveLength(1);
    expect(toDocumentJson(drawn, 'data-url')).not.toHaveProperty('pictures');
    expect(drawn.markdown).toBe(plain.markdown);
  });

  it('gives an image the picture OCR read, in whose pixels its word boxes are', async () => {
    const document = await read(file(await makeReceiptPng(), 'receipt.png', 'image/png'), true);
    const [picture] = document.pictures ?? [];
    expect(picture).toMatchObject({ page: 1, mimeType: 'image/png' });
    expect(document.layout?.pages).toEqual([
      { page: 1, width: picture!.width, height: picture!.height },
    ]);
    expect(picture!.bytes).toEqual(document.images[0]!.bytes);
  });
});
