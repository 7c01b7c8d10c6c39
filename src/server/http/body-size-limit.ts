import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { bodyTooLarge, createJsonShapeCheck } from './json-shape';
import type { AppBindings } from './types';

export type BodySizeLimitOptions = {
  /** The most any JSON body may weigh, in kilobytes (BODY_LIMIT_KB). */
  maxKilobytes: number;
  /** Paths that take uploads: a multipart body there is capped by its route's own limits. */
  uploadPaths: readonly string[];
};

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/;

function mediaTypeOf(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/** A declared Content-Length (without Transfer-Encoding), or null when the body is streamed. */
function declaredLength(request: Request): number | null {
  const length = request.headers.get('content-length');
  if (length === null || request.headers.has('transfer-encoding')) return null;
  return Number.parseInt(length, 10);
}

/**
 * The body's bytes, read as they arrive: refused once it weighs more than `maxBytes` or its
 * JSON has too much structure (json-shape.ts), each chunk checked as it comes, so the thread is
 * never held for long and a refused body is not read to its end.
 */
async function readJsonBody(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  onTooLarge: () => Error,
) {
  const check = createJsonShapeCheck();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      size += read.value.byteLength;
      if (size > maxBytes) throw onTooLarge();
      check(read.value);
      chunks.push(read.value);
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error;
  }
  return Buffer.concat(chunks, size);
}

/**
 * Caps every request body before anything reads it. A JSON body, on every endpoint, may weigh
 * BODY_LIMIT_KB and hold JSON_SHAPE_LIMITS' values: a declared Content-Length over the limit is
 * refused without reading a byte, and a body is read only up to the limit, its structure counted
 * as it arrives; the routes then parse bytes whose cost is bounded. Any other body is capped at
 * the same weight, except multipart on the upload endpoints, whose routes cap it first with
 * the limits for files (MAX_UPLOAD_MB, BATCH_MAX_UPLOAD_MB). See
 * docs/decisions/032-json-bodies-capped-everywhere.md.
 */
export function bodySizeLimit({ maxKilobytes, uploadPaths }: BodySizeLimitOptions) {
  const maxBytes = maxKilobytes * 1024;
  const capBytes = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw bodyTooLarge(maxKilobytes, false);
    },
  });
  return createMiddleware<AppBindings>(async (c, next) => {
    const request = c.req.raw;
    if (!request.body) return next();
    const mediaType = mediaTypeOf(request);
    const takesUpload = uploadPaths.includes(c.req.path);
    if (takesUpload && mediaType === 'multipart/form-data') return next();
    if (!JSON_TYPE.test(mediaType)) return capBytes(c, next);
    const onTooLarge = () => bodyTooLarge(maxKilobytes, takesUpload);
    if ((declaredLength(request) ?? 0) > maxBytes) throw onTooLarge();
    const bytes = await readJsonBody(request.body, maxBytes, onTooLarge);
    c.req.raw = new Request(request, { body: bytes });
    return next();
  });
}
