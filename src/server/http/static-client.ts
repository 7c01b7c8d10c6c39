import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppBindings } from './types';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Serves the built single-page app: hashed files under /assets are cached for a year, everything
 * else is revalidated, and any other page path gets index.html so the client router can answer.
 */
export function createStaticClient(clientDir: string) {
  const root = resolve(clientDir);
  const indexFile = join(root, 'index.html');
  const app = new Hono<AppBindings>();

  if (!existsSync(indexFile)) {
    app.get('*', (c) =>
      c.text('The web client has not been built yet. Run `npm run build`, then start again.', 503),
    );
    return app;
  }

  const indexHtml = readFileSync(indexFile, 'utf8');
  app.use('*', async (c, next) => {
    await next();
    if (c.res.ok && !c.res.headers.has('Cache-Control')) {
      c.res.headers.set(
        'Cache-Control',
        c.req.path.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
      );
    }
  });
  app.use('*', serveStatic({ root }));
  app.get('*', (c) => {
    // A missing hashed asset is a real 404, not a page.
    if (c.req.path.startsWith('/assets/')) return c.text('Not found', 404);
    c.header('Cache-Control', REVALIDATE);
    return c.html(indexHtml);
  });
  return app;
}
