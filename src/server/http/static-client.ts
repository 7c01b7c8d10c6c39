import { createReadStream, existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { isPagePath } from '../../shared/page-routes';
import { negotiateEncoding } from './accept-encoding';
import { ENCODED_SUFFIX, indexClientFiles, statVariant, type ClientFile } from './client-files';
import type { AppBindings } from './types';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

type SendOptions = { status: 200 | 404; cacheControl: string };

function matchesEtag(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  const weak = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || weak(tag) === weak(etag));
}

/**
 * Sends one file in the best encoding the browser accepts (the compressed copies were written
 * by the build, so nothing is compressed per request), with its validator; or undefined when
 * the file has gone since start.
 */
function sendFile(
  c: Context<AppBindings>,
  file: ClientFile,
  { status, cacheControl }: SendOptions,
) {
  const encoding = negotiateEncoding(c.req.header('Accept-Encoding'), file.encodings);
  const path = encoding === 'identity' ? file.path : file.path + ENCODED_SUFFIX[encoding];
  const stats = statVariant(path, encoding);
  if (!stats) return undefined;
  const headers: Record<string, string> = { 'Cache-Control': cacheControl };
  if (file.encodings.length > 0) headers.Vary = 'Accept-Encoding';
  if (status === 200) {
    headers.ETag = stats.etag;
    if (matchesEtag(c.req.header('If-None-Match'), stats.etag)) return c.body(null, 304, headers);
  }
  headers['Content-Type'] = file.type;
  headers['Content-Length'] = String(stats.size);
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
  if (c.req.method === 'HEAD') return c.body(null, status, headers);
  return c.body(Readable.toWeb(createReadStream(path)) as ReadableStream, status, headers);
}

/**
 * Serves the built single-page app. Hashed files under /assets are cached for a year, everything
 * else is revalidated. A page path of the app (src/shared/page-routes.ts) gets index.html with
 * 200; any other path gets index.html with 404, where the client router shows its not-found page.
 */
export function createStaticClient(clientDir: string) {
  const root = resolve(clientDir);
  const app = new Hono<AppBindings>();

  if (!existsSync(join(root, 'index.html'))) {
    app.get('*', (c) =>
      c.text('The web client has not been built yet. Run `npm run build`, then start again.', 503),
    );
    return app;
  }

  // The files are listed once; a build written over the running server (a deploy that builds in
  // place) writes a new index.html naming new assets, so a miss lists them again when
  // index.html has changed since, rather than answering 404 for the page's own scripts.
  const builtAt = () => statSync(join(root, 'index.html'), { throwIfNoEntry: false })?.mtimeMs;
  let listedBuild = builtAt();
  let files = indexClientFiles(root);
  const lookUp = (path: string) => {
    const file = files.get(path);
    if (file) return file;
    const build = builtAt();
    if (build === listedBuild) return undefined;
    listedBuild = build;
    files = indexClientFiles(root);
    return files.get(path);
  };
  const gone = (c: Context<AppBindings>) => c.text('Not found', 404);
  app.get('*', (c) => {
    const path = c.req.path;
    const file = lookUp(path);
    if (file) {
      const cacheControl = path.startsWith('/assets/') ? IMMUTABLE : REVALIDATE;
      return sendFile(c, file, { status: 200, cacheControl }) ?? gone(c);
    }
    // A missing hashed asset is a real 404, not a page.
    const indexHtml = files.get('/index.html');
    if (path.startsWith('/assets/') || !indexHtml) return gone(c);
    const status = isPagePath(path) ? 200 : 404;
    return sendFile(c, indexHtml, { status, cacheControl: REVALIDATE }) ?? gone(c);
  });
  return app;
}
