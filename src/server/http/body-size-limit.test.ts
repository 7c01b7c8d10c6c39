import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserFor, TEST_ORIGIN } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/create-test-app';
import { sendLargeBody } from '../../../tests/support/send-large-body';
import { serveTestApp, type ServedApp } from '../../../tests/support/serve-test-app';
import { TEST_DATABASES } from '../../../tests/support/test-databases';

const MB = 1024 * 1024;
type ErrorBody = { error: { code: string; message: string; requestId: string } };

describe('request bodies are capped before they are read', () => {
  let testApp: TestApp;
  let served: ServedApp;

  beforeAll(async () => {
    testApp = await createTestApp(TEST_DATABASES[0]!, { BODY_LIMIT_KB: '64' });
    served = await serveTestApp(testApp);
  });
  afterAll(async () => {
    await served.close();
    await testApp.close();
  });

  const signIn = { path: '/api/auth/sign-in/email', headers: { origin: TEST_ORIGIN } };

  it('answers a 64 MB sign-in with 413 in our error shape, before the body has been sent', async () => {
    const answer = await sendLargeBody({
      url: served.url,
      ...signIn,
      bytes: 64 * MB,
      declareLength: true,
    });
    expect(answer.status).toBe(413);
    expect(answer.contentType).toContain('application/json');
    const { error } = JSON.parse(answer.body) as ErrorBody;
    expect(error).toMatchObject({
      code: 'BODY_TOO_LARGE',
      message: 'The request body is too large: send at most 64 KB.',
    });
    expect(error.requestId).toBeTruthy();
    // Refused on its declared length: most of it was never sent, let alone read.
    expect(answer.bytesSent).toBeLessThan(16 * MB);
    expect(answer.elapsedMs).toBeLessThan(1000);
  });

  it('stops reading a 600 MB body sent without a length at the limit, and says why', async () => {
    const answer = await sendLargeBody({
      url: served.url,
      ...signIn,
      bytes: 600 * MB,
      declareLength: false,
    });
    expect(answer.status).toBe(413);
    expect((JSON.parse(answer.body) as ErrorBody).error.code).toBe('BODY_TOO_LARGE');
    expect(answer.bytesSent).toBeLessThan(16 * MB);
  });

  it('caps every JSON endpoint, signed in or not', async () => {
    const big = { name: 'x'.repeat(70 * 1024) };
    for (const path of ['/api/keys', '/api/extractors', '/api/auth/sign-up/email']) {
      const response = await browserFor(testApp).request(path, { json: big });
      expect(response.status, path).toBe(413);
      expect(((await response.json()) as ErrorBody).error.code).toBe('BODY_TOO_LARGE');
    }
  });

  it('reads a body under the limit as before', async () => {
    const response = await browserFor(testApp).request('/api/auth/sign-in/email', {
      json: {
        email: 'nobody@example.com',
        password: 'wrong password',
        note: 'n'.repeat(60 * 1024),
      },
    });
    expect(response.status).toBe(401);
  });

  it('caps pasted text sent as JSON like any JSON body, and takes it whole as multipart', async () => {
    const browser = browserFor(testApp);
    const text = `name\tamount\n${'Widget\t12.50\n'.repeat(20_000)}`;
    expect(text.length).toBeGreaterThan(200 * 1024);
    const pasted = await browser.request('/api/documents/read', { json: { text } });
    expect(pasted.status).toBe(413);
    expect(((await pasted.json()) as ErrorBody).error.message).toBe(
      'The request body is too large: send at most 64 KB of JSON; send files and long text as multipart/form-data.',
    );
    const asField = new FormData();
    asField.set('text', text);
    const fromField = await browser.request('/api/documents/read', { form: asField });
    expect(fromField.status).toBe(200);
    const read = (await fromField.json()) as { metadata: { sourceType: string; size: number } };
    // All of it, not cut at a form field's usual 1 MB or anywhere else.
    expect(read.metadata).toMatchObject({ sourceType: 'text', size: Buffer.byteLength(text) });
    const form = new FormData();
    form.set('file', new File([text], 'widgets.tsv', { type: 'text/tab-separated-values' }));
    const uploaded = await browser.request('/api/documents/read', { form });
    expect(uploaded.status).toBe(200);
  });
});

describe('BODY_LIMIT_KB', () => {
  it('defaults to 1024 KB', async () => {
    const testApp = await createTestApp(TEST_DATABASES[0]!);
    try {
      const browser = browserFor(testApp);
      const under = await browser.request('/api/extractors', {
        json: { name: 'x'.repeat(1000 * 1024) },
      });
      expect(under.status).not.toBe(413);
      const over = await browser.request('/api/extractors', {
        json: { name: 'x'.repeat(1025 * 1024) },
      });
      expect(over.status).toBe(413);
    } finally {
      await testApp.close();
    }
  });
});
