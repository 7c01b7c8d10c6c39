import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { AppError } from '../../shared/errors';
import { appUrl } from '../auth/app-url';
import type { Env } from '../env';
import { isTrustingProxies } from './trust-proxy';
import type { AppBindings } from './types';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JSON_TYPE = /^application\/([\w.-]+\+)?json$/;
const MULTIPART_TYPE = 'multipart/form-data';

export type CrossSiteGuardOptions = {
  env: Pick<Env, 'APP_URL' | 'PORT' | 'TRUST_PROXY'>;
  /** Paths that take an uploaded file as multipart/form-data; every other body must be JSON. */
  uploadPaths: readonly string[];
};

/**
 * The origins this app is served from: APP_URL's when it is set; otherwise the request's own
 * (its scheme, from X-Forwarded-Proto behind a trusted proxy, and its Host) and APP_URL's
 * default, http://localhost:PORT.
 */
function ownOrigins(c: Context, env: CrossSiteGuardOptions['env']): string[] {
  if (env.APP_URL) return [new URL(env.APP_URL).origin];
  const url = new URL(c.req.url);
  const forwarded = isTrustingProxies(env.TRUST_PROXY)
    ? c.req.header('x-forwarded-proto')?.split(',')[0]?.trim()
    : '';
  const scheme = forwarded === 'https' || forwarded === 'http' ? `${forwarded}:` : url.protocol;
  return [`${scheme}//${url.host}`, new URL(appUrl(env)).origin];
}

/** Another site's page sent this: its Origin is not ours, or the browser says so. */
function isCrossSite(c: Context, env: CrossSiteGuardOptions['env']): boolean {
  const origin = c.req.header('origin');
  if (origin !== undefined) return !ownOrigins(c, env).includes(origin.toLowerCase());
  return c.req.header('sec-fetch-site') === 'cross-site';
}

/** Per RFC 9112 a request has a body only when Content-Length or Transfer-Encoding says so. */
function hasBody(c: Context): boolean {
  const length = c.req.header('content-length');
  return (
    (length !== undefined && Number(length) !== 0) ||
    c.req.header('transfer-encoding') !== undefined
  );
}

/**
 * Refuses state-changing API requests that another site could make a browser send: those whose
 * Origin (or, without one, Sec-Fetch-Site) shows another site answer 403 CROSS_SITE_REQUEST,
 * and bodies of a type a plain HTML form or a no-CORS fetch can send (text/plain, form-encoded,
 * or none declared) answer 415 UNSUPPORTED_MEDIA_TYPE. Requests with neither header (the CLI,
 * curl, other servers) are not a browser acting for someone, and pass the origin check, as do
 * requests with an API key and no cookie (apiKeyAuth runs first).
 */
export function crossSiteGuard({ env, uploadPaths }: CrossSiteGuardOptions) {
  return createMiddleware<AppBindings>(async (c, next) => {
    if (!STATE_CHANGING.has(c.req.method)) return next();
    // A key sent without cookies is a script's, which no other site can make a browser send.
    const isKeyOnly = c.get('apiKeyUser') !== undefined && c.req.header('cookie') === undefined;
    if (!isKeyOnly && isCrossSite(c, env)) {
      c.get('logger').warn(
        { origin: c.req.header('origin') ?? null, secFetchSite: c.req.header('sec-fetch-site') },
        'cross-site request refused',
      );
      throw new AppError('CROSS_SITE_REQUEST');
    }
    const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
    const takesUpload = uploadPaths.includes(c.req.path);
    const isAccepted = mediaType
      ? JSON_TYPE.test(mediaType) || (takesUpload && mediaType === MULTIPART_TYPE)
      : !hasBody(c);
    if (!isAccepted) {
      const expected = takesUpload
        ? 'JSON (Content-Type: application/json), or a file as multipart/form-data'
        : 'JSON, with Content-Type: application/json';
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', { params: { expected } });
    }
    return next();
  });
}
