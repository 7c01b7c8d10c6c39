import type { ModelPace } from '../../llm/model-client';

/** A part is not made smaller than this answer for speed alone: each part repeats the prompt. */
export const MIN_PART_OUTPUT_TOKENS = 1_000;

/**
 * Parts of one run that can be out at once: the endpoint's learned window once the provider
 * has shown a limit (on PostgreSQL, the window every worker shares), else the most the limiter
 * may grow to; never more than the run itself sends at once. No pace known: one.
 */
export function partsAtOnce(pace: ModelPace | null, runMax: number): number {
  if (!pace) return 1;
  const window = pace.threshold === null ? pace.maxConcurrency : Math.floor(pace.window);
  return Math.max(1, Math.min(window, pace.maxConcurrency, runMax));
}

/**
 * How many parts a document's answer is spread over. Within the output limit, as many as can
 * run at once (one wave of calls), unless that makes parts smaller than
 * MIN_PART_OUTPUT_TOKENS. When the output limit forces more parts than can run at once, a whole
 * number of waves, so that every wave (the last too) is full and the parts equal.
 */
export function partCount(totalTokens: number, partLimit: number, atOnce: number): number {
  const window = Math.max(1, Math.floor(atOnce));
  const byLimit = Math.max(1, Math.ceil(totalTokens / partLimit));
  if (byLimit > window) return roundUpToWaves(byLimit, window);
  const bySpeed = Math.floor(totalTokens / MIN_PART_OUTPUT_TOKENS);
  return Math.max(byLimit, Math.min(window, bySpeed));
}

/** The parts of the whole waves that hold `parts`. */
export function roundUpToWaves(parts: number, window: number): number {
  return parts <= window ? parts : Math.ceil(parts / window) * window;
}
