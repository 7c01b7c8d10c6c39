import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UsagePage } from '../../../shared/account';
import type { ExtractionResponse } from '../../../shared/extraction';
import { PASTED_TABLE, signUp } from '../../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../../tests/support/create-test-app';
import { startFakeOpenAi, type FakeOpenAi } from '../../../../tests/support/fake-openai-server';
import { readUntilEvent } from '../../../../tests/support/sse';
import { TEST_DATABASES } from '../../../../tests/support/test-databases';

type ErrorBody = { error: { code: string; message: string; details?: unknown } };

async function userIdOf(app: TestApp, email: string): Promise<string> {
  const row = await app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe.each(TEST_DATABASES)('paid runs on $name', (database) => {
  let app: TestApp;
  let failing: TestApp;
  let fake: FakeOpenAi;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: 'test-key' });
    fake.setBehavior({ status: 500 });
    [app, failing] = await Promise.all([
      createTestApp(database, { SIGNUP_CREDITS: '3' }),
      createTestApp(database, {
        OPENAI_API_KEY: 'test-key',
        OPENAI_BASE_URL: fake.baseUrl,
        OFFLINE_FAST_PATH: 'false',
      }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([app.close(), failing.close()]);
    await fake.close();
  });

  it('takes one credit for a successful run, records it and stores its rows', async () => {
    const user = await signUp(app);
    const response = await user.request('/api/extractions', { json: PASTED_TABLE });
    expect(response.status).toBe(200);
    const body = (await response.json()) as ExtractionResponse;
    expect(body.allowance).toEqual({ kind: 'credits', credits_remaining: 2, credits_total: 3 });
    expect(body.stored).toBe(true);
    expect(body.extraction_id).toMatch(/^[0-9a-f-]{36}$/);

    const userId = await userIdOf(app, user.email);
    const record = await app.db
      .selectFrom('usage_tracking')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({
      id: body.extraction_id,
      extraction_type: 'text',
      columns_defined: 3,
      rows_extracted: 2,
      file_type: 'csv',
      error_message: null,
    });
    expect(Boolean(record.success)).toBe(true);
    expect(Number(record.file_size)).toBe(PASTED_TABLE.text.length);
    expect(Number(record.processing_time_ms)).toBeGreaterThanOrEqual(0);
    expect(record.file_path).toMatch(
      new RegExp(`^${userId}/${body.extraction_id}_\\d{13}\\.json$`),
    );
    expect(Date.parse(record.created_at)).toBeGreaterThan(Date.now() - 60_000);

    const stored = JSON.parse(
      new TextDecoder().decode((await app.storage.read(record.file_path!))!),
    ) as { metadata: Record<string, unknown>; data: unknown[] };
    expect(stored.metadata).toMatchObject({
      extraction_type: 'text',
      file_type: 'csv',
      columns_defined: 3,
      rows_extracted: 2,
      user_id: userId,
      extraction_id: body.extraction_id,
    });
    expect(Date.parse(String(stored.metadata.extracted_at))).not.toBeNaN();
    expect(stored.data).toEqual(body.rows);
  });

  it('refuses a run without credits with NO_CREDITS, also when a stream was asked for', async () => {
    const user = await signUp(app);
    for (let i = 0; i < 3; i++)
      expect((await user.request('/api/extractions', { json: PASTED_TABLE })).status).toBe(200);
    const refused = await user.request('/api/extractions', { json: PASTED_TABLE });
    expect(refused.status).toBe(402);
    const body = (await refused.json()) as ErrorBody;
    expect(body.error.code).toBe('NO_CREDITS');
    expect(body.error.details).toEqual({ kind: 'credits', credits_remaining: 0, credits_total: 3 });

    const streamed = await user.request('/api/extractions', {
      json: PASTED_TABLE,
      headers: { accept: 'text/event-stream' },
    });
    expect(streamed.status).toBe(402);
    expect(streamed.headers.get('content-type')).toContain('application/json');
  });

  it('lets exactly as many of 20 simultaneous runs through as there are credits', async () => {
    const user = await signUp(app);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => user.request('/api/extractions', { json: PASTED_TABLE })),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 402)).toHaveLength(17);
    expect(await (await user.request('/api/account/credits')).json()).toEqual({
      credits_remaining: 0,
      credits_total: 3,
    });
    const usage = (await (await user.request('/api/account/usage')).json()) as UsagePage;
    expect(usage.total).toBe(3);
  });

  it('gives the credit back when the run fails, and records the failure', async () => {
    const user = await signUp(failing);
    const response = await user.request('/api/extractions', {
      json: { text: 'Invoice 7 total 12.50', columns: [{ name: 'total', type: 'number' }] },
    });
    expect(response.status).toBe(500);
    const body = (await response.json()) as ExtractionResponse;
    expect(body.allowance).toMatchObject({ credits_remaining: 10 });
    expect(body.stored).toBe(false);

    const usage = (await (await user.request('/api/account/usage')).json()) as UsagePage;
    expect(usage.total).toBe(1);
    expect(usage.records[0]).toMatchObject({
      success: false,
      rows_extracted: 0,
      has_file: false,
      error_message: 'Failed to process content',
    });
  });

  it('gives the credit back when the caller cancels the run', async () => {
    fake.setBehavior({ delayMs: 5_000 });
    try {
      const user = await signUp(failing);
      const response = await user.request('/api/extractions', {
        json: { text: 'Invoice 7 total 12.50', columns: [{ name: 'total' }] },
        headers: { accept: 'text/event-stream' },
      });
      // Cancel is the run's job cancelled (closing the stream alone leaves the run going).
      const stream = await readUntilEvent(response, 'job');
      const { job_id: jobId } = JSON.parse(stream.data) as { job_id: string };
      await user.request(`/api/jobs/${jobId}`, { method: 'DELETE' });
      await stream.cancel();
      await expect
        .poll(async () => (await (await user.request('/api/account/usage')).json()) as UsagePage, {
          timeout: 10_000,
        })
        .toMatchObject({ total: 1, records: [{ success: false, error_message: 'Cancelled' }] });
      expect(await (await user.request('/api/account/credits')).json()).toMatchObject({
        credits_remaining: 10,
      });
    } finally {
      fake.setBehavior({ status: 500 });
    }
  });

  it('gives the credit back when the input cannot be read, and records why', async () => {
    const user = await signUp(app);
    const response = await user.request('/api/extractions', {
      json: { url: 'http://127.0.0.1:9/private', columns: PASTED_TABLE.columns },
    });
    expect(response.status).toBe(400);
    expect(await (await user.request('/api/account/credits')).json()).toMatchObject({
      credits_remaining: 3,
    });
    const usage = (await (await user.request('/api/account/usage')).json()) as UsagePage;
    expect(usage.records[0]).toMatchObject({ extraction_type: 'url', success: false });
    expect(usage.records[0]?.error_message).toContain('Failed to extract content from URL');
  });
});

