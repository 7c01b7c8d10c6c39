import type { ExtractionResult } from '../shared/extraction';
import type { Env } from '../server/env';
import { extractionSettingsFromEnv } from '../server/extraction/extraction-settings';
import type { InputSource } from '../server/extraction/ingest/fetch-source';
import type { ReadPool } from '../server/extraction/read/pool/read-pool';
import { runExtraction } from '../server/extraction/run-extraction';
import { createModelClient } from '../server/llm/create-model-client';
import type { RunDefinition } from './record-definition';

/**
 * How the command line extracts on this machine: the server's pipeline, with the settings and
 * model of the environment and the read pool's isolation (`rowsmith extract` and `rowsmith watch`).
 */
export function localExtractor(
  env: Env,
  readPool: ReadPool,
  run: RunDefinition & { description?: string | undefined },
): (source: InputSource, signal?: AbortSignal) => Promise<ExtractionResult> {
  const settings = extractionSettingsFromEnv(env);
  const model = createModelClient(env);
  return (source, signal) =>
    runExtraction({
      source,
      columns: run.columns,
      fields: run.fields,
      rules: run.rules,
      description: run.description,
      settings,
      model,
      readPool,
      signal,
    });
}
