import { describe, expect, it } from 'vitest';
import { MIN_PART_OUTPUT_TOKENS, partCount, partsAtOnce } from './part-count';

const pace = (window: number, threshold: number | null) => ({
  window,
  threshold,
  maxConcurrency: 32,
  tokensPerSecond: null,
});

describe('partsAtOnce', () => {
  it('plans for MODEL_MAX_CONCURRENCY while the provider has shown no limit', () => {
    expect(partsAtOnce(pace(4, null), 32)).toBe(32);
  });

  it("plans for the endpoint's learned window once the provider refused one more", () => {
    expect(partsAtOnce(pace(4, 4), 32)).toBe(4);
    expect(partsAtOnce(pace(6.7, 5), 32)).toBe(6);
  });

  it('never plans for more than the run sends at once, nor for fewer than one', () => {
    expect(partsAtOnce(pace(32, null), 8)).toBe(8);
    expect(partsAtOnce(pace(0.4, 1), 32)).toBe(1);
    expect(partsAtOnce(null, 32)).toBe(1);
  });
});

describe('partCount', () => {
  const limit = 4_096 * 0.6;

  it('spreads an answer that fits one wave over exactly the window', () => {
    for (const window of [4, 8, 16, 32])
      expect(partCount(window * 2_000, limit, window)).toBe(window);
  });

  it('makes no part smaller than MIN_PART_OUTPUT_TOKENS for speed alone', () => {
    expect(partCount(5_500, limit, 32)).toBe(5);
    expect(partCount(MIN_PART_OUTPUT_TOKENS / 2, limit, 32)).toBe(1);
  });

  it('makes whole waves when the output limit forces more parts than the window', () => {
    // 45 parts at the limit, 32 at once: two full waves of 32, not 32 and a straggling 13.
    expect(partCount(45 * limit, limit, 32)).toBe(64);
    expect(partCount(33 * limit, limit, 32)).toBe(64);
    expect(partCount(18 * limit, limit, 8)).toBe(24);
    expect(partCount(18 * limit, limit, 1)).toBe(18);
  });
});
