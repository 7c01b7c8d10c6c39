/**
 * Where stored extraction results live. One contract, two drivers (a local folder, any
 * S3-compatible store), one factory chosen by STORAGE_DRIVER (`./index.ts`).
 *
 * Keys look like `{user_id}/{extraction_id}_{timestamp}.json`: segments of letters, digits and
 * `._-`, separated by `/`. Anything else is refused before a driver sees it.
 */
export interface FileStorage {
  readonly driver: 'local' | 's3';
  /**
   * Writes a new file. Never overwrites: when the key exists the call fails with
   * AppError('STORED_FILE_EXISTS') and the existing file is unchanged.
   */
  create(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  read(key: string): Promise<Uint8Array | null>;
  /** Every key that starts with `prefix` (e.g. `{user_id}/`), sorted. */
  list(prefix: string): Promise<string[]>;
  /** Removes these files; a key that does not exist is not an error. */
  remove(keys: string[]): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** True for a key every driver can store safely (no `..`, no absolute paths, no odd characters). */
export function isValidStorageKey(key: string): boolean {
  const segments = key.split('/');
  return (
    segments.length >= 1 &&
    segments.length <= 4 &&
    segments.every((segment) => SEGMENT.test(segment) && !segment.includes('..'))
  );
}

/** A prefix is a run of whole key segments ending in `/`. */
export function isValidStoragePrefix(prefix: string): boolean {
  return prefix.endsWith('/') && isValidStorageKey(prefix.slice(0, -1));
}
