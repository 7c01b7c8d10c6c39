import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isPostgres } from '../db/dialect';
import type { Database } from '../db/schema';
import { createDatabaseLimiterStore } from './limiter/database-limiter-store';
import { createMemoryLimiterStore } from './limiter/limiter-store';
import { createModelLimiter } from './limiter/model-limiter';
import type { ModelClient } from './model-client';
import { createOpenAiClient, type ModelLogger } from './openai-client';
import { DEFAULT_BASE_URL } from './raw-completion';

export type ModelSettings = {
  OPENAI_API_KEY?: string | undefined;
  OPENAI_BASE_URL?: string | undefined;
  OPENAI_MODEL: string;
  MODEL_TIMEOUT_SECONDS: number;
  /** Calls at once to start with, per endpoint and process (or deployment, on PostgreSQL). */
  MODEL_CONCURRENCY?: number;
  /** The most calls at once the limiter grows to. */
  MODEL_MAX_CONCURRENCY?: number;
  /** How long calls wait for a provider that keeps refusing them, without a run's own deadline. */
  JOB_DEADLINE_MINUTES?: number;
};

/** One endpoint: its address, model and key (hashed: the key itself is never stored). */
function endpointKey(baseUrl: string, model: string, apiKey: string | undefined): string {
  return createHash('sha256')
    .update(`${baseUrl}\n${model}\n${apiKey ?? ''}`)
    .digest('hex')
    .slice(0, 32);
}

/**
 * The model adapter chosen by settings: an OpenAI-compatible client when a key or a base URL is
 * configured (a local server may need no key), otherwise null and the offline extractor runs.
 * Its calls share one limiter per endpoint: in this process, or, given a PostgreSQL database,
 * with every other process of the deployment.
 */
export function createModelClient(
  settings: ModelSettings,
  services: { logger?: ModelLogger; db?: Kysely<Database> } = {},
): ModelClient | null {
  const apiKey = settings.OPENAI_API_KEY?.trim() || undefined;
  const baseUrl = settings.OPENAI_BASE_URL?.trim() || undefined;
  if (!apiKey && !baseUrl) return null;
  const { logger, db } = services;
  const maxConcurrency = settings.MODEL_MAX_CONCURRENCY ?? 32;
  const limiter = createModelLimiter({
    key: endpointKey(baseUrl ?? DEFAULT_BASE_URL, settings.OPENAI_MODEL, apiKey),
    store: db && isPostgres(db) ? createDatabaseLimiterStore(db) : createMemoryLimiterStore(),
    settings: { initial: settings.MODEL_CONCURRENCY ?? 4, max: maxConcurrency },
    ...(logger ? { logger } : {}),
  });
  return createOpenAiClient({
    apiKey,
    baseUrl,
    model: settings.OPENAI_MODEL,
    timeoutMs: settings.MODEL_TIMEOUT_SECONDS * 1000,
    limiter,
    maxConcurrency,
    refusalMinutes: settings.JOB_DEADLINE_MINUTES ?? 30,
    ...(logger ? { logger } : {}),
  });
}
