import { betterAuth } from 'better-auth';
import type { Kysely } from 'kysely';
import type { Dialect } from '../db/client';
import type { Database } from '../db/schema';
import type { Env } from '../env';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { appUrl } from './app-url';

export type CreateAuthOptions = {
  env: Env;
  db: Kysely<Database>;
  dialect: Dialect;
  secret: string;
  mailer: Mailer;
  logger: Logger;
  /** Runs once a new account exists (grants the sign-up credits). */
  onUserCreated: (userId: string) => Promise<void>;
};

export const AUTH_BASE_PATH = '/api/auth';
/**
 * The client's address as our routes work it out (http/client-address.ts, TRUST_PROXY), set on
 * every request handed to better-auth in place of anything the client sent.
 */
export const CLIENT_ADDRESS_HEADER = 'x-rowsmith-client-address';
const PASSWORD_RESET_SECONDS = 3600;

/**
 * Email-and-password accounts with better-auth, sessions in our database. Rate limiting is ours
 * (modules/auth/auth.routes.ts, shared by every server through the database), so better-auth's
 * in-memory limiter is off.
 */
export function createAuth({
  env,
  db,
  dialect,
  secret,
  mailer,
  logger,
  onUserCreated,
}: CreateAuthOptions) {
  const baseURL = appUrl(env);
  return betterAuth({
    appName: 'Rowsmith',
    baseURL,
    basePath: AUTH_BASE_PATH,
    secret,
    database: { db, type: dialect },
    telemetry: { enabled: false },
    rateLimit: { enabled: false },
    logger: {
      log: (level, message, ...args: unknown[]) =>
        logger[level === 'debug' ? 'debug' : level]({ source: 'auth', args }, message),
    },
    user: { modelName: 'users' },
    session: {
      modelName: 'sessions',
      expiresIn: env.SESSION_DAYS * 24 * 3600,
      updateAge: env.SESSION_REFRESH_HOURS * 3600,
    },
    account: { modelName: 'accounts' },
    verification: { modelName: 'verifications' },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: env.MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: PASSWORD_RESET_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          subject: 'Reset your Rowsmith password',
          text: [
            `Hello ${user.name},`,
            '',
            'Someone asked to reset the password of your Rowsmith account. To choose a new one, open',
            url,
            '',
            'The link works for one hour. If you did not ask for this, ignore this message.',
          ].join('\n'),
        });
      },
    },
    databaseHooks: {
      user: { create: { after: async (user) => onUserCreated(user.id) } },
    },
    advanced: {
      cookiePrefix: 'rowsmith',
      // better-auth skips its Origin check when it detects a test run; keep it on everywhere so
      // tests see what production does.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      useSecureCookies: baseURL.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
