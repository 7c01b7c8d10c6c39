import { describe, expect, it } from 'vitest';
import { isRateRefusal, parseDuration, rateLimitInfo } from './rate-limit-headers';

describe('rate-limit headers', () => {
  it('reads reset durations as providers write them', () => {
    expect(parseDuration('6m0s')).toBe(360_000);
    expect(parseDuration('7.5s')).toBe(7500);
    expect(parseDuration('20ms')).toBe(20);
    expect(parseDuration('1h2m3s')).toBe(3_723_000);
    expect(parseDuration('2')).toBe(2000);
    expect(parseDuration('soon')).toBeNull();
    expect(parseDuration(null)).toBeNull();
  });

  it('reads the budgets for requests and tokens and the wait asked for', () => {
    const headers = new Headers({
      'retry-after': '90',
      'x-ratelimit-limit-requests': '500',
      'x-ratelimit-remaining-requests': '0',
      'x-ratelimit-reset-requests': '120ms',
      'x-ratelimit-remaining-tokens': '1200',
      'x-ratelimit-reset-tokens': '1m30s',
    });
    expect(rateLimitInfo(headers)).toEqual({
      retryAfterMs: 90_000,
      requests: { limit: 500, remaining: 0, resetMs: 120 },
      tokens: { limit: null, remaining: 1200, resetMs: 90_000 },
    });
    expect(rateLimitInfo(new Headers())).toEqual({
      retryAfterMs: null,
      requests: null,
      tokens: null,
    });
  });

  it('tells refusals worth waiting for from a spent quota', () => {
    expect(isRateRefusal({ status: 429, code: 'rate_limit_exceeded' })).toBe(true);
    expect(isRateRefusal({ status: 503 })).toBe(true);
    expect(isRateRefusal({ status: 429, code: 'insufficient_quota' })).toBe(false);
    expect(isRateRefusal({ status: 500 })).toBe(false);
    expect(isRateRefusal(new Error('socket hang up'))).toBe(false);
  });
});
