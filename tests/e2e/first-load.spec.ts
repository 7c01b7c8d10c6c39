import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { rawRequest, type RawResponse } from './support/raw-http';
import { E2E_PORT } from './support/server';

const ORIGIN = `http://127.0.0.1:${E2E_PORT}`;
const YEAR = 'public, max-age=31536000, immutable';

/** What the browser would read once it has undone the Content-Encoding. */
function decoded({ headers, body }: RawResponse): string {
  if (headers['content-encoding'] === 'br') return brotliDecompressSync(body).toString();
  if (headers['content-encoding'] === 'gzip') return gunzipSync(body).toString();
  return body.toString();
}

/** The script and stylesheet index.html loads first (their names carry a content hash). */
async function builtAssets() {
  const html = decoded(await rawRequest('/'));
  const script = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
  const style = /<link rel="stylesheet" crossorigin href="([^"]+)"/.exec(html)?.[1];
  expect(script).toMatch(/^\/assets\/index-.+\.js$/);
  expect(style).toMatch(/^\/assets\/index-.+\.css$/);
  return { script: script!, style: style! };
}

const ENCODINGS = [
  { accept: 'gzip, deflate, br', expected: 'br' },
  { accept: 'gzip', expected: 'gzip' },
  { accept: undefined, expected: undefined },
] as const;

test.describe('what the server sends', () => {
  for (const { accept, expected } of ENCODINGS) {
    test(`scripts, styles and pages for Accept-Encoding ${accept ?? '(none)'}`, async () => {
      const headers: Record<string, string> = accept ? { 'Accept-Encoding': accept } : {};
      const { script, style } = await builtAssets();
      for (const [path, type, cacheControl] of [
        [script, /^text\/javascript/, YEAR],
        [style, /^text\/css/, YEAR],
        ['/', /^text\/html/, 'no-cache'],
        ['/use-cases', /^text\/html/, 'no-cache'],
      ] as const) {
        const response = await rawRequest(path, { headers });
        expect(response.status, path).toBe(200);
        expect(response.headers['content-type'], path).toMatch(type);
        expect(response.headers['content-encoding'], path).toBe(expected);
        expect(response.headers.vary, path).toBe('Accept-Encoding');
        expect(response.headers['cache-control'], path).toBe(cacheControl);
        expect(Number(response.headers['content-length']), path).toBe(response.body.length);
        expect(decoded(response).length, path).toBeGreaterThan(0);
      }
      const raw = await rawRequest(script);
      const sent = await rawRequest(script, { headers });
      expect(decoded(sent)).toBe(decoded(raw));
      if (expected) expect(sent.body.length).toBeLessThan(raw.body.length / 2);
    });

    test(`a JSON answer of the API for Accept-Encoding ${accept ?? '(none)'}`, async () => {
      const text = Array.from({ length: 80 }, (_, i) => `Row ${i}: ${i * 3} apples`).join('\n');
      const response = await rawRequest('/api/documents/read', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Origin: ORIGIN,
          ...(accept ? { 'Accept-Encoding': accept } : {}),
        },
        body: JSON.stringify({ text }),
      });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['content-encoding']).toBe(expected);
      expect(response.headers.vary).toContain('Accept-Encoding');
      expect((JSON.parse(decoded(response)) as { markdown: string }).markdown).toContain('Row 79');
    });
  }

  test('the browser gets compressed, long-cached scripts, styles and fonts', async ({ page }) => {
    const seen: { url: string; type: string; encoding?: string; cache?: string }[] = [];
    page.on('response', async (response) => {
      const url = new URL(response.url());
      if (!url.pathname.startsWith('/assets/')) return;
      const headers = await response.allHeaders();
      seen.push({
        url: url.pathname,
        type: response.request().resourceType(),
        encoding: headers['content-encoding'],
        cache: headers['cache-control'],
      });
    });
    const landing = await page.goto('/');
    expect(landing?.status()).toBe(200);
    expect(await landing?.headerValue('content-encoding')).toBe('br');
    expect(await landing?.headerValue('cache-control')).toBe('no-cache');
    await expect(page.getByRole('form', { name: 'Converter' })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);

    const scripts = seen.filter((entry) => entry.type === 'script');
    expect(scripts.length).toBeGreaterThan(3);
    for (const script of scripts)
      expect(script, script.url).toMatchObject({ encoding: 'br', cache: YEAR });
    const fonts = seen.filter((entry) => entry.type === 'font');
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) {
      expect(font.url).toMatch(/^\/assets\/inter-.+\.woff2$/);
      expect(font.cache).toBe(YEAR);
    }
  });
});

test.describe('an unknown page', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`answers 404 with the not-found page (${colorScheme} theme)`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      const response = await page.goto('/no/such/page?from=a-link');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await expect(page.getByText('/no/such/page?from=a-link')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('while every page of the app answers 200', async ({ page }) => {
    for (const path of ['/', '/about', '/use-cases', '/sign-in', '/auth/callback', '/dashboard']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
    }
  });
});

async function bodyFont(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate(() => ({
    body: getComputedStyle(document.body).fontFamily,
    heading: getComputedStyle(document.querySelector('h1')!).fontFamily,
    isInterLoaded: document.fonts.check('700 32px "Inter Variable"', 'Rowsmith'),
    loadedFaces: [...document.fonts].filter(
      (face) => face.family.replace(/"/g, '') === 'Inter Variable' && face.status === 'loaded',
    ).length,
  }));
}

for (const viewport of [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'phone', size: { width: 390, height: 844 } },
]) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the text is set in the bundled Inter (${viewport.name}, ${colorScheme} theme)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport.size);
      await page.emulateMedia({ colorScheme });
      const fontRequests: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'font') fontRequests.push(request.url());
      });
      await page.goto('/about');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const font = await bodyFont(page);
      expect(font.body).toMatch(/^"Inter Variable"/);
      expect(font.heading).toMatch(/^"Inter Variable"/);
      expect(font.isInterLoaded).toBe(true);
      expect(font.loadedFaces).toBeGreaterThan(0);
      expect(fontRequests.length).toBeGreaterThan(0);
      for (const url of fontRequests) expect(url.startsWith(`${ORIGIN}/assets/`), url).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}
