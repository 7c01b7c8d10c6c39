import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Credits, TrialStanding, UsagePage } from '../../../shared/account';
import type { Job } from '../../../shared/jobs';
import { browserFor, signUp, type Browser } from '../../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../../tests/support/create-test-app';
import { startFakeOpenAi, type FakeOpenAi } from '../../../../tests/support/fake-openai-server';
import { readUntilEvent } from '../../../../tests/support/sse';
import { TEST_DATABASES } from '../../../../tests/support/test-databases';

// Issue 20 point 4: a single run (POST /api/extractions) belongs to its job, not to its request.
// A caller who goes away leaves it running to its end, charged once for a 200; only cancelling
// the job (DELETE /api/jobs/{id}) stops it, and then its credit or free run comes back.

/** Long enough for a model call and the watch that sees a cancelled job. */
const WAIT = { timeout: 10_000 };

const RECORDS = {
  text: 'Name: Ada Lovelace\nCity: London\n\nName: Grace Hopper\nCity: New York',
  columns: [
    { name: 'name', type: 'text' },
    { name: 'city', type: 'text' },
  ],
};

/** Starts a streamed run, reads its first event (the job) and goes away, as a closed page does. */
async function startAndLeave(browser: Browser) {
  const response = await browser.request('/api/extractions', {
    json: RECORDS,
    headers: { accept: 'text/event-stream' },
  });
  expect(response.status).toBe(200);
  const stream = await readUntilEvent(response, 'job');
  await stream.cancel();
  return (JSON.parse(stream.data) as { job_id: string }).job_id;
}

async function jobOf(browser: Browser, id: string): Promise<Job> {
  return (await (await browser.request(`/api/jobs/${id}`)).json()) as Job;
}

async function creditsOf(browser: Browser): Promise<Credits> {
  return (await (await browser.request('/api/account/credits')).json()) as Credits;
}

describe.each(TEST_DATABASES)('single runs that outlive their page on $name', (database) => {
  let fake: FakeOpenAi;
  let app: TestApp;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: 'test-key' });
    app = await createTestApp(database, {
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: fake.baseUrl,
      OFFLINE_FAST_PATH: 'false',
      TRIAL_RUNS: '3',
    });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });
  beforeEach(() => fake.setBehavior({ delayMs: 800 }));

  it('names its job first, and goes on when the caller goes away: charged once, listed', async () => {
    const user = await signUp(app);
    const jobId = await startAndLeave(user);
    expect((await jobOf(user, jobId)).status).toMatch(/^(queued|running)$/);

    await expect.poll(async () => (await jobOf(user, jobId)).status, WAIT).toBe('succeeded');
    const job = await jobOf(user, jobId);
    expect(job).toMatchObject({ rows_total: 2, documents: [{ status_code: 200 }] });
    expect(await creditsOf(user)).toEqual({ credits_remaining: 9, credits_total: 10 });
    const listed = (await (await user.request('/api/jobs')).json()) as { jobs: Job[] };
    expect(listed.jobs.map((each) => each.id)).toEqual([jobId]);
    // Its usage record and stored file follow the job's end.
    await expect
      .poll(
        async () => (await (await user.request('/api/account/usage')).json()) as UsagePage,
        WAIT,
      )
      .toMatchObject({ total: 1, records: [{ success: true, rows_extracted: 2, has_file: true }] });
    const result = await user.request(`/api/jobs/${jobId}/result?format=json`);
    expect(((await result.json()) as { rows: unknown[] }).rows).toHaveLength(2);
  });

  it('goes on when a caller without a stream goes away', async () => {
    const user = await signUp(app);
    const controller = new AbortController();
    const pending = Promise.resolve(
      app.app.request('/api/extractions', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: user.jar.header() },
        body: JSON.stringify(RECORDS),
        signal: controller.signal,
      }),
    ).then(
      () => 'answered',
      () => 'gone',
    );
    setTimeout(() => controller.abort(), 200);
    await pending;
    await expect
      .poll(
        async () => ((await (await user.request('/api/jobs')).json()) as { jobs: Job[] }).jobs,
        WAIT,
      )
      .toMatchObject([{ status: 'succeeded', rows_total: 2 }]);
    expect(await creditsOf(user)).toEqual({ credits_remaining: 9, credits_total: 10 });
  });

  it('stops only when its job is cancelled, and gives the credit back', async () => {
    fake.setBehavior({ delayMs: 10_000 });
    const user = await signUp(app);
    const response = await user.request('/api/extractions', {
      json: RECORDS,
      headers: { accept: 'text/event-stream' },
    });
    const stream = await readUntilEvent(response, 'job');
    const jobId = (JSON.parse(stream.data) as { job_id: string }).job_id;
    expect(await creditsOf(user)).toEqual({ credits_remaining: 9, credits_total: 10 });
    const started = Date.now();
    expect((await user.request(`/api/jobs/${jobId}`, { method: 'DELETE' })).status).toBe(200);

    // The open stream ends with the run's cancellation, within the watch's few seconds.
    const rest = await stream.rest();
    expect(rest).toContain('event: error');
    expect(rest).toContain('"code":"RUN_CANCELLED"');
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect.poll(async () => (await jobOf(user, jobId)).status, WAIT).toBe('cancelled');
    expect(await creditsOf(user)).toEqual({ credits_remaining: 10, credits_total: 10 });
    await expect
      .poll(
        async () => (await (await user.request('/api/account/usage')).json()) as UsagePage,
        WAIT,
      )
      .toMatchObject({ total: 1, records: [{ success: false, error_message: 'Cancelled' }] });
  });

  it("keeps a visitor's free run for a run left going, and gives it back when cancelled", async () => {
    const visitor = browserFor(app);
    const trial = async () => (await (await visitor.request('/api/trial')).json()) as TrialStanding;
    const left = await startAndLeave(visitor);
    await expect.poll(async () => (await jobOf(visitor, left)).status, WAIT).toBe('succeeded');
    expect(await trial()).toMatchObject({ remaining: 2 });

    fake.setBehavior({ delayMs: 10_000 });
    const cancelled = await startAndLeave(visitor);
    expect(await trial()).toMatchObject({ remaining: 1 });
    expect((await visitor.request(`/api/jobs/${cancelled}`, { method: 'DELETE' })).status).toBe(
      200,
    );
    await expect.poll(async () => (await jobOf(visitor, cancelled)).status, WAIT).toBe('cancelled');
    await expect.poll(async () => (await trial()).remaining, WAIT).toBe(2);
    // Someone else cannot see or cancel it.
    expect((await browserFor(app).request(`/api/jobs/${left}`)).status).toBe(404);
  });
});
