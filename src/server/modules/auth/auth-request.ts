import type { Context } from 'hono';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { AppError } from '../../../shared/errors';
import type { Auth } from '../../auth/create-auth';
import { CLIENT_ADDRESS_HEADER } from '../../auth/create-auth';
import type { Env } from '../../env';
import type { AppBindings } from '../../http/types';
import { validationError } from '../../http/validate';
import { authErrorOf } from './auth-errors';

/** The JSON body of a request, read without consuming it, so better-auth can read it after us. */
export async function peekJson(request: Request): Promise<unknown> {
  try {
    return (await request.clone().json()) as unknown;
  } catch (cause) {
    throw new AppError('INVALID_JSON', { cause });
  }
}

/** Validates a JSON body without consuming it; answers the parsed fields. */
export async function checkBody<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
): Promise<z.output<Schema>> {
  const result = schema.safeParse(await peekJson(request));
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** The normalised email of a JSON body (as better-auth stores it), or null. */
export async function emailOf(request: Request): Promise<string | null> {
  const body = await peekJson(request).catch(() => null);
  const email = (body as { email?: unknown } | null)?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : null;
}

/** The same request with another JSON body: what better-auth is to act on. */
export function withJsonBody(request: Request, body: unknown): Request {
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  headers.delete('transfer-encoding');
  headers.set('content-type', 'application/json');
  return new Request(request.url, { method: request.method, headers, body: JSON.stringify(body) });
}

/** Headers for better-auth: the client's address as we worked it out, whatever the client sent. */
export function withClientAddressHeader(given: Headers, clientAddress: string): Headers {
  const headers = new Headers(given);
  headers.set(CLIENT_ADDRESS_HEADER, clientAddress);
  return headers;
}

/** Whether people reach the app over HTTPS (cookies are then Secure). */
export function isSecureApp(env: Pick<Env, 'APP_URL'>): boolean {
  return (env.APP_URL ?? '').startsWith('https://');
}

/**
 * Hands a request to better-auth with the client's address as we worked it out (in place of
 * anything the client sent), and turns its refusals into our errors, keeping any cookies it set.
 */
export async function callBetterAuth(
  c: Context<AppBindings>,
  auth: Auth,
  options: { request?: Request; clientAddress: string },
): Promise<Response> {
  const original = options.request ?? c.req.raw;
  const headers = withClientAddressHeader(original.headers, options.clientAddress);
  const response = await auth.handler(new Request(original, { headers }));
  if (response.status < 400) return response;
  for (const cookie of response.headers.getSetCookie())
    c.header('Set-Cookie', cookie, { append: true });
  const error = await authErrorOf(response, { method: c.req.method, path: c.req.path });
  if (error.status >= 500)
    c.get('logger').error({ status: response.status, err: error.cause }, 'auth request failed');
  throw error;
}

/** better-auth's headers and cookies, put on the context's answer (a raw Response drops ours). */
function takeHeaders(c: Context<AppBindings>, response: Response, skip: string[]) {
  for (const [name, value] of response.headers) {
    if (![...skip, 'content-length', 'set-cookie'].includes(name)) c.header(name, value);
  }
  for (const cookie of response.headers.getSetCookie())
    c.header('Set-Cookie', cookie, { append: true });
}

/**
 * A better-auth answer with more fields in its JSON body, keeping its status, headers and
 * cookies, and any cookie our route set on the context.
 */
export async function answerWithMoreFields(
  c: Context<AppBindings>,
  response: Response,
  fields: Record<string, unknown>,
): Promise<Response> {
  const body = (await response.json()) as Record<string, unknown>;
  takeHeaders(c, response, ['content-type']);
  return c.json({ ...body, ...fields }, response.status as ContentfulStatusCode);
}

/** A better-auth answer as it is (a redirect, say), with any cookie our route set as well. */
export function answerAsIs(c: Context<AppBindings>, response: Response): Response {
  takeHeaders(c, response, []);
  if (response.body === null) return c.body(null, response.status as StatusCode);
  return c.body(response.body, response.status as ContentfulStatusCode);
}

/** The session cookies an answer sets, as a Cookie header for a request that follows it. */
export function cookiesSetBy(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter(Boolean)
    .join('; ');
}
