/**
 * The one retry helper for model calls: exponential backoff with full jitter, honouring the
 * server's Retry-After / retry-after-ms headers, and sleeps that stop when the signal aborts.
 */

export type RetryDecision = { retry: false } | { retry: true; afterMs?: number };

export type RetryInfo = { attempt: number; delayMs: number; error: unknown };

export type RetryOptions = {
  /** Retries after the first attempt (2 means at most 3 attempts). */
  retries: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  signal?: AbortSignal;
  /** Which failures are worth another attempt; by default HTTP 408, 429, 5xx and network errors. */
  decide?: (error: unknown) => RetryDecision;
  onRetry?: (info: RetryInfo) => void;
  /** For tests of the jitter; Math.random by default. */
  random?: () => number;
};

/** A server's own wait request is honoured up to this long. */
export const MAX_RETRY_AFTER_MS = 60_000;

/** A failed HTTP answer, as the SDK's APIError and our raw fetch both describe it. */
export type HttpFailure = { status: number; headers?: Headers | undefined };

export function isHttpFailure(error: unknown): error is HttpFailure {
  return (
    typeof error === 'object' &&
    error !== null &&
    'status' in error &&
    typeof error.status === 'number'
  );
}

export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

/**
 * Milliseconds the server asked us to wait, from retry-after-ms or Retry-After (seconds or a
 * date), at most `capMs`.
 */
export function parseRetryAfter(
  headers: Headers | undefined,
  now = Date.now(),
  capMs = MAX_RETRY_AFTER_MS,
): number | undefined {
  const milliseconds = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(milliseconds) && milliseconds >= 0) {
    return Math.min(milliseconds, capMs);
  }
  const value = headers?.get('retry-after')?.trim();
  if (!value) return undefined;
  const seconds = /^\d+(\.\d+)?$/.test(value) ? Number.parseFloat(value) * 1000 : undefined;
  const fromDate = seconds === undefined ? Date.parse(value) - now : undefined;
  const wait = seconds ?? fromDate;
  if (wait === undefined || !Number.isFinite(wait)) return undefined;
  return Math.min(Math.max(wait, 0), capMs);
}

/**
 * The default policy: retry 408, 429 and 5xx (waiting as the server asks), and network errors
 * (anything without an HTTP status); never an abort or another 4xx.
 */
export function httpRetryDecision(error: unknown): RetryDecision {
  if (isAbortError(error)) return { retry: false };
  if (!isHttpFailure(error)) return { retry: true };
  if (!isRetryableStatus(error.status)) return { retry: false };
  const afterMs = parseRetryAfter(error.headers);
  return afterMs === undefined ? { retry: true } : { retry: true, afterMs };
}

/** Full jitter: a random wait between 0 and the exponential cap for this attempt. */
export function backoffDelay(
  attempt: number,
  options: { baseDelayMs: number; maxDelayMs: number; random?: () => number },
): number {
  const cap = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
  return Math.round((options.random ?? Math.random)() * cap);
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Calls `fn` (with the attempt number, from 1) until it succeeds or a failure is final. */
export async function withRetries<T>(
  fn: (attempt: number) => Promise<T>,
  options: RetryOptions,
): Promise<T> {
  const { retries, signal, onRetry } = options;
  const decide = options.decide ?? httpRetryDecision;
  const delays = {
    baseDelayMs: options.baseDelayMs ?? 500,
    maxDelayMs: options.maxDelayMs ?? 8_000,
    random: options.random,
  };
  for (let attempt = 1; ; attempt += 1) {
    signal?.throwIfAborted();
    try {
      return await fn(attempt);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      const decision = decide(error);
      if (attempt > retries || !decision.retry) throw error;
      const delayMs = decision.afterMs ?? backoffDelay(attempt, delays);
      onRetry?.({ attempt, delayMs, error });
      await sleep(delayMs, signal);
    }
  }
}
