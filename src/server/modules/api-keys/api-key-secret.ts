import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '../../../shared/api-keys';

/** Characters of the key shown in lists, after API_KEY_PREFIX. */
const SHOWN_CHARACTERS = 8;

/** The stored form of a key. Keys are 32 random bytes, so a fast hash is enough (no salt). */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** A new key: the secret (shown once), the prefix that identifies it, and its hash. */
export function generateApiKey(): { key: string; prefix: string; hash: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return {
    key,
    prefix: key.slice(0, API_KEY_PREFIX.length + SHOWN_CHARACTERS),
    hash: hashApiKey(key),
  };
}

/** The key of an `Authorization: Bearer …` header, '' for another scheme, null for none. */
export function bearerKey(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : '';
}
