import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, JobAccepted } from '../../src/shared/jobs';
import { PASTED_TABLE, signUp } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/create-test-app';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai-server';
import { startRowsmith, type Running } from '../support/rowsmith-process';
import { TEST_DATABASES } from '../support/test-databases';

// Issue 22: a provider's limits slow a batch down but never fail a document; on PostgreSQL the
// workers share one limiter, so a call is not refused again and again; a provider that never
// stops refusing ends the run at its deadline and gives the credit back.

const COLUMNS = [
  { name: 'description', type: 'text' },
  { name: 'amount', type: 'number' },
];
const DOCUMENTS = 8;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const statement = (n: number) =>
  `description\tamount\nDocument-${n} first\t${n}\nDocument-${n} second\t${n}.5`;

describe.each(TEST_DATABASES)(
  'a batch under a provider limit, two workers on $name',
  (database) => {
    let fake: FakeOpenAi;
    let cleanup: () => Promise<void>;
    const processes: Running[] = [];
    let web: Running;

    beforeAll(async () => {
      // Two requests at once and four every 2 seconds; the workers together want four at once.
      fake = await startFakeOpenAi({
        apiKey: 'test-key',
        behavior: { delayMs: 400 },
        limits: { maxConcurrent: 2, requestsPerMinute: 4, windowMs: 2_000 },
      });
      const created = await database.create();
      cleanup = created.cleanup;
      const port = await freePort();
      const env = {
        NODE_ENV: 'test',
        DATA_DIR: created.dataDir,
        DATABASE_URL: created.databaseUrl ?? '',
        APP_URL: `http://127.0.0.1:${port}`,
        AUTH_SECRET: 'provider-limits-secret-that-is-at-least-32-characters',
        OPENAI_API_KEY: 'test-key',
        OPENAI_BASE_URL: fake.baseUrl,
        OFFLINE_FAST_PATH: 'false',
        JOB_CONCURRENCY: '2',
        MODEL_CONCURRENCY: '2',
        MODEL_PRICE_INPUT: '2.5',
        MODEL_PRICE_OUTPUT: '10',
        TRIAL_RUNS: '100',
        TRIAL_RUNS_PER_ADDRESS_PER_DAY: '100',
      };
      web = await startRowsmith(['serve'], {
        env: { ...env, PORT: String(port), RUN_WORKERS: 'false' },
        ready: /server listening/,
      });
      processes.push(web);
      for (const _worker of [1, 2])
        processes.push(await startRowsmith(['worker'], { env, ready: /worker started/ }));
    });

    afterAll(async () => {
      await Promise.all(processes.map((process) => process.stop()));
      await fake.close();
      await cleanup();
    });

    it('gives every document its rows, once', { timeout: 120_000 }, async () => {
      const call = (path: string, init: RequestInit = {}) =>
        fetch(`${web.url}${path}`, {
          ...init,
          headers: { origin: web.url, 'content-type': 'application/json', ...init.headers },
        });
      const inputs = Array.from({ length: DOCUMENTS }, (_, index) => ({
        text: statement(index + 1),
      }));
      const accepted = await call('/api/jobs', {
        method: 'POST',
        body: JSON.stringify({ columns: COLUMNS, inputs }),
      });
      expect(accepted.status).toBe(202);
      const { id } = (await accepted.json()) as JobAccepted;
      const cookie = accepted.headers
        .getSetCookie()
        .map((header) => header.split(';')[0])
        .join('; ');

      let job: Job | null = null;
      for (let attempt = 0; attempt < 1000 && !job?.finished_at; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        job = (await (await call(`/api/jobs/${id}`, { headers: { cookie } })).json()) as Job;
      }
      expect(job?.status).toBe('succeeded');
      expect(job?.documents.map((document) => document.rows)).toEqual(
        Array.from({ length: DOCUMENTS }, () => 2),
      );
      expect(job?.rows_total).toBe(DOCUMENTS * 2);
      // What the batch cost at the model, per document and in all, at the server's prices.
      const usages = job?.documents.map((document) => document.usage) ?? [];
      expect(usages.every((usage) => usage !== null && usage.calls === 1)).toBe(true);
      const input = usages.reduce((sum, usage) => sum + (usage?.input_tokens ?? 0), 0);
      const output = usages.reduce((sum, usage) => sum + (usage?.output_tokens ?? 0), 0);
      expect(job?.usage).toEqual({
        input_tokens: input,
        output_tokens: output,
        calls: DOCUMENTS,
        cost: expect.closeTo((input * 2.5 + output * 10) / 1e6, 5) as number,
      });
      expect(input).toBeGreaterThan(0);
      // The provider's limits held the batch back: its calls took more than one window.
      const answered = fake.calls.filter((each) => each.status === 200).map((each) => each.at);
      expect(answered).toHaveLength(DOCUMENTS);
      expect(Math.max(...answered) - Math.min(...answered)).toBeGreaterThanOrEqual(1_500);
      expect(fake.peakConcurrency()).toBeLessThanOrEqual(2);
      // One limiter for both workers: a refused call waits for a place the provider takes.
      if (database.name === 'postgres') expect(fake.longestRefusalStreak()).toBeLessThanOrEqual(1);
    });
  },
);

