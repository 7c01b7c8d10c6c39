import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/create-test-app';
import { TEST_DATABASES } from '../../../tests/support/test-databases';

const INDEX_HTML = `<!doctype html><title>Rowsmith</title>${'<p>page</p>'.repeat(50)}`;
const MAIN_JS = `console.log(${JSON.stringify('x'.repeat(4000))});`;

/** A built client as `npm run build` leaves it: files with their .br and .gz copies. */
function writeBuiltClient(dir: string) {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  const write = (path: string, body: string, { compressed = true } = {}) => {
    writeFileSync(join(dir, path), body);
    if (!compressed) return;
    writeFileSync(join(dir, `${path}.br`), brotliCompressSync(body));
    writeFileSync(join(dir, `${path}.gz`), gzipSync(body));
  };
  write('index.html', INDEX_HTML);
  write('assets/index-abc123.js', MAIN_JS);
  write('assets/inter-latin-def456.woff2', 'wOF2 font bytes', { compressed: false });
  write('theme-init.js', 'document.documentElement.className = "light";');
}

function decode(body: Buffer, encoding: string | null) {
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return gunzipSync(body).toString();
  return body.toString();
}

describe('the built client', () => {
  let testApp: TestApp;
  let clientDir: string;
  beforeAll(() => {
    clientDir = mkdtempSync(join(tmpdir(), 'rowsmith-client-'));
    writeBuiltClient(clientDir);
  });
  afterAll(() => rmSync(clientDir, { recursive: true, force: true }));
  afterEach(async () => {
    await testApp.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    testApp.app.request(path, { headers });

  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['identity', null],
    ['', null],
  ])('answers Accept-Encoding "%s" with the %s copy', async (accept, expected) => {
    testApp = await createTestApp(TEST_DATABASES[0]!, { CLIENT_DIST_DIR: clientDir });
    const response = await get(
      '/assets/index-abc123.js',
      accept ? { 'Accept-Encoding': accept } : {},
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe(expected);
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get('content-length')).toBe(String(body.length));
    expect(decode(body, expected)).toBe(MAIN_JS);
  });

  it('sends a font as it is, without a compressed copy or Vary', async () => {
    testApp = await createTestApp(TEST_DATABASES[0]!, { CLIENT_DIST_DIR: clientDir });
    const response = await get('/assets/inter-latin-def456.woff2', { 'Accept-Encoding': 'br' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('font/woff2');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers every page path with index.html, compressed and revalidated', async () => {
    testApp = await createTestApp(TEST_DATABASES[0]!, { CLIENT_DIST_DIR: clientDir });
    for (const path of [
      '/',
      '/about',
      '/use-cases/',
      '/auth/callback',
      '/dashboard',
      '/Settings',
    ]) {
      const response = await get(path, { 'Accept-Encoding': 'gzip, br' });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(response.headers.get('content-encoding'), path).toBe('br');
      expect(response.headers.get('vary'), path).toBe('Accept-Encoding');
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      expect(decode(Buffer.from(await response.arrayBuffer()), 'br'), path).toBe(INDEX_HTML);
    }
  });

  it('answers an unknown page path with 404 and index.html, for the not-found page', async () => {
    testApp = await createTestApp(TEST_DATABASES[0]!, { CLIENT_DIST_DIR: clientDir });
    for (const path of ['/no/such/page', '/about/more', '/robots.txt']) {
      const response = await get(path, { 'Accept-Encoding': 'gzip' });
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(response.headers.get('content-encoding'), path).toBe('gzip');
      expect(decode(Buffer.from(await response.arrayBuffer()), 'gzip'), path).toBe(INDEX_HTML);
    }
  });

  it('answers a missing hashed asset with a plain 404, not a page', async () => {
    testApp = await createTestApp(TEST_DATABASES[0]!, { CLIENT_DIST_DIR: clientDir });
    const response = await get('/assets/gone-123.js');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  });

  it('serves the assets of a build written over the running server', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rowsmith-client-'));
    try {
      writeBuiltClient(dir);
      testApp = await createTestApp(TEST_DATABASES[0]!, { CLIENT_DIST_DIR: dir });
      expect((await get('/assets/index-new789.js')).status).toBe(404);

      // npm run build again: new hashed names, and an index.html that names them.
      writeFileSync(join(dir, 'assets/index-new789.js'), MAIN_JS);
      writeFileSync(join(dir, 'index.html'), INDEX_HTML.replace('Rowsmith', 'Rowsmith 2'));
      utimesSync(join(dir, 'index.html'), new Date(), new Date(Date.now() + 5_000));
      const script = await get('/assets/index-new789.js');
      expect(script.status).toBe(200);
      expect(await script.text()).toBe(MAIN_JS);
      expect((await get('/assets/gone-123.js')).status).toBe(404);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers HEAD with the headers of the encoding it would send, and no body', async () => {
    testApp = await createTestApp(TEST_DATABASES[0]!, { CLIENT_DIST_DIR: clientDir });
    const full = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'br' });
    const head = await testApp.app.request('/assets/index-abc123.js', {
      method: 'HEAD',
      headers: { 'Accept-Encoding': 'br' },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-encoding')).toBe('br');
    expect(head.headers.get('content-length')).toBe(full.headers.get('content-length'));
    expect(await head.text()).toBe('');
  });

  it('answers a revalidation with 304 while the file is unchanged', async () => {
    testApp = await createTestApp(TEST_DATABASES[0]!, { CLIENT_DIST_DIR: clientDir });
    const first = await get('/theme-init.js', { 'Accept-Encoding': 'br' });
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await get('/theme-init.js', { 'Accept-Encoding': 'br', 'If-None-Match': etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // Another encoding is another representation, with its own validator.
    const gzipped = await get('/theme-init.js', {
      'Accept-Encoding': 'gzip',
      'If-None-Match': etag!,
    });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
  });

  it('keeps the strict security headers on files and pages', async () => {
    testApp = await createTestApp(TEST_DATABASES[0]!, { CLIENT_DIST_DIR: clientDir });
    for (const path of ['/', '/assets/index-abc123.js', '/no/such/page']) {
      const csp = (await get(path)).headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("font-src 'self'");
    }
  });
});
