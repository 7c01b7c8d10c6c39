import { AppError } from '../../shared/errors';
import { isValidStorageKey, isValidStoragePrefix } from './file-storage';

/** A storage failure the caller cannot fix; `cause` keeps the driver's error for the log. */
export function storageFailed(message: string, cause?: unknown): AppError {
  return new AppError('STORAGE_FAILED', { params: { message }, cause });
}

/** Refuses a key before any driver touches storage (the key itself is not echoed back). */
export function assertValidKey(key: string): void {
  if (!isValidStorageKey(key)) throw storageFailed('invalid key');
}

export function assertValidPrefix(prefix: string): void {
  if (!isValidStoragePrefix(prefix)) throw storageFailed('invalid prefix');
}

export function storedFileExists(key: string, cause?: unknown): AppError {
  return new AppError('STORED_FILE_EXISTS', { params: { key }, cause });
}
