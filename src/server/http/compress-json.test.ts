import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentJson } from '../../shared/document';
import { createTestApp, type TestApp } from '../../../tests/support/create-test-app';
import { TEST_DATABASES } from '../../../tests/support/test-databases';
import { COMPRESS_THRESHOLD_BYTES } from './compress-json';

const TABLE = [
  'date\tdescription\tamount',
  ...Array.from(
    { length: 60 },
    (_, i) => `2026-03-${String((i % 28) + 1).padStart(2, '0')}\tItem ${i}\t${i}.50`,
  ),
].join('\n');

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp(TEST_DATABASES[0]!);
});
afterAll(async () => {
  await testApp.close();
});

const readText = (acceptEncoding?: string) =>
  testApp.app.request('/api/documents/read', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    },
    body: JSON.stringify({ text: TABLE }),
  });

describe('JSON answers of the API', () => {
  it.each([
    ['gzip, deflate, br', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
  ] as const)('are compressed for "%s" as %s', async (accept, encoding, decompress) => {
    const response = await readText(accept);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe(encoding);
    expect(response.headers.get('vary')).toContain('Accept-Encoding');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get('content-length')).toBe(String(body.length));
    const document = JSON.parse(decompress(body).toString()) as DocumentJson;
    expect(document.markdown).toContain('Item 59');
    const plain = await (await readText('identity')).arrayBuffer();
    expect(body.length).toBeLessThan(plain.byteLength / 2);
  });

  it('are sent as they are when the client accepts no compression', async () => {
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const response = await readText(accept);
      expect(response.headers.get('content-encoding'), accept).toBeNull();
      expect(response.headers.get('vary'), accept).toContain('Accept-Encoding');
      expect(((await response.json()) as DocumentJson).markdown, accept).toContain('Item 59');
    }
  });

  it(`are not compressed below ${COMPRESS_THRESHOLD_BYTES} bytes`, async () => {
    const response = await testApp.app.request('/api/health', {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toContain('Accept-Encoding');
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });

  it('leave a streamed run (server-sent events) uncompressed, event by event', async () => {
    const response = await testApp.app.request('/api/extractions', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        'accept-encoding': 'gzip, deflate, br',
      },
      body: JSON.stringify({
        text: TABLE,
        columns: [
          { name: 'date', type: 'date' },
          { name: 'description', type: 'text' },
          { name: 'amount', type: 'number' },
        ],
      }),
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('content-encoding')).toBeNull();
    const body = await response.text();
    expect(body).toContain('event: progress');
    expect(body).toContain('event: result');
  });
});
