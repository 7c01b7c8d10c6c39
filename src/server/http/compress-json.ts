import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { negotiateEncoding, varyOnAcceptEncoding, type ContentEncoding } from './accept-encoding';
import type { AppBindings } from './types';

/** Below this many bytes compression saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Fast settings: an answer is compressed on every request, so speed matters more than bytes. */
function compress(body: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(body, { level: 6 });
  return brotli(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
}

/**
 * Compresses JSON answers of at least COMPRESS_THRESHOLD_BYTES on the fly, in brotli or gzip as
 * the request's Accept-Encoding allows (off the main thread, in zlib's pool). Anything else, and
 * above all the `text/event-stream` of a streamed run, passes through untouched, so each event
 * still reaches the browser as soon as it is written.
 */
export function compressJson(): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    await next();
    const response = c.res;
    if (!JSON_TYPE.test(response.headers.get('Content-Type') ?? '')) return;
    varyOnAcceptEncoding(response.headers);
    if (!response.body || c.req.method === 'HEAD') return;
    if (response.headers.has('Content-Encoding')) return;
    if (/\bno-transform\b/i.test(response.headers.get('Cache-Control') ?? '')) return;
    const encoding = negotiateEncoding(c.req.header('Accept-Encoding'), ['br', 'gzip']);
    if (encoding === 'identity') return;

    const body = Buffer.from(await response.arrayBuffer());
    if (body.length < COMPRESS_THRESHOLD_BYTES) {
      c.res = new Response(new Uint8Array(body), response);
      return;
    }
    const compressed = await compress(body, encoding);
    c.res = new Response(new Uint8Array(compressed), response);
    c.res.headers.set('Content-Encoding', encoding);
    c.res.headers.set('Content-Length', String(compressed.length));
  };
}
