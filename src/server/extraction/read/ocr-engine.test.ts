import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRandomBytes, makeReceiptPng } from '../../../../tests/fixtures/image-fixtures';
import { createTesseractOcr, type TesseractOcr } from './ocr-engine';

const threadCount = () => readdirSync('/proc/self/task').length;

describe('createTesseractOcr', () => {
  let ocr: TesseractOcr;
  let receipt: Uint8Array;

  beforeAll(async () => {
    ocr = createTesseractOcr();
    receipt = await makeReceiptPng();
  });

  afterAll(async () => {
    await ocr.terminate();
  });

  it('reads the text of a clean image, offline, with a confidence', async () => {
    const result = await ocr.recognize(receipt);
    expect(result.text).toMatch(/CORNER CAFE/i);
    expect(result.text).toMatch(/Croissant/i);
    expect(result.text).toContain('11.90');
    expect(result.text).toBe(result.text.trim());
    expect(result.confidence).toBeGreaterThan(70);
    expect(result.confidence).toBeLessThanOrEqual(100);
  });

  it('reuses one warm worker across calls', async () => {
    await ocr.recognize(receipt);
    const threads = threadCount();
    const timings: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      const started = performance.now();
      await ocr.recognize(receipt);
      timings.push(performance.now() - started);
    }
    expect(threadCount()).toBe(threads);
    console.info(
      `warm OCR of the clean receipt PNG: ${timings.map((ms) => `${Math.round(ms)} ms`).join(', ')}`,
    );
  });

  it('serves calls made at the same time, one after another', async () => {
    const results = await Promise.all([ocr.recognize(receipt), ocr.recognize(receipt)]);
    for (const result of results) expect(result.text).toMatch(/TOTAL/i);
  });

  it('rejects with the reason when the signal is aborted before or while waiting', async () => {
    const reason = new Error('user went away');
    await expect(ocr.recognize(receipt, AbortSignal.abort(reason))).rejects.toBe(reason);

    const controller = new AbortController();
    const running = ocr.recognize(receipt);
    const waiting = ocr.recognize(receipt, controller.signal);
    controller.abort(reason);
    await expect(waiting).rejects.toBe(reason);
    expect((await running).text).toMatch(/CORNER/i);
  });

  it('rejects bytes that are not an image and keeps working', async () => {
    await expect(ocr.recognize(makeRandomBytes())).rejects.toMatchObject({
      code: 'IMAGE_PROCESSING_FAILED',
    });
    expect((await ocr.recognize(receipt)).text).toMatch(/CORNER/i);
  });

  it('starts a new worker after terminate, and terminate can be called twice', async () => {
    const other = createTesseractOcr();
    await other.recognize(receipt);
    await other.terminate();
    await other.terminate();
    expect((await other.recognize(receipt)).text).toMatch(/Croissant/i);
    await other.terminate();
  });
});