describe('paid runs when storage or the database fail', () => {
  const database = TEST_DATABASES[0]!;
  const apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  it('still answers the run when the result cannot be stored', async () => {
    const probe = await createTestApp(database);
    apps.push(probe);
    const blocker = join(probe.env.DATA_DIR, 'not-a-folder');
    writeFileSync(blocker, 'a file where the storage folder should be');
    const app = await createTestApp(database, { FILES_DIR: join(blocker, 'files') });
    apps.push(app);
    const user = await signUp(app);
    const response = await user.request('/api/extractions', { json: PASTED_TABLE });
    expect(response.status).toBe(200);
    const body = (await response.json()) as ExtractionResponse;
    expect(body.rows).toHaveLength(2);
    expect(body.stored).toBe(false);
    expect(body.allowance).toMatchObject({ credits_remaining: 9 });
    const usage = (await (await user.request('/api/account/usage')).json()) as UsagePage;
    expect(usage.records[0]).toMatchObject({ success: true, has_file: false });
    expect(app.logs.some((line) => line.msg === 'storing the result failed')).toBe(true);
  });

  it('still answers the run when its usage record cannot be written', async () => {
    const app = await createTestApp(database);
    apps.push(app);
    const user = await signUp(app);
    await sql`drop table usage_tracking`.execute(app.db);
    const response = await user.request('/api/extractions', { json: PASTED_TABLE });
    expect(response.status).toBe(200);
    expect(app.logs.some((line) => line.msg === 'recording usage failed')).toBe(true);
  });

  it('counts a balance that cannot be read as no credits', async () => {
    const app = await createTestApp(database);
    apps.push(app);
    const user = await signUp(app);
    await sql`drop table user_credits`.execute(app.db);
    const response = await user.request('/api/extractions', { json: PASTED_TABLE });
    expect(response.status).toBe(402);
    expect(((await response.json()) as ErrorBody).error.code).toBe('NO_CREDITS');
  });
});
