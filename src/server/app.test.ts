import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { signUp } from '../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../tests/support/create-test-app';
import { TEST_DATABASES } from '../../tests/support/test-databases';

describe.each(TEST_DATABASES)('the app on $name', (database) => {
  let testApp: TestApp;
  afterEach(async () => {
    await testApp.close();
  });

  it('reports its version and a reachable database at /api/health', async () => {
    testApp = await createTestApp(database);
    const response = await testApp.app.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      version: '0.0.0-test',
      database: 'reachable',
    });
  });

  it('reports an unreachable database as degraded with 503', async () => {
    testApp = await createTestApp(database);
    await testApp.db.destroy();
    const response = await testApp.app.request('/api/health');
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'degraded', database: 'unreachable' });
  });
});

describe('the app', () => {
  let testApp: TestApp;
  const sqlite = TEST_DATABASES[0]!;
  afterEach(async () => {
    await testApp.close();
  });

  it('answers unknown API paths with a JSON 404 carrying the request id', async () => {
    testApp = await createTestApp(sqlite);
    const response = await testApp.app.request('/api/no-such-thing', { method: 'DELETE' });
    expect(response.status).toBe(404);
    const body = (await response.json()) as {
      error: { code: string; message: string; requestId: string };
    };
    expect(body.error.code).toBe('API_ROUTE_NOT_FOUND');
    expect(body.error.message).toBe('There is no API endpoint at DELETE /api/no-such-thing.');
    expect(body.error.requestId).toBe(response.headers.get('x-request-id'));
  });

  it('sends security headers on every answer', async () => {
    testApp = await createTestApp(sqlite);
    const response = await testApp.app.request('/api/health');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('logs one JSON line per request with its id, status and duration', async () => {
    testApp = await createTestApp(sqlite);
    const response = await testApp.app.request('/api/health');
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toBeTruthy();
    expect(testApp.logs).toContainEqual(
      expect.objectContaining({
        msg: 'request',
        requestId,
        method: 'GET',
        path: '/api/health',
        status: 200,
      }),
    );
  });

  it('serves the built client with long caching for hashed assets and a history fallback', async () => {
    const clientDir = join(
      (await import('node:os')).tmpdir(),
      `rowsmith-client-${process.pid}-${Date.now()}`,
    );
    mkdirSync(join(clientDir, 'assets'), { recursive: true });
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Rowsmith</title>');
    writeFileSync(join(clientDir, 'assets', 'main-abc123.js'), 'console.log(1)');
    testApp = await createTestApp(sqlite, { CLIENT_DIST_DIR: clientDir });

    const asset = await testApp.app.request('/assets/main-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const deepLink = await testApp.app.request('/use-cases');
    expect(deepLink.status).toBe(200);
    expect(await deepLink.text()).toContain('<title>Rowsmith</title>');
    expect(deepLink.headers.get('cache-control')).toBe('no-cache');

    const missingAsset = await testApp.app.request('/assets/gone-123.js');
    expect(missingAsset.status).toBe(404);
  });

  it('never answers 500 to a malformed percent-escape in any path', async () => {
    const clientDir = join(
      (await import('node:os')).tmpdir(),
      `rowsmith-client-${process.pid}-${Date.now()}-escapes`,
    );
    mkdirSync(join(clientDir, 'assets'), { recursive: true });
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Rowsmith</title>');
    testApp = await createTestApp(sqlite, { CLIENT_DIST_DIR: clientDir });
    const user = await signUp(testApp);
    const bad = '%E0%A4%A';
    const answers = await Promise.all(
      [
        `/api/downloads/${bad}`,
        `/api/account/usage/${bad}/download`,
        `/api/account/usage?limit=${bad}`,
        `/api/no-such-thing/${bad}`,
        `/api/auth/${bad}`,
        `/api/auth/reset-password/${bad}?callbackURL=${bad}`,
        `/${bad}`,
        `/account/${bad}%`,
        `/assets/${bad}.js`,
      ].map(async (path) => ({ path, status: (await user.request(path)).status })),
    );
    for (const answer of answers) expect(answer.status, answer.path).toBeLessThan(500);
    // Not a page of the app: the app's not-found page, with the 404 status (issue 13).
    expect(answers.find((answer) => answer.path === `/${bad}`)?.status).toBe(404);
  });
});
