import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../../shared/errors';
import type { AppDeps } from './types';
import { rateLimit } from './rate-limit';

const FORM_OVERHEAD_BYTES = 256 * 1024;

/**
 * The guards in front of every endpoint that reads user input (read, extract, suggest): the
 * upload size limit and the per-client rate limit for reading work.
 */
export function inputGuards({ env, db }: Pick<AppDeps, 'env' | 'db'>) {
  return [
    bodyLimit({
      maxSize: env.MAX_UPLOAD_MB * 1024 * 1024 + FORM_OVERHEAD_BYTES,
      onError: () => {
        throw new AppError('FILE_TOO_LARGE', { params: { maxMegabytes: env.MAX_UPLOAD_MB } });
      },
    }),
    rateLimit({
      db,
      bucket: 'read',
      limit: env.READ_RATE_LIMIT,
      windowSeconds: env.READ_RATE_WINDOW_SECONDS,
      trustProxy: env.TRUST_PROXY,
    }),
  ] as const;
}
