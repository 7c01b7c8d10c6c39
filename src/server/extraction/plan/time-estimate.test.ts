import { describe, expect, it } from 'vitest';
import { DEFAULT_TOKENS_PER_SECOND, secondsLeft } from './time-estimate';

const parts = (tokens: number[]) =>
  tokens.map((outputTokens) => ({ outputTokens, startedAt: null }));

describe('the time left', () => {
  it('is one answer long when every part runs at once', () => {
    expect(secondsLeft(parts([800, 800, 800, 800]), { window: 8, tokensPerSecond: 80 })).toBe(10);
  });

  it('queues parts behind the calls allowed at once, longest first', () => {
    expect(secondsLeft(parts([800, 800, 800, 800]), { window: 2, tokensPerSecond: 80 })).toBe(20);
    expect(secondsLeft(parts([1600, 800, 800]), { window: 2, tokensPerSecond: 80 })).toBe(20);
  });

  it('counts what running parts have done, and guesses a speed before any is known', () => {
    const now = Date.now();
    const running = [{ outputTokens: 800, startedAt: now - 6_000 }];
    expect(secondsLeft(running, { window: 4, tokensPerSecond: 80 }, now)).toBe(4);
    expect(secondsLeft(parts([600]), { window: 4, tokensPerSecond: null })).toBe(
      Math.round(600 / DEFAULT_TOKENS_PER_SECOND),
    );
    expect(secondsLeft([], { window: 4, tokensPerSecond: 80 })).toBe(0);
  });
});
