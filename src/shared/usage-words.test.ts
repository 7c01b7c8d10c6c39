import { describe, expect, it } from 'vitest';
import { usageWords } from './usage-words';

describe('usage in words', () => {
  it('names calls and tokens, and the cost when there are prices', () => {
    expect(usageWords({ inputTokens: 9757, outputTokens: 12285, calls: 13 })).toBe(
      '13 model calls, 9,757 tokens in, 12,285 out',
    );
    expect(usageWords({ inputTokens: 900, outputTokens: 120, calls: 1, cost: 0.0034500001 })).toBe(
      '1 model call, 900 tokens in, 120 out, cost 0.00345',
    );
  });

  it('says nothing of a run that made no model call', () => {
    expect(usageWords({ inputTokens: 0, outputTokens: 0, calls: 0, cost: null })).toBeNull();
  });
});
