import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { AppError } from '../../shared/errors';
import type { AppBindings } from './types';

export type BodySizeLimitOptions = {
  /** The most any JSON body may weigh, in kilobytes (BODY_LIMIT_KB). */
  maxKilobytes: number;
  /** Paths that take uploads: their routes cap the body first with their own limits. */
  uploadPaths: readonly string[];
};

/**
 * Caps every request body before anything reads it: a declared Content-Length over the limit is
 * refused without reading a byte, and a body sent without one is read only up to the limit. The
 * upload endpoints cap theirs first in their own routes (MAX_UPLOAD_MB, BATCH_MAX_UPLOAD_MB),
 * with the message that names the file limit.
 */
export function bodySizeLimit({ maxKilobytes, uploadPaths }: BodySizeLimitOptions) {
  const limit = bodyLimit({
    maxSize: maxKilobytes * 1024,
    onError: () => {
      throw new AppError('BODY_TOO_LARGE', { params: { maxKilobytes } });
    },
  });
  return createMiddleware<AppBindings>(async (c, next) => {
    if (uploadPaths.includes(c.req.path)) return next();
    return limit(c, next);
  });
}
