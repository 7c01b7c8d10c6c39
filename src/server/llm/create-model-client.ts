import type { ModelClient } from './model-client';
import { createOpenAiClient, type ModelLogger } from './openai-client';

export type ModelSettings = {
  OPENAI_API_KEY?: string | undefined;
  OPENAI_BASE_URL?: string | undefined;
  OPENAI_MODEL: string;
  MODEL_TIMEOUT_SECONDS: number;
};

/**
 * The model adapter chosen by settings: an OpenAI-compatible client when a key or a base URL is
 * configured (a local server may need no key), otherwise null and the offline extractor runs.
 */
export function createModelClient(
  settings: ModelSettings,
  logger?: ModelLogger,
): ModelClient | null {
  const apiKey = settings.OPENAI_API_KEY?.trim() || undefined;
  const baseUrl = settings.OPENAI_BASE_URL?.trim() || undefined;
  if (!apiKey && !baseUrl) return null;
  return createOpenAiClient({
    apiKey,
    baseUrl,
    model: settings.OPENAI_MODEL,
    timeoutMs: settings.MODEL_TIMEOUT_SECONDS * 1000,
    ...(logger ? { logger } : {}),
  });
}
