import type { DownloadLink } from '../../../shared/account';
import { AppError } from '../../../shared/errors';
import { signValue, verifySignedValue } from '../../auth/signed-value';

/** SPEC.md section 9: signed download links are valid for 3600 s. */
export const DOWNLOAD_LINK_SECONDS = 3600;
const PURPOSE = 'download';

export const DOWNLOAD_PATH = '/api/downloads';

/** A link to a stored file that works for an hour for whoever holds it, like a signed S3 URL. */
export function createDownloadLink(options: {
  secret: string;
  appUrl: string;
  key: string;
  now?: Date;
}): DownloadLink {
  const expiresAt =
    Math.floor((options.now ?? new Date()).getTime() / 1000) + DOWNLOAD_LINK_SECONDS;
  const payload = Buffer.from(JSON.stringify({ k: options.key, e: expiresAt })).toString(
    'base64url',
  );
  return {
    url: `${options.appUrl}${DOWNLOAD_PATH}/${signValue(options.secret, PURPOSE, payload)}`,
    expires_at: new Date(expiresAt * 1000).toISOString(),
    file_name: fileNameOf(options.key),
  };
}

/** The storage key a link points at; an altered, foreign or expired link is refused. */
export function verifyDownloadToken(options: { secret: string; token: string; now?: Date }) {
  const payload = verifySignedValue(options.secret, PURPOSE, options.token);
  const claims = payload ? parseClaims(payload) : null;
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (!claims || claims.e <= nowSeconds) throw new AppError('DOWNLOAD_LINK_INVALID');
  return { key: claims.k, fileName: fileNameOf(claims.k) };
}

function parseClaims(payload: string): { k: string; e: number } | null {
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (typeof claims !== 'object' || claims === null) return null;
    const { k, e } = claims as Record<string, unknown>;
    return typeof k === 'string' && typeof e === 'number' ? { k, e } : null;
  } catch {
    return null;
  }
}

function fileNameOf(key: string): string {
  return `rowsmith-${key.split('/').pop() ?? 'extraction.json'}`;
}
