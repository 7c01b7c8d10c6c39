import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_RATE_LIMIT_INFO, type RateLimitInfo } from '../rate-limit-headers';
import { createMemoryLimiterStore } from './limiter-store';
import { createModelLimiter, type ModelLimiter, type Permit } from './model-limiter';

// The limiter on a fake clock: vitest's timers stand in for time, so waits of seconds or
// minutes are checked exactly and at once.

let limiter: ModelLimiter;
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
});
afterEach(() => {
  limiter.close();
  vi.useRealTimers();
});

function start(initial: number, max: number) {
  limiter = createModelLimiter({
    key: 'endpoint',
    store: createMemoryLimiterStore(),
    settings: { initial, max },
    acceptMs: 1_000,
  });
  return limiter;
}

/** Asks for `count` places and keeps the permits as they are granted. */
function ask(
  count: number,
  options: { tokens?: number; onRateWait?: (until: number) => void } = {},
) {
  const granted: Permit[] = [];
  for (let index = 0; index < count; index++)
    void limiter
      .acquire({ tokens: options.tokens ?? 100, onRateWait: options.onRateWait })
      .then((permit) => granted.push(permit));
  return granted;
}

const answered = (info: RateLimitInfo = NO_RATE_LIMIT_INFO) => ({
  kind: 'answered' as const,
  info,
  outputTokens: 400,
  durationMs: 4_000,
});

const budget = (remaining: number, resetMs: number, limit: number | null = null) => ({
  limit,
  remaining,
  resetMs,
});

describe('the model limiter', () => {
  it('starts at its first concurrency and doubles while the provider takes every call', async () => {
    start(2, 16);
    const granted = ask(20);
    await vi.advanceTimersByTimeAsync(0);
    expect(granted).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(granted).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(granted).toHaveLength(8);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(granted).toHaveLength(16);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(granted).toHaveLength(16);
    expect((await limiter.snapshot()).window).toBe(16);
  });

  it('does not grow a window nobody uses', async () => {
    start(4, 32);
    const granted = ask(1);
    await vi.advanceTimersByTimeAsync(3_000);
    await granted[0]!.release(answered());
    expect((await limiter.snapshot()).window).toBe(4);
  });

  it('comes down to what the provider took when it refuses one more, and retries only within that', async () => {
    start(4, 32);
    const granted = ask(8);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(granted).toHaveLength(8);
    // The provider takes 4 at once: the 4 newest are refused at once.
    for (const permit of granted.slice(4))
      await permit.release({ kind: 'refused', info: NO_RATE_LIMIT_INFO, waitMs: 1_000 });
    expect(await limiter.snapshot()).toMatchObject({ window: 4, threshold: 4 });

    const retried: Permit[] = [];
    void limiter
      .acquire({ tokens: 100, isRetry: true, notBefore: Date.now() + 1_000 })
      .then((permit) => retried.push(permit));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(retried).toHaveLength(0);
    await granted[0]!.release(answered());
    await vi.advanceTimersByTimeAsync(0);
    expect(retried).toHaveLength(1);
  });

  it('probes above what the provider took, ever more rarely while it keeps refusing', async () => {
    start(2, 32);
    const granted = ask(3);
    await vi.advanceTimersByTimeAsync(1_000);
    await granted[2]!.release({ kind: 'refused', info: NO_RATE_LIMIT_INFO, waitMs: 1_000 });
    expect(await limiter.snapshot()).toMatchObject({ window: 2, threshold: 2 });

    // Two calls out at all times, each taken in turn: how many before a third may go out?
    const out = granted.slice(0, 2);
    const takeOne = async () => {
      const next = ask(1);
      await out.shift()!.release(answered());
      await vi.advanceTimersByTimeAsync(1_000);
      out.push(next[0]!);
    };
    const tryProbe = async () => {
      const controller = new AbortController();
      let probe: Permit | null = null;
      const asked = limiter.acquire({ tokens: 100, signal: controller.signal }).then(
        (permit) => (probe = permit),
        () => null,
      );
      await vi.advanceTimersByTimeAsync(0);
      if (!probe) controller.abort(new Error('withdrawn'));
      await asked;
      return probe as Permit | null;
    };
    const takenBeforeProbe = async () => {
      for (let taken = 0; taken < 50; taken++) {
        const probe = await tryProbe();
        if (probe) return { taken, probe };
        await takeOne();
      }
      throw new Error('no probe');
    };
    const first = await takenBeforeProbe();
    await first.probe.release({ kind: 'refused', info: NO_RATE_LIMIT_INFO, waitMs: 1_000 });
    const second = await takenBeforeProbe();
    expect(first.taken).toBeGreaterThan(0);
    expect(second.taken).toBeGreaterThan(first.taken);
  });

  it('holds every call while a spent budget refills, and says until when', async () => {
    start(4, 32);
    const waits: number[] = [];
    const first = ask(1);
    await vi.advanceTimersByTimeAsync(0);
    // 8 requests a minute, none left: one more comes back after 7.5 s.
    const info = { retryAfterMs: null, requests: budget(0, 60_000, 8), tokens: null };
    await first[0]!.release(answered(info));
    const later = ask(2, { onRateWait: (until) => waits.push(until) });
    await vi.advanceTimersByTimeAsync(7_400);
    expect(later).toHaveLength(0);
    expect(waits[0]).toBe(new Date('2026-11-27T10:00:07.500Z').getTime());
    await vi.advanceTimersByTimeAsync(200);
    expect(later).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(7_500);
    expect(later).toHaveLength(2);
  });

  it('waits for the tokens a call needs when the tokens budget is low', async () => {
    start(4, 32);
    const first = ask(1, { tokens: 100 });
    await vi.advanceTimersByTimeAsync(0);
    const info = { retryAfterMs: null, requests: null, tokens: budget(500, 30_000) };
    await first[0]!.release(answered(info));
    expect(ask(1, { tokens: 400 })).toHaveLength(0);
    const big = ask(1, { tokens: 2_000 });
    await vi.advanceTimersByTimeAsync(1);
    expect(big).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(big).toHaveLength(1);
  });

  it('pauses every call as long as the provider asks when a budget is spent', async () => {
    start(4, 32);
    const first = ask(2);
    await vi.advanceTimersByTimeAsync(0);
    const spent = { retryAfterMs: 20_000, requests: budget(0, 20_000), tokens: null };
    await first[0]!.release({ kind: 'refused', info: spent, waitMs: 20_000 });
    const later = ask(1);
    await vi.advanceTimersByTimeAsync(19_000);
    expect(later).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(later).toHaveLength(1);
  });

  it('lets a waiting call go when its caller gives up', async () => {
    start(1, 1);
    ask(1);
    await vi.advanceTimersByTimeAsync(0);
    const controller = new AbortController();
    const waiting = limiter.acquire({ tokens: 1, signal: controller.signal });
    controller.abort(new Error('cancelled'));
    await expect(waiting).rejects.toThrow('cancelled');
  });
});
