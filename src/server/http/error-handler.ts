import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import {
  AppError,
  formatErrorMessage,
  type ApiErrorBody,
  type ErrorCode,
} from '../../shared/errors';
import { isDatabaseBusy, isDatabaseUnreachable } from '../db/database-errors';
import type { AppBindings } from './types';

/** How long a caller is asked to wait when the database is away (a restart takes seconds). */
const DATABASE_RETRY_SECONDS = 5;

function errorBody(c: Context<AppBindings>, code: ErrorCode, message: string, details?: unknown) {
  const body: ApiErrorBody = { error: { code, message, requestId: c.get('requestId') } };
  if (details !== undefined) body.error.details = details;
  return body;
}

const HTTP_STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'INVALID_JSON',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
};

/** The one place where a thrown error becomes an HTTP answer. */
export function handleError(error: Error, c: Context<AppBindings>) {
  if (error instanceof AppError) {
    if (error.retryAfterSeconds !== undefined)
      c.header('Retry-After', String(error.retryAfterSeconds));
    return c.json(errorBody(c, error.code, error.message, error.details), error.status as 400);
  }
  // decodeURIComponent and friends throw URIError for a malformed %-escape: the client's input.
  if (error instanceof URIError) {
    return c.json(
      errorBody(c, 'MALFORMED_ENCODING', formatErrorMessage('MALFORMED_ENCODING')),
      400,
    );
  }
  if (error instanceof HTTPException && error.status < 500) {
    const code = HTTP_STATUS_CODES[error.status] ?? 'VALIDATION_FAILED';
    return c.json(errorBody(c, code, formatErrorMessage(code)), error.status);
  }
  // The database restarting or out of reach: the moment is the trouble, not the request.
  if (isDatabaseUnreachable(error) || isDatabaseBusy(error)) {
    (c.get('logger') ?? console).warn({ err: error }, 'the database could not be reached');
    c.header('Retry-After', String(DATABASE_RETRY_SECONDS));
    return c.json(
      errorBody(c, 'DATABASE_UNAVAILABLE', formatErrorMessage('DATABASE_UNAVAILABLE')),
      503,
    );
  }
  (c.get('logger') ?? console).error({ err: error }, 'unhandled error');
  return c.json(errorBody(c, 'INTERNAL', formatErrorMessage('INTERNAL')), 500);
}

/** Unknown API paths answer JSON, never the web page. */
export function apiNotFound(c: Context<AppBindings>) {
  const params = { method: c.req.method, path: c.req.path };
  return c.json(
    errorBody(c, 'API_ROUTE_NOT_FOUND', formatErrorMessage('API_ROUTE_NOT_FOUND', params)),
    404,
  );
}
