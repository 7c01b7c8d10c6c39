import { STATUS_CODES } from 'node:http';
import { APIConnectionTimeoutError } from 'openai';
import { AppError } from '../../shared/errors';
import { isHttpFailure } from './retry';

/** A failed HTTP answer from the raw chat-completions call. */
export type HttpStatusError = Error & { status: number; statusText: string; headers: Headers };

export function httpStatusError(response: Response, body: string): HttpStatusError {
  const statusText = response.statusText || STATUS_CODES[response.status] || 'Error';
  const error = new Error(`${response.status} ${statusText}: ${body.slice(0, 500)}`);
  return Object.assign(error, { status: response.status, statusText, headers: response.headers });
}

function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const body = 'error' in error && error.error ? JSON.stringify(error.error) : '';
  return `${error.message} ${body}`;
}

/** A provider that does not give log-probabilities says so with a 400 or 422 naming them. */
export function isLogprobsRejection(error: unknown): boolean {
  if (!isHttpFailure(error) || (error.status !== 400 && error.status !== 422)) return false;
  return /logprobs/i.test(messageOf(error));
}

/**
 * A provider that cannot do a response mode says so with a 400 or 422 naming the parameter
 * (`response_format`, `json_schema`) or calling it unsupported; then the next mode is tried.
 */
export function isModeRejection(error: unknown): boolean {
  if (!isHttpFailure(error) || (error.status !== 400 && error.status !== 422)) return false;
  return /response_format|json_schema|json_object|not supported|unsupported/i.test(
    messageOf(error),
  );
}

/**
 * An answer whose model declined the request (OpenAI's `refusal`, given instead of content):
 * the model's own words, as a failure of the part, not an answer in the wrong format.
 */
export function refusalOf(message: { content?: unknown; refusal?: unknown } | undefined) {
  const refusal = message?.refusal;
  if (typeof refusal !== 'string' || !refusal.trim() || message?.content) return null;
  return new AppError('MODEL_REFUSED', { params: { reason: refusal.trim().slice(0, 300) } });
}

export function isTimeoutError(error: unknown): boolean {
  return error instanceof APIConnectionTimeoutError;
}

/**
 * The one translation of a failed model call: 'OpenAI API error: {status} {statusText}'. A
 * network failure (no answer at all: refused, reset, DNS) reads as 503 Service Unavailable,
 * which is what a gateway in front of the provider would have answered.
 */
export function toModelError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isTimeoutError(error)) return new AppError('MODEL_TIMEOUT', { cause: error });
  const details = { message: messageOf(error).trim().slice(0, 1000) };
  if (isHttpFailure(error)) {
    const given =
      'statusText' in error && typeof error.statusText === 'string' ? error.statusText : '';
    const statusText = given || STATUS_CODES[error.status] || 'Error';
    return new AppError('MODEL_API_ERROR', {
      params: { status: error.status, statusText },
      details,
      cause: error,
    });
  }
  return new AppError('MODEL_API_ERROR', {
    params: { status: 503, statusText: 'Service Unavailable' },
    details,
    cause: error,
  });
}
