import { z } from 'zod';
import { signInSchema, signUpSchema, newPasswordSchema } from '../../shared/account';
import type { Endpoint } from './build-document';

/**
 * better-auth's endpoints under /api/auth that the README documents, with the bodies our routes
 * check before better-auth (src/server/modules/auth/auth.routes.ts). Their answers are
 * better-auth's own shapes, described here.
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

/** better-auth's own refusal (a wrong password, an expired reset token, …). */
const betterAuthErrorSchema = z.object({ code: z.string().optional(), message: z.string() });

const TAG = 'Accounts';
const LIMITED = ['AUTH_RATE_LIMITED'] as const;

export function authEndpoints(minPasswordLength: number): Endpoint[] {
  const json = (schema: z.ZodType) => ({ 'application/json': schema });
  const refused = (description: string) => ({ description, content: json(betterAuthErrorSchema) });
  return [
    {
      method: 'post',
      path: '/api/auth/sign-up/email',
      tag: TAG,
      auth: 'public',
      summary: 'Create an account and sign in',
      description: 'Starts with SIGNUP_CREDITS (10) credits; sets the session cookie.',
      body: json(signUpSchema(minPasswordLength)),
      responses: { 200: { description: 'Signed up and in', content: json(signedInSchema) } },
      errors: [...LIMITED],
    },
    {
      method: 'post',
      path: '/api/auth/sign-in/email',
      tag: TAG,
      auth: 'public',
      summary: 'Sign in with email and password',
      description: 'Limited per client address and, for failed sign-ins, per account.',
      body: json(signInSchema),
      responses: {
        200: {
          description: 'Signed in; sets the session cookie',
          content: json(signedInSchema.extend({ redirect: z.boolean() })),
        },
        401: refused('Wrong email or password'),
      },
      errors: [...LIMITED],
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
      body: json(
        newPasswordSchema(minPasswordLength).extend({
          token: z.string().describe('The token of the reset link'),
        }),
      ),
      responses: {
        200: { description: 'Password changed', content: json(z.object({ status: z.boolean() })) },
        400: refused('The token is invalid or expired'),
      },
      errors: [...LIMITED],
    },
    {
      method: 'post',
      path: '/api/auth/change-password',
      tag: TAG,
      auth: 'session',
      summary: 'Change the password of the signed-in account',
      body: json(
        newPasswordSchema(minPasswordLength).extend({
          currentPassword: z.string(),
          revokeOtherSessions: z.boolean().optional(),
        }),
      ),
      responses: {
        200: { description: 'Password changed', content: json(signedInSchema) },
        400: refused('The current password is wrong'),
      },
      errors: [...LIMITED],
    },
  ];
}
