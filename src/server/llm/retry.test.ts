import { describe, expect, it } from 'vitest';
import { backoffDelay, MAX_RETRY_AFTER_MS, parseRetryAfter, sleep, withRetries } from './retry';

function httpError(status: number, headers: Record<string, string> = {}) {
  return Object.assign(new Error(`HTTP ${status}`), { status, headers: new Headers(headers) });
}

/** A function that fails with the given errors in turn, then answers 'ok'. */
function failing(errors: Error[]) {
  const calls: number[] = [];
  const fn = (attempt: number) => {
    calls.push(attempt);
    const error = errors[attempt - 1];
    return error === undefined ? Promise.resolve('ok') : Promise.reject(error);
  };
  return { fn, calls };
}

describe('parseRetryAfter', () => {
  it('reads seconds, milliseconds and HTTP dates, capped', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter(new Headers({ 'retry-after': '2' }), now)).toBe(2000);
    expect(parseRetryAfter(new Headers({ 'retry-after-ms': '150', 'retry-after': '9' }), now)).toBe(
      150,
    );
    expect(
      parseRetryAfter(new Headers({ 'retry-after': 'Wed, 01 Jan 2025 00:00:03 GMT' }), now),
    ).toBe(3000);
    expect(
      parseRetryAfter(new Headers({ 'retry-after': 'Tue, 31 Dec 2024 23:00:00 GMT' }), now),
    ).toBe(0);
    expect(parseRetryAfter(new Headers({ 'retry-after': '3600' }), now)).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(parseRetryAfter(new Headers(), now)).toBeUndefined();
  });
});

describe('backoffDelay', () => {
  it('grows exponentially up to the cap, with full jitter', () => {
    const options = { baseDelayMs: 100, maxDelayMs: 1000 };
    expect(backoffDelay(1, { ...options, random: () => 0.999 })).toBe(100);
    expect(backoffDelay(3, { ...options, random: () => 0.5 })).toBe(200);
    expect(backoffDelay(10, { ...options, random: () => 0.999 })).toBe(999);
    expect(backoffDelay(2, { ...options, random: () => 0 })).toBe(0);
  });
});

describe('withRetries', () => {
  const fast = { retries: 2, baseDelayMs: 1, maxDelayMs: 2 };

  it('retries 429, 5xx and network errors, then succeeds', async () => {
    const { fn, calls } = failing([httpError(503), new TypeError('fetch failed')]);
    await expect(withRetries(fn, fast)).resolves.toBe('ok');
    expect(calls).toEqual([1, 2, 3]);
  });

  it('gives up after the retries with the last error', async () => {
    const last = httpError(500);
    const { fn, calls } = failing([httpError(429), httpError(502), last]);
    await expect(withRetries(fn, fast)).rejects.toBe(last);
    expect(calls).toHaveLength(3);
  });

  it('never retries other 4xx', async () => {
    for (const status of [400, 401, 404, 422]) {
      const { fn, calls } = failing([httpError(status)]);
      await expect(withRetries(fn, fast)).rejects.toMatchObject({ status });
      expect(calls).toHaveLength(1);
    }
  });

  it('retries 408 and waits as long as the server asks', async () => {
    const delays: number[] = [];
    const { fn } = failing([httpError(408), httpError(429, { 'retry-after-ms': '40' })]);
    const result = await withRetries(fn, {
      ...fast,
      onRetry: ({ delayMs }) => delays.push(delayMs),
    });
    expect(result).toBe('ok');
    expect(delays[1]).toBe(40);
  });

  it('stops waiting when the signal aborts', async () => {
    const controller = new AbortController();
    const reason = new Error('caller went away');
    const { fn, calls } = failing([httpError(429, { 'retry-after': '30' })]);
    setTimeout(() => controller.abort(reason), 20);
    const started = Date.now();
    await expect(withRetries(fn, { ...fast, signal: controller.signal })).rejects.toBe(reason);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(calls).toHaveLength(1);
  });
});

describe('sleep', () => {
  it('rejects at once with an already aborted signal', async () => {
    await expect(sleep(10_000, AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
  });
});
