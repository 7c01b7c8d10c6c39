import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ColumnDefinition } from '../../src/shared/columns';
import type { ExtractionProgress } from '../../src/shared/extraction';
import { createDatabase, type DatabaseConnection } from '../../src/server/db/client';
import { migrateToLatest } from '../../src/server/db/migrate';
import { parseEnv } from '../../src/server/env';
import { extractionSettingsFromEnv } from '../../src/server/extraction/extraction-settings';
import {
  createReadPool,
  readPoolOptionsFromEnv,
} from '../../src/server/extraction/read/pool/read-pool';
import { runExtraction } from '../../src/server/extraction/run-extraction';
import { createModelClient } from '../../src/server/llm/create-model-client';
import type { ModelClient } from '../../src/server/llm/model-client';
import { createLogger } from '../../src/server/logger';
import { documentFromBlocks } from '../support/documents';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai-server';
import { TEST_DATABASES } from '../support/test-databases';

// Issue 33: a long document is planned as one wave of calls: as many parts as may run at once,
// MODEL_MAX_CONCURRENCY while the provider has shown no limit, then the endpoint's learned
// window (on PostgreSQL, the one every worker shares).

const COLUMNS: ColumnDefinition[] = [
  { name: 'description', type: 'text' },
  { name: 'amount', type: 'number' },
];
const ROWS = 800;
const AT_MOST = 8;

const statement = (tag: string) =>
  documentFromBlocks([
    {
      kind: 'table',
      table: {
        source: 'csv',
        header: ['Description', 'Amount'],
        rows: Array.from({ length: ROWS }, (_, i) => [`${tag} payment ${i + 1}`, `${i + 1}.50`]),
      },
    },
  ]);

describe.each(TEST_DATABASES)('parts at once on $name', (database) => {
  let connection: DatabaseConnection;
  let cleanup: () => Promise<void>;
  let fake: FakeOpenAi;
  const models: ModelClient[] = [];
  const env = parseEnv({ MODEL_MAX_CONCURRENCY: String(AT_MOST) });
  const readPool = createReadPool(readPoolOptionsFromEnv(env));

  beforeAll(async () => {
    const created = await database.create();
    cleanup = created.cleanup;
    connection = createDatabase({
      databaseUrl: created.databaseUrl,
      dataDir: created.dataDir,
      logger: createLogger('silent'),
    });
    await migrateToLatest(connection.db, connection.dialect);
    // Three calls at once; each answer takes long enough to be counted as taken.
    fake = await startFakeOpenAi({ behavior: { delayMs: 1_500 }, limits: { maxConcurrent: 3 } });
  });
  afterAll(async () => {
    for (const model of models) model.close?.();
    await fake.close();
    await readPool.close();
    await connection.db.destroy();
    await cleanup();
  });

  /** A worker's model client: on PostgreSQL each has its own limiter sharing the database's. */
  const worker = () => {
    const model = createModelClient(
      {
        OPENAI_API_KEY: 'test-key',
        OPENAI_BASE_URL: fake.baseUrl,
        OPENAI_MODEL: 'gpt-4o',
        MODEL_TIMEOUT_SECONDS: 60,
        MODEL_CONCURRENCY: AT_MOST,
        MODEL_MAX_CONCURRENCY: AT_MOST,
      },
      { db: connection.db },
    );
    if (!model) throw new Error('no model client');
    models.push(model);
    return model;
  };

  const run = async (model: ModelClient, tag: string) => {
    const events: ExtractionProgress[] = [];
    const result = await runExtraction({
      source: { kind: 'document', document: statement(tag) },
      columns: COLUMNS,
      settings: {
        ...extractionSettingsFromEnv(env),
        maxOutputTokens: 100_000,
        isOfflineFastPathOn: false,
      },
      model,
      readPool,
      onProgress: (event) => events.push(event),
    });
    const plan = events.find((event) => event.type === 'plan');
    return { result, parts: plan?.type === 'plan' ? plan.parts : null };
  };

  it(
    'plans MODEL_MAX_CONCURRENCY parts, then as many as the provider was seen to take',
    { timeout: 120_000 },
    async () => {
      const first = worker();
      const before = await run(first, 'A');
      expect(before.parts).toBe(AT_MOST);
      expect(before.result.rows).toHaveLength(ROWS);
      expect(fake.calls.some((call) => call.status === 429)).toBe(true);

      // Another worker (on SQLite, the same process) knows the limit without a call of its own.
      const second = database.name === 'postgres' ? worker() : first;
      const pace = await second.pace!();
      expect(pace.threshold).not.toBeNull();
      const window = Math.floor(pace.window);
      expect(window).toBeLessThan(AT_MOST);
      const after = await run(second, 'B');
      expect(after.parts).toBe(window);
      expect(after.result.rows).toHaveLength(ROWS);
    },
  );
});