describe.each(TEST_DATABASES)('a provider that never stops refusing, on $name', (database) => {
  let app: TestApp;
  let fake: FakeOpenAi;

  beforeAll(async () => {
    fake = await startFakeOpenAi({
      apiKey: 'test-key',
      behavior: { status: 429, retryAfter: '1' },
    });
    app = await createTestApp(database, {
      SIGNUP_CREDITS: '3',
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: fake.baseUrl,
      OFFLINE_FAST_PATH: 'false',
      // Six seconds, so the test need not wait half an hour.
      JOB_DEADLINE_MINUTES: '0.1',
      // A batch's documents one after another: the deadline is the job's, not each one's.
      JOB_CONCURRENCY: '1',
    });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it('ends the run at its deadline, says why, and gives the credit back', async () => {
    const user = await signUp(app);
    const started = Date.now();
    const response = await user.request('/api/extractions', { json: PASTED_TABLE });
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(response.status).toBe(503);
    expect(body.error.code).toBe('MODEL_RATE_LIMITED');
    expect(body.error.message).toBe(
      'The model provider kept refusing requests (rate limit) for 0.1 minutes',
    );
    // It waited for the provider (more than the two retries of other failures), then stopped.
    expect(Date.now() - started).toBeGreaterThanOrEqual(6_000);
    expect(fake.calls.length).toBeGreaterThan(3);
    expect(await (await user.request('/api/account/credits')).json()).toMatchObject({
      credits_remaining: 3,
    });
  });

  it('ends a batch at the job’s deadline, not one deadline per document', async () => {
    const user = await signUp(app);
    const started = Date.now();
    const accepted = await user.request('/api/jobs', {
      json: { columns: COLUMNS, inputs: [1, 2, 3].map((n) => ({ text: statement(n) })) },
    });
    expect(accepted.status).toBe(202);
    const { id } = (await accepted.json()) as JobAccepted;
    let job = (await (await user.request(`/api/jobs/${id}`)).json()) as Job;
    while (!job.finished_at) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      job = (await (await user.request(`/api/jobs/${id}`)).json()) as Job;
    }
    const seconds = (Date.now() - started) / 1000;
    expect(job.status).toBe('failed');
    for (const document of job.documents)
      expect(document.message).toBe(
        'The model provider kept refusing requests (rate limit) for 0.1 minutes',
      );
    // Three documents one after another: one deadline (6 s) in all, not three (18 s).
    expect(seconds).toBeGreaterThanOrEqual(6);
    expect(seconds).toBeLessThan(12);
    expect(await (await user.request('/api/account/credits')).json()).toMatchObject({
      credits_remaining: 3,
    });
  }, 30_000);
});
