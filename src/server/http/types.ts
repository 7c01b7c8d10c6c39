import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Env } from '../env';
import type { OcrEngine } from '../extraction/read/types';
import type { ModelClient } from '../llm/model-client';
import type { Logger } from '../logger';

/** What every request handler can read from the context. */
export type AppVariables = {
  requestId: string;
  logger: Logger;
};

export type AppBindings = { Variables: AppVariables };

/** Everything the app is built from; tests build it with their own. */
export type AppDeps = {
  env: Env;
  db: Kysely<Database>;
  logger: Logger;
  version: string;
  /** Local OCR, shared by every request (its workers are costly to start). */
  ocr: OcrEngine;
  /** The configured model, or null for the offline extractor. */
  model: ModelClient | null;
};
