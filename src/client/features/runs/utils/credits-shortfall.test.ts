import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { creditsShortfallOf, shortfallWords } from './credits-shortfall';

const words = (parts: ReturnType<typeof shortfallWords>) => parts.before + parts.link + parts.after;

describe('credits shortfall', () => {
  const refusal = new ApiError({
    code: 'NOT_ENOUGH_CREDITS',
    status: 402,
    message: 'This batch has 5 documents but you have 1 credit left.',
    details: { kind: 'credits', credits_remaining: 1, credits_total: 10, needed: 5 },
  });

  it('reads what a run needs and what is left from the refusal', () => {
    expect(creditsShortfallOf(refusal, true)).toEqual({ needed: 5, remaining: 1, isRerun: true });
    const other = new ApiError({ code: 'NO_CREDITS', status: 402, message: 'No credits.' });
    expect(creditsShortfallOf(other, false)).toBeNull();
  });

  it('never tells a run again to remove documents', () => {
    const rerun = shortfallWords({ needed: 5, remaining: 1, isRerun: true });
    expect(words(rerun)).toBe(
      'Running this again needs 5 credits, one per document, and you have 1. Get more credits to run it.',
    );
    expect(rerun.link).toBe('Get more credits');
  });

  it('offers a batch being composed to remove documents, in singular or plural', () => {
    expect(words(shortfallWords({ needed: 2, remaining: 1, isRerun: false }))).toBe(
      'This batch has 2 documents but you have 1 credit left. Remove some documents or get more credits.',
    );
    expect(words(shortfallWords({ needed: 4, remaining: 3, isRerun: false }))).toContain(
      'you have 3 credits left',
    );
  });
});
