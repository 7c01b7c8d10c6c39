import { authErrorMessage } from '../../lib/auth-client';

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

  constructor(message: string, code: string | undefined, fieldErrors: Record<string, string>) {
    super(message);
    this.name = 'AuthFormError';
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

/** Per-field messages of our VALIDATION_FAILED answers (`error.details.fieldErrors`). */
function fieldErrorsOf(error: AuthCallError): Record<string, string> {
  const details = (error.error as { details?: { fieldErrors?: unknown } } | undefined)?.details;
  const fieldErrors = details?.fieldErrors;
  if (typeof fieldErrors !== 'object' || fieldErrors === null) return {};
  const found: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fieldErrors)) {
    const first: unknown = Array.isArray(messages) ? messages[0] : undefined;
    if (typeof first === 'string') found[field] = first;
  }
  return found;
}

export function toAuthFormError(error: AuthCallError, fallback: string): AuthFormError {
  const code = typeof error.code === 'string' ? error.code : undefined;
  return new AuthFormError(authErrorMessage(error, fallback), code, fieldErrorsOf(error));
}
