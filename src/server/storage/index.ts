import { join, resolve } from 'node:path';
import type { Env } from '../env';
import type { FileStorage } from './file-storage';
import { createLocalStorage } from './local-storage';

/** The stored-results driver chosen by STORAGE_DRIVER. */
export function createFileStorage(env: Env): FileStorage {
  return createLocalStorage(resolve(env.FILES_DIR ?? join(env.DATA_DIR, 'files')));
}
