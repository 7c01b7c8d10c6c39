import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLargeBlankPng } from '../fixtures/hostile-png-fixtures';
import { makeReceiptPng } from '../fixtures/image-fixtures';
import { createTestApp, type TestApp } from '../support/create-test-app';
import { TEST_DATABASES } from '../support/test-databases';

// Decoded pixels are reserved from the process's budget before anything is decoded
// (docs/decisions/008-read-isolation.md): reads wait for their turn, and a file that needs more
// than one read may hold is refused with both figures, disturbing nothing else.

type ErrorBody = { error: { code: string; message: string } };

async function postFile(testApp: TestApp, bytes: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.set('file', new File([Buffer.from(bytes)], name, { type }));
  return testApp.app.request('/api/documents/read', { method: 'POST', body: form });
}

async function expectHealthy(testApp: TestApp) {
  expect((await testApp.app.request('/api/health')).status).toBe(200);
  const small = await testApp.app.request('/api/documents/read', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text: 'Item: pen\nPrice: 2' }),
  });
  expect(small.status).toBe(200);
}

describe('decoded pixels within the budget', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    // Room for one 36-megapixel image at a time (it takes 186 MB to read).
    testApp = await createTestApp(TEST_DATABASES[0]!, {
      READ_CONCURRENCY: '2',
      PIXEL_MEMORY_MB: '200',
      PIXEL_MEMORY_PER_READ_MB: '200',
    });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('reads large images one after another when the budget holds one, answering each', async () => {
    const png = makeLargeBlankPng();
    const responses = await Promise.all(
      [1, 2, 3].map((n) => postFile(testApp, png, `scan-${n}.png`, 'image/png')),
    );
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    const document = (await responses[0]!.json()) as { images: { width: number }[] };
    expect(document.images[0]?.width).toBe(2048);
    await expectHealthy(testApp);
  });

  it('refuses an image that needs more than one read may hold, clearly, and nothing else', async () => {
    const tight = await createTestApp(TEST_DATABASES[0]!, { PIXEL_MEMORY_PER_READ_MB: '64' });
    try {
      const receipt = await makeReceiptPng();
      const [refused, other] = await Promise.all([
        postFile(tight, makeLargeBlankPng(), 'scan.png', 'image/png'),
        postFile(tight, receipt, 'receipt.png', 'image/png'),
      ]);
      expect(refused.status).toBe(422);
      expect(((await refused.json()) as ErrorBody).error).toMatchObject({
        code: 'IMAGE_PROCESSING_FAILED',
        message:
          'Failed to process image: the image is 6000×6000 pixels, which takes 186 MB of memory to read, more than the 64 MB this server allows one file.',
      });
      expect(other.status).toBe(200);
      await expectHealthy(tight);
    } finally {
      await tight.close();
    }
  });
});
