import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserFor, TEST_ORIGIN } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/create-test-app';
import { sendLargeBody, type LargeBodyAnswer } from '../support/send-large-body';
import { serveTestApp, type ServedApp } from '../support/serve-test-app';
import { TEST_DATABASES } from '../support/test-databases';

const MB = 1024 * 1024;
const UPLOAD_ENDPOINTS = [
  '/api/documents/read',
  '/api/extractions',
  '/api/jobs',
  '/api/columns/suggest',
];
const HEALTH_MARGIN_MS = 100;
type ErrorBody = { error: { code: string; message: string; requestId: string } };

/** Asks /api/health one request after another until stopped; answers the slowest answer's time. */
function watchHealth(url: string) {
  let isWatching = true;
  let slowestMs = 0;
  const loop = (async () => {
    while (isWatching) {
      const startedAt = performance.now();
      const response = await fetch(`${url}/api/health`);
      await response.arrayBuffer();
      slowestMs = Math.max(slowestMs, performance.now() - startedAt);
    }
  })();
  return async () => {
    isWatching = false;
    await loop;
    return slowestMs;
  };
}

/**
 * The slowest health answer while `send` runs, and the slowest on the same server left alone for
 * a second just before: the machine's own delays (other processes share its cores) are in both.
 */
async function healthDuring<T>(url: string, send: () => Promise<T>) {
  const stopIdle = watchHealth(url);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idleMs = await stopIdle();
  const stopBusy = watchHealth(url);
  const result = await send();
  return { result, idleMs, busyMs: await stopBusy() };
}

function errorOf(answer: LargeBodyAnswer) {
  expect(answer.contentType).toContain('application/json');
  return (JSON.parse(answer.body) as ErrorBody).error;
}

/**
 * JSON sent to the endpoints that take uploads is capped like any JSON body (BODY_LIMIT_KB, 1 MB
 * by default) and counted as it arrives, so a stranger's huge or intricate JSON is refused before
 * it is parsed, and the server keeps answering others meanwhile. Files and long text come as
 * multipart (docs/decisions/032-json-bodies-capped-everywhere.md).
 */
describe.each(TEST_DATABASES)('JSON sent to the upload endpoints on $name', (database) => {
  let testApp: TestApp;
  let served: ServedApp;
  beforeAll(async () => {
    testApp = await createTestApp(database);
    served = await serveTestApp(testApp);
    // Warm: the first answers of a fresh server (its first connection, first query) are slow.
    for (let i = 0; i < 3; i++) await (await fetch(`${served.url}/api/health`)).arrayBuffer();
    await browserFor(testApp).request('/api/documents/read', { json: { text: 'Item: pen' } });
    await sendLargeBody({
      url: served.url,
      path: '/api/jobs',
      bytes: 23 * MB,
      declareLength: false,
      shape: 'keys',
    });
  });
  afterAll(async () => {
    await served?.close();
    await testApp?.close();
  });

  const tooLarge = {
    code: 'BODY_TOO_LARGE',
    message:
      'The request body is too large: send at most 1024 KB of JSON; send files and long text as multipart/form-data.',
  };
  const tooComplex = {
    code: 'JSON_TOO_COMPLEX',
    message: 'The JSON body is too complex: send at most 20000 values, nested at most 64 deep.',
  };

  it.each(
    UPLOAD_ENDPOINTS.flatMap(
      (path) =>
        [
          { path, sent: 'with its length', shape: 'keys', declareLength: true, refusal: tooLarge },
          { path, sent: 'chunked', shape: 'keys', declareLength: false, refusal: tooComplex },
          { path, sent: 'chunked', shape: 'password', declareLength: false, refusal: tooLarge },
        ] as const,
    ),
  )(
    'answers 23 MB of anonymous $shape JSON sent $sent to $path with 413 in under a second, health staying quick',
    async ({ path, shape, declareLength, refusal }) => {
      const health = await healthDuring(served.url, () =>
        sendLargeBody({
          url: served.url,
          path,
          bytes: 23 * MB,
          declareLength,
          shape,
          headers: { origin: TEST_ORIGIN },
        }),
      );
      const answer = health.result;
      expect(answer.status).toBe(413);
      const error = errorOf(answer);
      expect(error).toMatchObject(refusal);
      expect(error.requestId).toBeTruthy();
      // Refused at the limit: the rest was never read.
      expect(answer.bytesSent).toBeLessThan(4 * MB);
      expect(answer.elapsedMs).toBeLessThan(1000);
      // Before bodies were capped, health waited 7.8 s behind such a body. Measured against the
      // idle server, since on a shared machine its answers alone can take 100 ms.
      expect(health.busyMs).toBeLessThan(health.idleMs + HEALTH_MARGIN_MS);
    },
  );

  it('refuses JSON under the weight limit but of too many values without parsing it', async () => {
    const health = await healthDuring(served.url, () =>
      sendLargeBody({
        url: served.url,
        path: '/api/extractions',
        bytes: 1000 * 1024,
        declareLength: true,
        shape: 'keys',
        headers: { origin: TEST_ORIGIN },
      }),
    );
    const answer = health.result;
    expect(answer.status).toBe(413);
    expect(errorOf(answer)).toMatchObject(tooComplex);
    expect(answer.elapsedMs).toBeLessThan(1000);
    expect(health.busyMs).toBeLessThan(health.idleMs + HEALTH_MARGIN_MS);
  });

  it('caps the JSON a form carries (a job’s request part, an extraction’s columns) the same way', async () => {
    const browser = browserFor(testApp);
    const heavy = new FormData();
    heavy.append('file', new File(['Item: pen\nPrice: 2'], 'pen.txt', { type: 'text/plain' }));
    heavy.set('request', JSON.stringify({ description: 'x'.repeat(1100 * 1024) }));
    const job = await browser.request('/api/jobs', { form: heavy });
    expect(job.status).toBe(413);
    expect(((await job.json()) as ErrorBody).error.code).toBe('BODY_TOO_LARGE');

    const intricate = new FormData();
    intricate.set('text', 'Item: pen\nPrice: 2');
    intricate.set('columns', `${'['.repeat(100)}${']'.repeat(100)}`);
    const run = await browser.request('/api/extractions', { form: intricate });
    expect(run.status).toBe(413);
    expect(((await run.json()) as ErrorBody).error.code).toBe('JSON_TOO_COMPLEX');
  });

  it('runs pasted text longer than a JSON body may be when it comes as a form field', async () => {
    const rows = Array.from({ length: 60_000 }, (_, i) => `Widget ${i}\t${i}.50`);
    const text = `item\tprice\n${rows.join('\n')}\n`;
    expect(text.length).toBeGreaterThan(1.1 * MB);
    const form = new FormData();
    form.set('text', text);
    const response = await browserFor(testApp).request('/api/columns/suggest', { form });
    expect(response.status).toBe(200);
    const { columns } = (await response.json()) as { columns: { name: string }[] };
    expect(columns.map((column) => column.name)).toEqual(['item', 'price']);
  });
});
