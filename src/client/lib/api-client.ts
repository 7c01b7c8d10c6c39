import { hc, parseResponse } from 'hono/client';
import type { ApiType } from '../../server/app';
import type { ErrorCode } from '../../shared/error-codes';
import type { ApiErrorBody } from '../../shared/errors';

/** The typed client for every API route; request and response types come from the server. */
export const api = hc<ApiType>('/api');

type AnyClientResponse = Awaited<Parameters<typeof parseResponse>[0]>;

export const NETWORK_ERROR_MESSAGE =
  "We couldn't reach Rowsmith. Check your connection and try again.";

/** A failed API call, with the server's error code and message (or a network failure). */
export class ApiError extends Error {
  readonly code: ErrorCode | 'NETWORK';
  readonly status: number;
  readonly details: unknown;
  readonly requestId: string | undefined;

  constructor(options: {
    code: ErrorCode | 'NETWORK';
    status: number;
    message: string;
    details?: unknown;
    requestId?: string;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.code = options.code;
    this.status = options.status;
    this.details = options.details;
    this.requestId = options.requestId;
  }

  /** Per-field messages from a VALIDATION_FAILED answer. */
  fieldErrors(): Record<string, string | undefined> {
    const fieldErrors = (this.details as { fieldErrors?: Record<string, string[]> } | undefined)
      ?.fieldErrors;
    return Object.fromEntries(
      Object.entries(fieldErrors ?? {}).map(([field, messages]) => [field, messages[0]]),
    );
  }
}

/** Our codes are UPPER_SNAKE words (src/shared/errors.ts). */
const ERROR_CODE_PATTERN = /^[A-Z][A-Z0-9_]*$/;

/**
 * Our error body, recognised by its shape: every page downloads this check, so it does not carry
 * the list of codes (the server sends the message with each error anyway).
 */
function isApiErrorBody(value: unknown): value is ApiErrorBody {
  const error = (value as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return (
    typeof error?.message === 'string' &&
    typeof error.code === 'string' &&
    ERROR_CODE_PATTERN.test(error.code)
  );
}

/** Our error body (`{ error: { code, message, … } }`) as an ApiError, or null for anything else. */
export function apiErrorFromBody(body: unknown, status: number): ApiError | null {
  return isApiErrorBody(body) ? new ApiError({ status, ...body.error }) : null;
}

export function networkError(): ApiError {
  return new ApiError({ code: 'NETWORK', status: 0, message: NETWORK_ERROR_MESSAGE });
}

/** The ApiError for a response that is not ok. */
export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  return (
    apiErrorFromBody(body, response.status) ??
    new ApiError({
      code: 'INTERNAL',
      status: response.status,
      message: `The server answered ${response.status} ${response.statusText}.`,
    })
  );
}

/** The one way the browser calls the API: resolves to the typed body or throws an ApiError. */
export async function apiRequest<T extends AnyClientResponse>(call: Promise<T>) {
  let response: T;
  try {
    response = await call;
  } catch {
    throw networkError();
  }
  if (!response.ok) throw await apiErrorFromResponse(response);
  return parseResponse<T>(response);
}
