import type { Env } from '../env';
import { readSettingsFromEnv, type ReadSettings } from './read-settings';

export type ExtractionSettings = {
  read: ReadSettings;
  chunkCharacters: number;
  concurrency: number;
  maxOutputTokens: number;
  maxContinuations: number;
  isOfflineFastPathOn: boolean;
  /** Cells below this confidence are flagged for review. */
  reviewThreshold: number;
};

export function extractionSettingsFromEnv(env: Env): ExtractionSettings {
  return {
    read: readSettingsFromEnv(env),
    chunkCharacters: env.EXTRACT_CHUNK_CHARACTERS,
    concurrency: env.EXTRACT_CONCURRENCY,
    maxOutputTokens: env.MODEL_MAX_OUTPUT_TOKENS,
    maxContinuations: env.EXTRACT_MAX_CONTINUATIONS,
    isOfflineFastPathOn: env.OFFLINE_FAST_PATH,
    reviewThreshold: env.REVIEW_THRESHOLD,
  };
}
