import { AppError, type ErrorCode } from '../../../shared/errors';

/** better-auth's refusals that mean one of ours; the rest keep their message (AUTH_REQUEST_REFUSED). */
const OURS: Record<string, ErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: 'INVALID_CREDENTIALS',
  INVALID_PASSWORD: 'CURRENT_PASSWORD_WRONG',
  INVALID_TOKEN: 'AUTH_LINK_INVALID',
  TOKEN_EXPIRED: 'AUTH_LINK_INVALID',
  UNAUTHORIZED: 'UNAUTHENTICATED',
  INVALID_ORIGIN: 'CROSS_SITE_REQUEST',
  MISSING_OR_NULL_ORIGIN: 'CROSS_SITE_REQUEST',
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: 'CROSS_SITE_REQUEST',
};

/** What a field-level refusal is about, so a form can show it beside the field. */
const FIELDS: Partial<Record<ErrorCode, string>> = { CURRENT_PASSWORD_WRONG: 'currentPassword' };

type BetterAuthError = { code?: unknown; message?: unknown };

/**
 * better-auth's error answer (`{ code, message }`, or an empty 404) as our AppError, so that
 * every error of the API has one shape: `{ error: { code, message, requestId } }`.
 */
export async function authErrorOf(
  response: Response,
  request: { method: string; path: string },
): Promise<AppError> {
  const body = (await response.json().catch(() => null)) as BetterAuthError | null;
  const code = typeof body?.code === 'string' ? body.code : '';
  const message = typeof body?.message === 'string' ? body.message : '';
  if (response.status === 404) return new AppError('API_ROUTE_NOT_FOUND', { params: request });
  if (response.status >= 500) return new AppError('INTERNAL', { cause: body });
  const ours = OURS[code];
  if (ours) {
    const field = FIELDS[ours];
    const error = new AppError(ours);
    if (!field) return error;
    return new AppError(ours, { details: { fieldErrors: { [field]: [error.message] } } });
  }
  return new AppError('AUTH_REQUEST_REFUSED', {
    params: { message: message || 'The request was refused.' },
    details: code ? { reason: code } : undefined,
  });
}
