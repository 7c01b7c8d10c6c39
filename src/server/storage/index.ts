import { join, resolve } from 'node:path';
import type { Env } from '../env';
import type { FileStorage } from './file-storage';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import { storageFailed } from './storage-errors';

/** The one storage factory: a local folder, or an S3-compatible bucket (STORAGE_DRIVER). */
export function createFileStorage(env: Env): FileStorage {
  if (env.STORAGE_DRIVER === 'local') {
    return createLocalStorage(resolve(env.FILES_DIR ?? join(env.DATA_DIR, 'files')));
  }
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId } = env;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY;
  // env.ts already refuses to start without these; this keeps the types honest.
  if (!bucket || !accessKeyId || !secretAccessKey) {
    throw storageFailed('S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required');
  }
  return createS3Storage({
    bucket,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  });
}
