import { Hono } from 'hono';
import type { z } from 'zod';
import { newPasswordSchema, signUpSchema } from '../../../shared/account';
import { AppError } from '../../../shared/errors';
import { CLIENT_ADDRESS_HEADER } from '../../auth/create-auth';
import { getClientAddress } from '../../http/client-address';
import type { AppBindings, AppDeps } from '../../http/types';
import { accountRateLimit, rateLimit } from '../../http/rate-limit';
import { validationError } from '../../http/validate';

/** Endpoints that take a secret or send mail: limited per client address (sign-in also per account). */
const LIMITED_PATHS = [
  '/sign-in/*',
  '/sign-up/*',
  '/request-password-reset',
  '/reset-password',
  '/change-password',
];

/**
 * /api/auth/*: better-auth's endpoints (sign-up/email, sign-in/email, sign-out, get-session,
 * request-password-reset, reset-password, …) behind our rate limit and our field validation, so
 * a short password gets the same message the form shows.
 */
export function createAuthRoutes({ env, db, auth }: Pick<AppDeps, 'env' | 'db' | 'auth'>) {
  const limit = rateLimit({
    db,
    bucket: 'auth',
    limit: env.AUTH_RATE_LIMIT,
    windowSeconds: env.AUTH_RATE_WINDOW_SECONDS,
    trustProxy: env.TRUST_PROXY,
    code: 'AUTH_RATE_LIMITED',
  });
  const limitAccount = accountRateLimit({
    db,
    bucket: 'auth-account',
    limit: env.AUTH_ACCOUNT_RATE_LIMIT,
    windowSeconds: env.AUTH_ACCOUNT_RATE_WINDOW_SECONDS,
    code: 'AUTH_RATE_LIMITED',
    accountOf: (c) => emailOf(c.req.raw),
  });
  const signUp = signUpSchema(env.MIN_PASSWORD_LENGTH);
  const reset = newPasswordSchema(env.MIN_PASSWORD_LENGTH);

  const app = new Hono<AppBindings>();
  for (const path of LIMITED_PATHS) app.post(path, limit);
  app.post('/sign-in/email', limitAccount);
  app.post('/sign-up/email', async (c, next) => {
    await checkBody(c.req.raw, signUp);
    await next();
  });
  app.post('/reset-password', async (c, next) => {
    await checkBody(c.req.raw, reset);
    await next();
  });
  app.on(['GET', 'POST'], '/*', (c) =>
    auth.handler(withClientAddress(c.req.raw, getClientAddress(c, env.TRUST_PROXY))),
  );
  return app;
}

/** The request as better-auth gets it: with the client's address as we worked it out. */
function withClientAddress(request: Request, address: string): Request {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_ADDRESS_HEADER, address);
  return new Request(request, { headers });
}

/** The normalised email of a JSON body (as better-auth stores it), read without consuming it. */
async function emailOf(request: Request): Promise<string | null> {
  const body: unknown = await request
    .clone()
    .json()
    .catch(() => null);
  const email = (body as { email?: unknown } | null)?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : null;
}

/** Validates a JSON body without consuming it, so better-auth can read it after us. */
async function checkBody(request: Request, schema: z.ZodType): Promise<void> {
  let body: unknown;
  try {
    body = await request.clone().json();
  } catch {
    throw new AppError('INVALID_JSON');
  }
  const result = schema.safeParse(body);
  if (!result.success) throw validationError(result.error);
}
