import type { OpenAiErrorBody } from './protocol';

/**
 * A provider's limits, as OpenAI and the gateways in front of other models apply them: requests
 * and tokens per minute (buckets that refill continuously), and requests answered at once.
 */
export type FakeLimits = {
  /** Requests answered at once; one more is refused with 429 at once. */
  maxConcurrent?: number;
  /** Requests per window; the bucket refills continuously, as OpenAI's does. */
  requestsPerMinute?: number;
  /** Tokens per window: a request costs its prompt tokens plus its max_tokens when admitted. */
  tokensPerMinute?: number;
  /** The window's length: a minute, unless a test shortens it. */
  windowMs?: number;
};

export type Admission =
  | { ok: true; headers: Record<string, string> }
  | {
      ok: false;
      reason: 'concurrency' | 'requests' | 'tokens';
      error: OpenAiErrorBody;
      headers: Record<string, string>;
    };

type Bucket = { limit: number; level: number; at: number };

/** OpenAI's duration format in x-ratelimit-reset-*: 20ms, 7.5s, 6m0s. */
export function formatReset(ms: number): string {
  if (ms < 1000) return `${Math.ceil(ms)}ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${Number(seconds.toFixed(3))}s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}m${Number((seconds - minutes * 60).toFixed(3))}s`;
}

function refill(bucket: Bucket, windowMs: number, now: number) {
  bucket.level = Math.min(
    bucket.limit,
    bucket.level + ((now - bucket.at) / windowMs) * bucket.limit,
  );
  bucket.at = now;
}

/** How long until the bucket holds `need`, and until it is full. */
function waits(bucket: Bucket, windowMs: number, need: number) {
  const perMs = bucket.limit / windowMs;
  return {
    untilEnough: Math.max(0, (need - bucket.level) / perMs),
    untilFull: Math.max(0, (bucket.limit - bucket.level) / perMs),
  };
}

function budgetHeaders(name: 'requests' | 'tokens', bucket: Bucket, windowMs: number) {
  return {
    [`x-ratelimit-limit-${name}`]: String(bucket.limit),
    [`x-ratelimit-remaining-${name}`]: String(Math.max(0, Math.floor(bucket.level))),
    [`x-ratelimit-reset-${name}`]: formatReset(waits(bucket, windowMs, 0).untilFull),
  };
}

function refusal(
  reason: 'concurrency' | 'requests' | 'tokens',
  message: string,
  retryAfterMs: number,
  headers: Record<string, string>,
): Admission {
  return {
    ok: false,
    reason,
    error: { message, type: reason, param: null, code: 'rate_limit_exceeded' },
    headers: { ...headers, 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
  };
}

/** The limits' state for one fake server: admits a request or says why it is refused. */
export function createLimits(limits: FakeLimits) {
  const windowMs = limits.windowMs ?? 60_000;
  const bucket = (limit: number | undefined): Bucket | null =>
    limit === undefined ? null : { limit, level: limit, at: Date.now() };
  const requests = bucket(limits.requestsPerMinute);
  const tokens = bucket(limits.tokensPerMinute);
  let inFlight = 0;

  const headersNow = () => ({
    ...(requests ? budgetHeaders('requests', requests, windowMs) : {}),
    ...(tokens ? budgetHeaders('tokens', tokens, windowMs) : {}),
  });

  return {
    get inFlight() {
      return inFlight;
    },
    admit(model: string, cost: number): Admission {
      const now = Date.now();
      for (const each of [requests, tokens]) if (each) refill(each, windowMs, now);
      if (requests && requests.level < 1) {
        const wait = waits(requests, windowMs, 1).untilEnough;
        const message = `Rate limit reached for ${model} on requests per min (RPM): Limit ${requests.limit}, Used ${requests.limit}, Requested 1. Please try again in ${formatReset(wait)}.`;
        return refusal('requests', message, wait, headersNow());
      }
      if (tokens && tokens.level < cost) {
        const wait = waits(tokens, windowMs, Math.min(cost, tokens.limit)).untilEnough;
        const used = Math.round(tokens.limit - tokens.level);
        const message = `Rate limit reached for ${model} on tokens per min (TPM): Limit ${tokens.limit}, Used ${used}, Requested ${cost}. Please try again in ${formatReset(wait)}.`;
        return refusal('tokens', message, wait, headersNow());
      }
      if (limits.maxConcurrent !== undefined && inFlight >= limits.maxConcurrent) {
        const message = `Too many concurrent requests for ${model}: Limit ${limits.maxConcurrent}. Please try again in 1s.`;
        return refusal('concurrency', message, 1000, headersNow());
      }
      if (requests) requests.level -= 1;
      if (tokens) tokens.level -= cost;
      inFlight += 1;
      return { ok: true, headers: headersNow() };
    },
    /** An admitted request was answered (or its client went away). */
    done() {
      inFlight = Math.max(0, inFlight - 1);
    },
  };
}
