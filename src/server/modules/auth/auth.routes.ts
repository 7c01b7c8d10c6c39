import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import {
  changePasswordSchema,
  newPasswordSchema,
  signUpSchema,
  updateProfileSchema,
} from '../../../shared/account';
import { AppError } from '../../../shared/errors';
import { getClientAddress } from '../../http/client-address';
import { rateLimit } from '../../http/rate-limit';
import type { AppBindings, AppDeps } from '../../http/types';
import { revokeAllApiKeys } from '../api-keys/revoke-all-api-keys';
import { claimVisitorJobs } from '../jobs/claim-visitor-jobs';
import { userExists, selectResetTokenUser } from './auth.queries';
import {
  callBetterAuth,
  checkBody,
  cookiesSetBy,
  isSecureApp,
  withClientAddressHeader,
  withJsonBody,
  answerAsIs,
  answerWithMoreFields,
} from './auth-request';
import { rememberFamiliarClient } from './familiar-clients';
import { passwordCheckThrottle } from './password-check-throttle';
import { addressOf, signInThrottle } from './sign-in-throttle';

/**
 * Endpoints that take a secret or send mail: limited per client address; sign-in also per
 * account, and the password a session types (verify-password, change-password) per account too.
 * Every endpoint and its limits: docs/decisions/019-sign-in-throttling-and-proxies.md.
 */
const LIMITED_PATHS = [
  '/sign-in/*',
  '/sign-up/*',
  '/request-password-reset',
  '/reset-password',
  '/change-password',
  '/verify-password',
  '/send-verification-email',
];

/** An API key never reaches the account itself: its password, email, name or sessions. */
const refuseApiKeys = createMiddleware<AppBindings>(async (c, next) => {
  if (c.get('apiKeyUser')) throw new AppError('SESSION_REQUIRED');
  await next();
});

type AuthDeps = Pick<AppDeps, 'env' | 'db' | 'auth' | 'secret'>;

/**
 * /api/auth/*: better-auth's endpoints (sign-up/email, sign-in/email, sign-out, get-session,
 * request-password-reset, reset-password, change-password, update-user, …) behind our rate
 * limit and our field validation, so a short password gets the same message the form shows, and
 * with every refusal in our error shape.
 */
export function createAuthRoutes({ env, db, auth, secret }: AuthDeps) {
  const limit = rateLimit({
    db,
    bucket: 'auth',
    limit: env.AUTH_RATE_LIMIT,
    windowSeconds: env.AUTH_RATE_WINDOW_SECONDS,
    trustProxy: env.TRUST_PROXY,
    code: 'AUTH_RATE_LIMITED',
  });
  const signUp = signUpSchema(env.MIN_PASSWORD_LENGTH);
  const reset = newPasswordSchema(env.MIN_PASSWORD_LENGTH);
  const change = changePasswordSchema(env.MIN_PASSWORD_LENGTH);
  const clientAddress = (c: Context<AppBindings>) => getClientAddress(c, env.TRUST_PROXY);
  const pass = (c: Context<AppBindings>, request?: Request) =>
    callBetterAuth(c, auth, { request, clientAddress: clientAddress(c) });
  // The free trial's jobs become the account's once this browser is signed in to it.
  const claimTrialWork = (c: Context<AppBindings>, userId: string) =>
    claimVisitorJobs({ c, db, secret, logger: c.get('logger'), userId });

  const app = new Hono<AppBindings>();
  app.use(refuseApiKeys);
  for (const path of LIMITED_PATHS) app.post(path, limit);
  app.post('/sign-in/email', signInThrottle({ db, env, secret }));
  const passwordChecks = passwordCheckThrottle({ db, env, auth });
  app.post('/verify-password', passwordChecks);
  app.post('/change-password', passwordChecks);
  // The same answer whether or not the email has an account; a new one is signed in at once
  // unless its address must be verified first (decision 021).
  app.post('/sign-up/email', async (c) => {
    const { email, password } = await checkBody(c.req.raw, signUp);
    const response = await pass(c);
    const { user } = (await response.clone().json()) as { user: { id: string } };
    const isVerificationRequired = env.REQUIRE_EMAIL_VERIFICATION;
    if (!isVerificationRequired && (await userExists(db, user.id))) {
      const signedIn = await auth.api.signInEmail({
        body: { email, password },
        headers: withClientAddressHeader(c.req.raw.headers, clientAddress(c)),
        returnHeaders: true,
      });
      for (const cookie of signedIn.headers.getSetCookie())
        c.header('Set-Cookie', cookie, { append: true });
      await rememberFamiliarClient({
        c,
        db,
        secret,
        email: email.toLowerCase(),
        address: addressOf(c, env),
        isSecure: isSecureApp(env),
      });
      await claimTrialWork(c, user.id);
    }
    return answerWithMoreFields(c, response, { emailVerificationRequired: isVerificationRequired });
  });
  app.post('/sign-in/email', async (c) => {
    const response = await pass(c);
    const answer = (await response
      .clone()
      .json()
      .catch(() => null)) as { user?: { id?: unknown } } | null;
    const userId = answer?.user?.id;
    if (typeof userId === 'string' && cookiesSetBy(response)) await claimTrialWork(c, userId);
    return answerAsIs(c, response);
  });
  app.post('/update-user', async (c) => {
    await checkBody(c.req.raw, updateProfileSchema);
    return pass(c);
  });
  // Other sessions always end with a password change; the keys too when the user asks.
  app.post('/change-password', async (c) => {
    const { currentPassword, newPassword, revokeApiKeys } = await checkBody(c.req.raw, change);
    const body = { currentPassword, newPassword, revokeOtherSessions: true };
    const response = await pass(c, withJsonBody(c.req.raw, body));
    const { user } = (await response.clone().json()) as { user: { id: string } };
    const revoked = revokeApiKeys
      ? await revokeAllApiKeys({ db, logger: c.get('logger'), userId: user.id })
      : 0;
    return answerWithMoreFields(c, response, { revokedApiKeys: revoked });
  });
  // better-auth ends every session with a reset; the keys go too when the user asks.
  app.post('/reset-password', async (c) => {
    const { token, revokeApiKeys } = await checkBody(c.req.raw, reset);
    const owner = token ? await selectResetTokenUser(db, token) : null;
    const response = await pass(c);
    if (!owner) return answerWithMoreFields(c, response, { revokedApiKeys: 0 });
    const logger = c.get('logger');
    const revoked = revokeApiKeys ? await revokeAllApiKeys({ db, logger, userId: owner.id }) : 0;
    // The link proved the mailbox: this browser and address may sign in even while strangers
    // are paused.
    const address = addressOf(c, env);
    const isSecure = isSecureApp(env);
    await rememberFamiliarClient({ c, db, secret, email: owner.email, address, isSecure });
    return answerWithMoreFields(c, response, { revokedApiKeys: revoked });
  });
  // The mailed link proved the mailbox, and signed in: this browser and address become familiar
  // to the account, as after a sign-in (decision 019).
  app.get('/verify-email', async (c) => {
    const response = await pass(c);
    const cookie = cookiesSetBy(response);
    const session = cookie ? await auth.api.getSession({ headers: new Headers({ cookie }) }) : null;
    if (session) {
      const { email } = session.user;
      const address = addressOf(c, env);
      await rememberFamiliarClient({ c, db, secret, email, address, isSecure: isSecureApp(env) });
      await claimTrialWork(c, session.user.id);
    }
    return answerAsIs(c, response);
  });
  app.on(['GET', 'POST'], '/*', (c) => pass(c));
  return app;
}
