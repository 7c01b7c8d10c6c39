import type { Env } from '../env';
import { readSettingsFromEnv, type ReadSettings } from './read-settings';

export type ExtractionSettings = {
  read: ReadSettings;
  chunkCharacters: number;
  /** Parts of one run in flight at most (MODEL_MAX_CONCURRENCY); the model's limiter paces them. */
  concurrency: number;
  maxOutputTokens: number;
  maxContinuations: number;
  isOfflineFastPathOn: boolean;
  /** Cells below this confidence are flagged for review. */
  reviewThreshold: number;
  /** How long a run waits for a provider that keeps refusing (JOB_DEADLINE_MINUTES). */
  deadlineMinutes: number;
  /** Prices per million input and output tokens, when the server has them. */
  prices: { input: number; output: number } | null;
};

export function extractionSettingsFromEnv(env: Env): ExtractionSettings {
  const hasPrices = env.MODEL_PRICE_INPUT !== undefined || env.MODEL_PRICE_OUTPUT !== undefined;
  return {
    read: readSettingsFromEnv(env),
    chunkCharacters: env.EXTRACT_CHUNK_CHARACTERS,
    concurrency: env.MODEL_MAX_CONCURRENCY,
    maxOutputTokens: env.MODEL_MAX_OUTPUT_TOKENS,
    maxContinuations: env.EXTRACT_MAX_CONTINUATIONS,
    isOfflineFastPathOn: env.OFFLINE_FAST_PATH,
    reviewThreshold: env.REVIEW_THRESHOLD,
    deadlineMinutes: env.JOB_DEADLINE_MINUTES,
    prices: hasPrices
      ? { input: env.MODEL_PRICE_INPUT ?? 0, output: env.MODEL_PRICE_OUTPUT ?? 0 }
      : null,
  };
}

/** What tokens cost at these prices (per million), rounded to a millionth; null without prices. */
export function costOf(
  usage: { inputTokens: number; outputTokens: number },
  prices: ExtractionSettings['prices'],
): number | null {
  if (!prices) return null;
  const cost = (usage.inputTokens * prices.input + usage.outputTokens * prices.output) / 1e6;
  return Math.round(cost * 1e6) / 1e6;
}
