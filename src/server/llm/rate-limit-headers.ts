import { isHttpFailure, parseRetryAfter } from './retry';

/** What a provider said about one of its budgets (requests or tokens per minute). */
export type BudgetHeader = {
  /** x-ratelimit-limit-*: the budget's size, when sent. */
  limit: number | null;
  /** x-ratelimit-remaining-*. */
  remaining: number;
  /** x-ratelimit-reset-*: how long until the budget is full again. */
  resetMs: number;
};

/** The rate-limit headers of one answer, refused or not. */
export type RateLimitInfo = {
  /** Retry-After (or retry-after-ms): how long the provider asked us to wait. */
  retryAfterMs: number | null;
  requests: BudgetHeader | null;
  tokens: BudgetHeader | null;
};

export const NO_RATE_LIMIT_INFO: RateLimitInfo = {
  retryAfterMs: null,
  requests: null,
  tokens: null,
};

const UNITS: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };

/**
 * A reset duration as providers write it: OpenAI's `6m0s`, `7.5s`, `20ms`, `1h2m3s`, or a plain
 * number of seconds. Null when it is neither.
 */
export function parseDuration(text: string | null | undefined): number | null {
  const value = text?.trim();
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Number.parseFloat(value) * 1000;
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== value) return null;
  return parts.reduce((sum, [, amount, unit]) => sum + Number(amount) * UNITS[unit!]!, 0);
}

function budget(headers: Headers, name: 'requests' | 'tokens'): BudgetHeader | null {
  const remaining = Number.parseFloat(headers.get(`x-ratelimit-remaining-${name}`) ?? '');
  if (!Number.isFinite(remaining)) return null;
  const limit = Number.parseFloat(headers.get(`x-ratelimit-limit-${name}`) ?? '');
  return {
    limit: Number.isFinite(limit) && limit > 0 ? limit : null,
    remaining: Math.max(0, remaining),
    resetMs: parseDuration(headers.get(`x-ratelimit-reset-${name}`)) ?? 60_000,
  };
}

/** A day: longer waits than this are read as a day (and the job's deadline comes first). */
const LONGEST_WAIT_MS = 86_400_000;

/** The rate-limit headers of an answer; without headers, nothing is known. */
export function rateLimitInfo(headers: Headers | undefined, now = Date.now()): RateLimitInfo {
  if (!headers) return NO_RATE_LIMIT_INFO;
  return {
    retryAfterMs: parseRetryAfter(headers, now, LONGEST_WAIT_MS) ?? null,
    requests: budget(headers, 'requests'),
    tokens: budget(headers, 'tokens'),
  };
}

/** The code or message of an error body, for telling refusals apart. */
function bodyText(error: object): string {
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  const message = error instanceof Error ? error.message : '';
  const body = 'error' in error && error.error ? JSON.stringify(error.error) : '';
  return `${code} ${message} ${body}`;
}

/**
 * Whether a failed call was refused for the provider's limits (429), or because it is
 * overloaded (503): waiting helps. A 429 for an exhausted quota or billing (`insufficient_quota`)
 * does not go away by waiting: it is a real failure.
 */
export function isRateRefusal(error: unknown): error is { status: number; headers?: Headers } {
  if (!isHttpFailure(error)) return false;
  if (error.status === 503) return true;
  return error.status === 429 && !/insufficient_quota|billing/i.test(bodyText(error));
}
