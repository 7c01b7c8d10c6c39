// The scenarios of `npm run bench:extract` (issue 22): statements through the fake model at a
// realistic speed, with and without a provider's limits, timed against their ideal.
import type { ColumnDefinition } from '../../src/shared/columns';
import type { ExtractionResult } from '../../src/shared/extraction';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema';
import { parseEnv } from '../../src/server/env';
import { extractionSettingsFromEnv } from '../../src/server/extraction/extraction-settings';
import type { ServerDocument } from '../../src/server/extraction/read/types';
import type { ReadPool } from '../../src/server/extraction/read/pool/read-pool';
import { runExtraction } from '../../src/server/extraction/run-extraction';
import { createModelClient } from '../../src/server/llm/create-model-client';
import type { ModelClient } from '../../src/server/llm/model-client';
import { documentFromBlocks } from '../../tests/support/documents';
import type { FakeOpenAi } from '../../tests/support/fake-openai-server';

export const FIRST_TOKEN_MS = 500;
export const TOKENS_PER_SECOND = 80;
export const MAX_OUTPUT_TOKENS = 4096;
export const SPEED = { firstTokenMs: FIRST_TOKEN_MS, tokensPerSecond: TOKENS_PER_SECOND };

export const COLUMNS: ColumnDefinition[] = [
  { name: 'date', type: 'date' },
  { name: 'description', type: 'text' },
  { name: 'amount', type: 'number' },
];

/** A statement of `rows` transactions, each description unique (`tag` tells statements apart). */
export function statement(rows: number, tag = 'S'): ServerDocument {
  const body = Array.from({ length: rows }, (_, i) => [
    `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
    `Payment ${tag}-${i + 1} to supplier`,
    ((i + 1) * 1.25).toFixed(2),
  ]);
  return documentFromBlocks(
    [
      { kind: 'heading', level: 1, text: `Statement ${tag}` },
      {
        kind: 'table',
        table: { source: 'csv', header: ['Date', 'Description', 'Amount'], rows: body },
      },
    ],
    { fileType: 'csv', mimeType: 'text/csv' },
  );
}

/** A model client as the server makes it: one limiter per endpoint (shared through `db`). */
export function serverModel(fake: FakeOpenAi, db?: Kysely<Database>): ModelClient {
  const client = createModelClient(
    {
      OPENAI_API_KEY: 'bench',
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_MODEL: 'gpt-4o',
      MODEL_TIMEOUT_SECONDS: 600,
    },
    db ? { db } : {},
  );
  if (!client) throw new Error('no model client');
  return client;
}

export type Run = {
  seconds: number;
  result: ExtractionResult;
  /** Rows found once each, and rows found more than once. */
  rowsOnce: number;
  duplicates: number;
};

/** Rows whose description is found exactly once, and how many are found twice or more. */
function countRows(result: ExtractionResult) {
  const seen = new Map<unknown, number>();
  for (const row of result.rows) seen.set(row.description, (seen.get(row.description) ?? 0) + 1);
  const counts = [...seen.values()];
  return {
    rowsOnce: counts.filter((count) => count === 1).length,
    duplicates: counts.filter((count) => count > 1).length,
  };
}

/** One statement through the pipeline, timed. */
export async function extract(
  document: ServerDocument,
  model: ModelClient,
  readPool: ReadPool,
): Promise<Run> {
  const env = parseEnv({});
  const started = performance.now();
  const result = await runExtraction({
    source: { kind: 'document', document },
    columns: COLUMNS,
    settings: {
      ...extractionSettingsFromEnv(env),
      maxOutputTokens: MAX_OUTPUT_TOKENS,
      isOfflineFastPathOn: false,
    },
    model,
    readPool,
  });
  return { seconds: (performance.now() - started) / 1000, result, ...countRows(result) };
}

/**
 * The least time the provider needs for these output tokens when it answers `lanes` calls at
 * once at the model's speed: every lane busy writing from the first moment to the last.
 */
export function idealSeconds(outputTokens: number, lanes: number): number {
  return FIRST_TOKEN_MS / 1000 + outputTokens / TOKENS_PER_SECOND / lanes;
}
