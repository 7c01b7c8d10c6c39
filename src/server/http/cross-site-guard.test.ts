import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASTED_TABLE, TEST_ORIGIN, signUp } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/create-test-app';
import { TEST_DATABASES } from '../../../tests/support/test-databases';

type ErrorBody = { error: { code: string; message: string } };

const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error;

describe.each(TEST_DATABASES)('requests from other sites on $name', (database) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(database);
  });
  afterAll(async () => {
    await app.close();
  });

  it('cannot delete an account, even with the right body and a valid session cookie', async () => {
    const user = await signUp(app);
    const forged = await user.request('/api/account', {
      method: 'DELETE',
      json: { confirmation: 'DELETE' },
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.status).toBe(403);
    expect(await errorOf(forged)).toMatchObject({
      code: 'CROSS_SITE_REQUEST',
      message: 'This request came from another site, so it was refused.',
    });
    expect((await user.request('/api/account')).status).toBe(200);

    const own = await user.request('/api/account', {
      method: 'DELETE',
      json: { confirmation: 'DELETE' },
    });
    expect(own.status).toBe(200);
  });

  it('cannot delete an account with a JSON body sent as text/plain (a simple form post)', async () => {
    const user = await signUp(app);
    const response = await app.app.request('/api/account', {
      method: 'DELETE',
      headers: { 'content-type': 'text/plain', origin: TEST_ORIGIN, cookie: user.jar.header() },
      body: JSON.stringify({ confirmation: 'DELETE' }),
    });
    expect(response.status).toBe(415);
    expect(await errorOf(response)).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Send the request body as JSON, with Content-Type: application/json.',
    });
    expect((await user.request('/api/account')).status).toBe(200);
  });
});

describe('the cross-site guard', () => {
  const database = TEST_DATABASES[0]!;
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(database);
  });
  afterAll(async () => {
    await app.close();
  });

  const post = (path: string, headers: Record<string, string>, body?: BodyInit) =>
    app.app.request(path, { method: 'POST', headers, body });
  const json = { 'content-type': 'application/json' };
  const text = JSON.stringify({ text: PASTED_TABLE.text });

  it('refuses writes whose Origin is another site, or null', async () => {
    for (const origin of ['https://evil.example', 'http://localhost:3001', 'null']) {
      const response = await post('/api/documents/read', { ...json, origin }, text);
      expect(response.status, origin).toBe(403);
      expect((await errorOf(response)).code).toBe('CROSS_SITE_REQUEST');
    }
    expect(app.logs.some((line) => line.msg === 'cross-site request refused')).toBe(true);
  });

  it('refuses writes a browser marks as cross-site when there is no Origin', async () => {
    const crossSite = await post(
      '/api/documents/read',
      { ...json, 'sec-fetch-site': 'cross-site' },
      text,
    );
    expect(crossSite.status).toBe(403);
    const sameOrigin = await post(
      '/api/documents/read',
      { ...json, 'sec-fetch-site': 'same-origin' },
      text,
    );
    expect(sameOrigin.status).toBe(200);
  });

  it('lets requests without Origin or Sec-Fetch-Site through (the CLI, curl, servers)', async () => {
    expect((await post('/api/documents/read', json, text)).status).toBe(200);
  });

  it('accepts the app’s own origin, and reads and GETs from anywhere', async () => {
    expect((await post('/api/documents/read', { ...json, origin: TEST_ORIGIN }, text)).status).toBe(
      200,
    );
    const ownHost = await app.app.request('http://rowsmith.internal:8080/api/documents/read', {
      method: 'POST',
      headers: { ...json, origin: 'http://rowsmith.internal:8080' },
      body: text,
    });
    expect(ownHost.status).toBe(200);
    const get = await app.app.request('/api/trial', {
      headers: { origin: 'https://evil.example' },
    });
    expect(get.status).toBe(200);
  });

  it('refuses bodies that are not JSON on JSON endpoints, and not JSON or multipart on uploads', async () => {
    const plain = await post('/api/documents/read', { 'content-type': 'text/plain' }, text);
    expect(plain.status).toBe(415);
    expect((await errorOf(plain)).message).toBe(
      'Send the request body as JSON (Content-Type: application/json), or a file as multipart/form-data.',
    );
    const form = await post(
      '/api/auth/sign-in/email',
      { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN },
      'email=someone%40example.com&password=whatever+you+like',
    );
    expect(form.status).toBe(415);

    const upload = new FormData();
    upload.set('file', new File([PASTED_TABLE.text], 'table.tsv'));
    expect((await post('/api/documents/read', {}, upload)).status).toBe(200);
    const contact = new FormData();
    contact.set('name', 'Ada');
    const multipartContact = await post('/api/contact', {}, contact);
    expect(multipartContact.status).toBe(415);

    const untyped = await post(
      '/api/contact',
      { 'content-length': '2' },
      new Uint8Array([123, 125]),
    );
    expect(untyped.status).toBe(415);
  });
});

describe('the cross-site guard with APP_URL', () => {
  const database = TEST_DATABASES[0]!;
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(database, {
      APP_URL: 'https://rowsmith.example',
      TRUST_PROXY: 'true',
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const read = (origin: string, url = '/api/documents/read') =>
    app.app.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ text: PASTED_TABLE.text }),
    });

  it('accepts only the origin of APP_URL', async () => {
    expect((await read('https://rowsmith.example')).status).toBe(200);
    expect((await read('http://rowsmith.example')).status).toBe(403);
    expect((await read(TEST_ORIGIN)).status).toBe(403);
    expect((await read('http://localhost', 'http://localhost/api/documents/read')).status).toBe(
      403,
    );
  });
});

describe('the cross-site guard behind a proxy, without APP_URL', () => {
  it('takes the scheme from X-Forwarded-Proto only when TRUST_PROXY is set', async () => {
    const database = TEST_DATABASES[0]!;
    const trusted = await createTestApp(database, { TRUST_PROXY: 'true' });
    const untrusted = await createTestApp(database);
    try {
      const request = (app: TestApp) =>
        app.app.request('http://rowsmith.internal/api/documents/read', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: 'https://rowsmith.internal',
            'x-forwarded-proto': 'https',
          },
          body: JSON.stringify({ text: PASTED_TABLE.text }),
        });
      expect((await request(trusted)).status).toBe(200);
      expect((await request(untrusted)).status).toBe(403);
    } finally {
      await Promise.all([trusted.close(), untrusted.close()]);
    }
  });
});
