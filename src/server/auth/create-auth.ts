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
  /** Runs once a new account exists (grants the sign-up credits, or holds them). */
  onUserCreated: (userId: string) => Promise<void>;
  /** Runs once an address is verified by its mailed link (releases held sign-up credits). */
  onEmailVerified: (userId: string) => Promise<void>;
};

export const AUTH_BASE_PATH = '/api/auth';
/**
 * The client's address as our routes work it out (http/client-address.ts, TRUST_PROXY), set on
 * every request handed to better-auth in place of anything the client sent.
 */
export const CLIENT_ADDRESS_HEADER = 'x-rowsmith-client-address';
const PASSWORD_RESET_SECONDS = 3600;
const EMAIL_VERIFICATION_SECONDS = 24 * 3600;

/**
 * Email-and-password accounts with better-auth, sessions in our database. Rate limiting is ours
 * (modules/auth/auth.routes.ts, shared by every server through the database), so better-auth's
 * in-memory limiter is off. Sign-up answers the same whether or not the email has an account
 * (better-auth does so only without its own auto sign-in; our route signs a new account in when
 * no verification is required): docs/decisions/021-sign-up-answers-and-email-verification.md.
 */
export function createAuth(options: CreateAuthOptions) {
  const { env, db, dialect, secret, mailer, logger, onUserCreated } = options;
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
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) => {
        await mailer.send(existingAccountMail(user, baseURL));
      },
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
    ...emailVerification(options, baseURL),
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

type MailUser = { email: string; name: string };

/** Someone tried to sign up with an address that has an account: its owner is told. */
function existingAccountMail(user: MailUser, baseURL: string) {
  return {
    to: user.email,
    subject: 'Someone tried to create a Rowsmith account with your email',
    text: [
      `Hello ${user.name},`,
      '',
      'Someone (perhaps you) tried to create a Rowsmith account with this email address, which',
      'already has one. Nothing was changed.',
      '',
      `If it was you, sign in at ${baseURL}/sign-in, or if you have forgotten your password,`,
      `reset it at ${baseURL}/forgot-password.`,
      '',
      'If it was not you, you can ignore this message.',
    ].join('\n'),
  };
}

/** With REQUIRE_EMAIL_VERIFICATION: the mailed link, and what verifying it does. */
function emailVerification(options: CreateAuthOptions, baseURL: string) {
  const { env, mailer, onEmailVerified } = options;
  if (!env.REQUIRE_EMAIL_VERIFICATION) return {};
  return {
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: EMAIL_VERIFICATION_SECONDS,
      sendVerificationEmail: async ({ user, url }: { user: MailUser; url: string }) => {
        await mailer.send({
          to: user.email,
          subject: 'Confirm your email address for Rowsmith',
          text: [
            `Hello ${user.name},`,
            '',
            `To finish creating your Rowsmith account and get your ${env.SIGNUP_CREDITS} free credits,`,
            'confirm your email address by opening',
            url,
            '',
            `The link works for 24 hours; ${baseURL}/settings sends a new one.`,
            'If you did not sign up, ignore this message.',
          ].join('\n'),
        });
      },
      afterEmailVerification: async (user: { id: string }) => onEmailVerified(user.id),
    },
  };
}

export type Auth = ReturnType<typeof createAuth>;
