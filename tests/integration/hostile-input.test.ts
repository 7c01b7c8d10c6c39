import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeLyingZip,
  makeManyRowsXlsx,
  makeMergedSheetXlsx,
  makeParagraphFloodDocx,
  makeParagraphFloodHtml,
} from '../fixtures/hostile-fixtures';
import { makeDecompressionBombPng } from '../fixtures/hostile-png-fixtures';
import { createTestApp, type TestApp } from '../support/create-test-app';
import { TEST_DATABASES } from '../support/test-databases';

// Files that once took the server down. Each must now get a clear answer naming the limit it
// broke, on the default settings, and leave the server answering.

type ErrorBody = { error: { code: string; message: string; details?: { reason?: string } } };

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function postFile(testApp: TestApp, bytes: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.set('file', new File([Buffer.from(bytes)], name, { type }));
  return testApp.app.request('/api/documents/read', { method: 'POST', body: form });
}

async function expectHealthy(testApp: TestApp) {
  const health = await testApp.app.request('/api/health');
  expect(health.status).toBe(200);
  const small = await testApp.app.request('/api/documents/read', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text: 'Item: pen\nPrice: 2' }),
  });
  expect(small.status).toBe(200);
}

describe('hostile files on the default settings', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(TEST_DATABASES[0]!);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it.each([
    {
      name: 'a 152 KB DOCX whose document.xml is 50 MB of paragraphs',
      file: () => makeParagraphFloodDocx(),
      fileName: 'flood.docx',
      type: DOCX,
      status: 422,
      message: 'Failed to process file: one of its parts holds more than 1,000,000 elements.',
    },
    {
      name: 'a DOCX whose zip says 1,000 bytes but inflates to 1.1 GB',
      file: () => makeLyingZip('docx'),
      fileName: 'lying.docx',
      type: DOCX,
      status: 413,
      message: 'Failed to process file: one of its parts unpacks to more than 64MB.',
    },
    {
      name: 'an XLSX whose zip says 1,000 bytes but inflates to 1.1 GB',
      file: () => makeLyingZip('xlsx'),
      fileName: 'lying.xlsx',
      type: XLSX,
      status: 413,
      message: 'Failed to process file: one of its parts unpacks to more than 64MB.',
    },
    {
      name: 'a 5 MB page of <p>x</p>',
      file: () => makeParagraphFloodHtml(),
      fileName: 'flood.html',
      type: 'text/html',
      status: 422,
      message: 'Failed to process the page: it has more than 150,000 elements.',
    },
    {
      name: 'a PNG that decodes to 361 megapixels',
      file: () => makeDecompressionBombPng(),
      fileName: 'bomb.png',
      type: 'image/png',
      status: 422,
      message:
        'Failed to process image: the image is 19000×19000 pixels, more than the 40 megapixels allowed.',
    },
  ])('refuses $name with a clear message', async ({ file, fileName, type, status, message }) => {
    const response = await postFile(testApp, file(), fileName, type);
    expect(response.status).toBe(status);
    expect(((await response.json()) as ErrorBody).error.message).toBe(message);
    await expectHealthy(testApp);
  });

  it('reads a million-row XLSX up to the row limit, streaming, and says so', async () => {
    const response = await postFile(testApp, makeManyRowsXlsx(), 'rows.xlsx', XLSX);
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      tables: { rows: string[][] }[];
      metadata: { warnings: string[] };
    };
    expect(document.tables[0]?.rows).toHaveLength(100_000);
    expect(document.metadata.warnings).toContain(
      'Only the first 100000 rows of sheet "Rows" were read.',
    );
    await expectHealthy(testApp);
  });
  it('reads a 1.5 KB XLSX whose one cell is merged over the whole sheet', async () => {
    const response = await postFile(testApp, makeMergedSheetXlsx(), 'merged.xlsx', XLSX);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { tables: { header: string[]; rows: unknown[] }[] };
    expect(document.tables).toEqual([
      expect.objectContaining({ header: ['Quarterly report'], rows: [] }),
    ]);
    await expectHealthy(testApp);
  });
});

describe('a read that runs out of time or memory', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(TEST_DATABASES[0]!, {
      READ_TIMEOUT_SECONDS: '1',
      READ_CONCURRENCY: '1',
      READ_QUEUE_LIMIT: '0',
      HTML_MAX_ELEMENTS: '100000000',
      HTML_MAX_MB: '25',
    });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('is stopped at the deadline: the worker thread is terminated and the answer is clear', async () => {
    const pending = postFile(testApp, makeParagraphFloodHtml(20), 'huge.html', 'text/html');
    let runningThread: number | undefined;
    while (runningThread === undefined) {
      runningThread = testApp.readPool.stats().threadIds[0];
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const response = await pending;
    expect(response.status).toBe(422);
    const body = (await response.json()) as ErrorBody;
    expect(body.error).toMatchObject({
      code: 'READ_TOO_COMPLEX',
      message: 'This file is too complex to read. Try a smaller file or fewer pages.',
      details: { reason: 'time' },
    });
    expect(testApp.readPool.stats().threadIds).not.toContain(runningThread);
    await expectHealthy(testApp);
  });

  it('answers 503 with Retry-After while every thread is busy and the queue is full', async () => {
    const slow = postFile(testApp, makeParagraphFloodHtml(20), 'huge.html', 'text/html');
    while (testApp.readPool.stats().threadIds.length === 0)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const refused = await postFile(testApp, makeParagraphFloodHtml(1), 'page.html', 'text/html');
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(((await refused.json()) as ErrorBody).error.message).toMatch(
      /^The server is busy reading other files\. Please try again in \d+ seconds\.$/,
    );
    expect((await slow).status).toBe(422);
    await expectHealthy(testApp);
  });

  it('fails a read that runs out of memory and replaces the worker', async () => {
    const small = await createTestApp(TEST_DATABASES[0]!, {
      READ_WORKER_MEMORY_MB: '64',
      HTML_MAX_ELEMENTS: '100000000',
      HTML_MAX_MB: '25',
    });
    try {
      const response = await postFile(small, makeParagraphFloodHtml(20), 'huge.html', 'text/html');
      expect(response.status).toBe(422);
      const body = (await response.json()) as ErrorBody;
      expect(body.error).toMatchObject({ code: 'READ_TOO_COMPLEX', details: { reason: 'memory' } });
      await expectHealthy(small);
    } finally {
      await small.close();
    }
  });
});
