import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentResult } from '../../../shared/extraction';
import type { Job, JobResultTable } from '../../../shared/jobs';
import type { CorrectionsResponse } from '../../../shared/review';
import { signUp } from '../../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../../tests/support/create-test-app';
import { TEST_DATABASES, type TestDatabase } from '../../../../tests/support/test-databases';
import { createDatabase } from '../client';
import { migrateTo } from '../migrate';
import { createLogger } from '../../logger';

// Results stored before review (no cells, an `evidence` array) still open: the migration gives
// their documents a review summary, and readers give them cells from the evidence they had.

const COLUMNS = [
  { name: 'item', type: 'text' },
  { name: 'price', type: 'number' },
];
const SOURCE = '| Item | Price |\n| --- | --- |\n| Desk | 310.00 |\n| Lamp | 24.00 |';
const found = (start: number, end: number) => ({ start, end, page: null, match: 'exact' });

/** A result as the server stored it before issue 19: evidence, no cells, no review. */
const LEGACY_RESULT = {
  status: 200,
  rows: [
    { item: 'Desk', price: 310 },
    { item: 'Lamp', price: 42 },
  ],
  columns: COLUMNS,
  notice: null,
  message: null,
  warnings: [],
  evidence: [
    { item: found(38, 42), price: found(45, 51) },
    { item: found(56, 60), price: null },
  ],
  grounding: { cells: 4, grounded: 3 },
  source: {
    sourceType: 'text',
    fileType: 'text',
    mimeType: null,
    fileName: null,
    url: null,
    size: SOURCE.length,
    title: null,
    pagesProcessed: null,
    totalPages: null,
    characters: SOURCE.length,
    isTruncated: false,
    warnings: [],
  },
  sourceText: SOURCE,
  engine: 'model',
  model: 'gpt-4o',
  usage: { inputTokens: 100, outputTokens: 20, calls: 1 },
  timings: { readMs: 1, extractMs: 10, totalMs: 11 },
  chunks: [{ index: 0, status: 'done', rows: 2, calls: 1 }],
};

/** A database migrated up to the migration before review, holding one job with a legacy result. */
async function legacyDatabase(database: TestDatabase): Promise<TestDatabase> {
  const created = await database.create();
  const connection = createDatabase({
    databaseUrl: created.databaseUrl,
    dataDir: created.dataDir,
    logger: createLogger('silent'),
  });
  await migrateTo(connection.db, connection.dialect, '0009-webhooks');
  const now = new Date().toISOString();
  const db = connection.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  await db
    .insertInto('jobs')
    .values({
      id: 'legacy-job',
      user_id: null,
      visitor_key: 'nobody',
      columns: JSON.stringify(COLUMNS),
      status: 'succeeded',
      mode: 'queue',
      documents_total: 1,
      documents_done: 1,
      rows_total: 2,
      created_at: now,
      finished_at: now,
    })
    .execute();
  await db
    .insertInto('job_documents')
    .values({
      id: 'legacy-document',
      job_id: 'legacy-job',
      position: 0,
      name: 'prices',
      kind: 'text',
      status: 'succeeded',
      status_code: 200,
      rows_count: 2,
      result: JSON.stringify(LEGACY_RESULT),
      charge: 'kept',
      created_at: now,
      finished_at: now,
    })
    .execute();
  await connection.db.destroy();
  return { name: database.name, create: () => Promise.resolve(created) };
}

describe.each(TEST_DATABASES)('results stored before review, on $name', (database) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(await legacyDatabase(database));
  });
  afterAll(async () => {
    await app.close();
  });

  it('open with cells built from their evidence, counted in the job, and take corrections', async () => {
    const user = await signUp(app);
    const userId = (
      await app.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', user.email)
        .executeTakeFirstOrThrow()
    ).id;
    await app.db
      .updateTable('jobs')
      .set({ user_id: userId, visitor_key: null })
      .where('id', '=', 'legacy-job')
      .execute();

    const job = (await (await user.request('/api/jobs/legacy-job')).json()) as Job;
    expect(job.review).toEqual({ total: 4, flagged: 1, edited: 0 });

    const result = (await (
      await user.request('/api/jobs/legacy-job/documents/legacy-document/result')
    ).json()) as DocumentResult;
    expect(result.cells[0]?.item).toMatchObject({ confidence: 1, evidence: found(38, 42) });
    expect(result.cells[1]?.price).toMatchObject({ flagged: true, evidence: null });
    expect(result.review).toEqual({ total: 4, flagged: 1, edited: 0 });
    expect(result).not.toHaveProperty('evidence');

    const table = (await (
      await user.request('/api/jobs/legacy-job/result')
    ).json()) as JobResultTable;
    expect(table.cells).toHaveLength(2);

    const corrected = (await (
      await user.request('/api/jobs/legacy-job/corrections', {
        json: {
          corrections: [{ document_id: 'legacy-document', row: 1, column: 'price', value: 24 }],
        },
      })
    ).json()) as CorrectionsResponse;
    expect(corrected.review).toEqual({ total: 4, flagged: 0, edited: 1 });
  });
});
