import { apiErrorFromBody, networkError } from '../../lib/api-client';

/** What better-auth's client answers for a failed call (our errors nest under `error`). */
export type AuthCallError = {
  code?: string;
  message?: string;
  status?: number;
  error?: unknown;
};

/** A failed auth call: the sentence to show, the per-field messages, and better-auth's code. */
export class AuthFormError extends Error {
  readonly code: string | undefined;
  readonly fieldErrors: Record<string, string | undefined>;

  constructor(
    message: string,
    code: string | undefined,
    fieldErrors: Record<string, string | undefined>,
  ) {
    super(message);
    this.name = 'AuthFormError';
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

/**
 * Our own errors (rate limit, validation) arrive as `{ error: { code, message, details } }`,
 * better-auth's as `{ code, message }`.
 */
export function toAuthFormError(error: AuthCallError, fallback: string): AuthFormError {
  const ours = apiErrorFromBody({ error: error.error }, error.status ?? 0);
  if (ours) return new AuthFormError(ours.message, ours.code, ours.fieldErrors());
  const code = typeof error.code === 'string' ? error.code : undefined;
  if (error.status === 0 || error.message === 'Failed to fetch')
    return new AuthFormError(networkError().message, code, {});
  return new AuthFormError(error.message || fallback, code, {});
}
