import { z } from 'zod';
import {
  changePasswordSchema,
  newPasswordSchema,
  passwordChangedSchema,
  signInSchema,
  signUpSchema,
  updateProfileSchema,
} from '../../shared/account';
import type { Endpoint } from './build-document';

/**
 * better-auth's endpoints under /api/auth that the README documents, with the bodies our routes
 * check before better-auth (src/server/modules/auth/auth.routes.ts). Their answers are
 * better-auth's own shapes, described here; their errors are ours, like every endpoint's.
 */
const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const sessionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const signedInSchema = z.object({ token: z.string().nullable(), user: userSchema });

const statusSchema = z.object({ status: z.boolean() });

const TAG = 'Accounts';
const LIMITED = ['AUTH_RATE_LIMITED'] as const;

export function authEndpoints(minPasswordLength: number): Endpoint[] {
  const json = (schema: z.ZodType) => ({ 'application/json': schema });
  return [
    {
      method: 'post',
      path: '/api/auth/sign-up/email',
      tag: TAG,
      auth: 'public',
      summary: 'Create an account',
      description:
        'Answers the same whether or not the email has an account (its owner is mailed instead). ' +
        'Without REQUIRE_EMAIL_VERIFICATION a new account starts with SIGNUP_CREDITS (10) credits ' +
        'and is signed in (session cookie); with it, nobody is signed in, a link is mailed, and ' +
        'opening it (GET /api/auth/verify-email) signs in and gives the credits. Whenever a ' +
        'browser is signed in here, the jobs it ran on the free trial become the account’s.',
      body: json(
        signUpSchema(minPasswordLength).extend({
          callbackURL: z
            .string()
            .optional()
            .describe('Where the verification link leads once opened, e.g. /auth/callback'),
        }),
      ),
      responses: {
        200: {
          description: 'Received (the same answer for a taken email)',
          content: json(signedInSchema.extend({ emailVerificationRequired: z.boolean() })),
        },
      },
      errors: [...LIMITED],
    },
    {
      method: 'post',
      path: '/api/auth/sign-in/email',
      tag: TAG,
      auth: 'public',
      summary: 'Sign in with email and password',
      description:
        'Limited per client address and, for failed sign-ins, per account: strangers to the ' +
        'account apart from the browsers and addresses that signed in to it before ' +
        '(docs/decisions/019-sign-in-throttling-and-proxies.md). The jobs this browser ran on ' +
        'the free trial become the account’s.',
      body: json(signInSchema),
      responses: {
        200: {
          description: 'Signed in; sets the session cookie',
          content: json(signedInSchema.extend({ redirect: z.boolean() })),
        },
      },
      errors: [...LIMITED, 'SIGN_IN_PAUSED', 'INVALID_CREDENTIALS'],
    },
    {
      method: 'post',
      path: '/api/auth/sign-out',
      tag: TAG,
      auth: 'session',
      summary: 'End the session',
      responses: {
        200: { description: 'Signed out', content: json(z.object({ success: z.boolean() })) },
      },
      errors: [],
    },
    {
      method: 'get',
      path: '/api/auth/get-session',
      tag: TAG,
      auth: 'optional',
      summary: 'The current session and user, or null',
      responses: {
        200: {
          description: 'What the browser’s auth state follows',
          content: json(z.object({ user: userSchema, session: sessionSchema }).nullable()),
        },
      },
      errors: [],
    },
    {
      method: 'post',
      path: '/api/auth/request-password-reset',
      tag: TAG,
      auth: 'public',
      summary: 'Mail a password reset link',
      description:
        'The link leads to `redirectTo?token=…`; without SMTP_URL it is written to the server log.',
      body: json(z.object({ email: signInSchema.shape.email, redirectTo: z.string().optional() })),
      responses: {
        200: {
          description: 'Sent, or nothing to send (the answer does not tell)',
          content: json(z.object({ status: z.boolean(), message: z.string().optional() })),
        },
      },
      errors: [...LIMITED],
    },
    {
      method: 'post',
      path: '/api/auth/reset-password',
      tag: TAG,
      auth: 'public',
      summary: 'Choose a new password with a reset token',
      description: 'Signs out every session of the account; `revokeApiKeys` also revokes its keys.',
      body: json(
        newPasswordSchema(minPasswordLength).extend({
          token: z.string().describe('The token of the reset link'),
        }),
      ),
      responses: {
        200: {
          description: 'Password changed',
          content: json(statusSchema.extend(passwordChangedSchema.shape)),
        },
      },
      errors: [...LIMITED, 'AUTH_LINK_INVALID'],
    },
    {
      method: 'post',
      path: '/api/auth/change-password',
      tag: TAG,
      auth: 'session',
      summary: 'Change the password of the signed-in account',
      description:
        'Signs out every other session (this one gets a new session cookie); `revokeApiKeys` ' +
        'also revokes every API key of the account. Wrong current passwords count per account ' +
        'with verify-password’s, then 429 with Retry-After.',
      body: json(changePasswordSchema(minPasswordLength)),
      responses: {
        200: {
          description: 'Password changed',
          content: json(signedInSchema.extend(passwordChangedSchema.shape)),
        },
      },
      errors: [...LIMITED, 'CURRENT_PASSWORD_WRONG'],
    },
    {
      method: 'post',
      path: '/api/auth/verify-password',
      tag: TAG,
      auth: 'session',
      summary: 'Check the password of the signed-in account',
      description:
        'Wrong passwords count per account together with change-password’s current password ' +
        '(AUTH_ACCOUNT_RATE_LIMIT per AUTH_ACCOUNT_RATE_WINDOW_SECONDS), then 429 with Retry-After.',
      body: json(z.object({ password: z.string() })),
      responses: { 200: { description: 'The password is right', content: json(statusSchema) } },
      errors: [...LIMITED, 'CURRENT_PASSWORD_WRONG'],
    },
    {
      method: 'post',
      path: '/api/auth/update-user',
      tag: TAG,
      auth: 'session',
      summary: 'Change the name of the signed-in account',
      body: json(updateProfileSchema),
      responses: { 200: { description: 'Changed', content: json(statusSchema) } },
      errors: [],
    },
    {
      method: 'post',
      path: '/api/auth/send-verification-email',
      tag: TAG,
      auth: 'public',
      summary: 'Mail the address verification link again',
      description: 'With REQUIRE_EMAIL_VERIFICATION, for an account whose address is not verified.',
      body: json(z.object({ email: signInSchema.shape.email, callbackURL: z.string().optional() })),
      responses: { 200: { description: 'Sent when due', content: json(statusSchema) } },
      errors: [...LIMITED],
    },
    {
      method: 'get',
      path: '/api/auth/verify-email',
      tag: TAG,
      auth: 'public',
      summary: 'Open the mailed verification link',
      description:
        'Verifies the address, gives the sign-up credits, signs in (the jobs this browser ran ' +
        'on the free trial become the account’s), and redirects to the ' +
        '`callbackURL` of the sign-up (with `?error=` when the link is invalid or expired).',
      query: z.object({ token: z.string(), callbackURL: z.string().optional() }),
      responses: { 302: { description: 'To callbackURL' } },
      errors: ['AUTH_LINK_INVALID'],
    },
  ];
}
