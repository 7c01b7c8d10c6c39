import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Credits } from '../../../shared/account';
import type { ExtractionResponse } from '../../../shared/extraction';
import type { Job, JobAccepted } from '../../../shared/jobs';
import { signUp, type Browser } from '../../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../../tests/support/create-test-app';
import { startFakeOpenAi, type FakeOpenAi } from '../../../../tests/support/fake-openai-server';
import { TEST_DATABASES } from '../../../../tests/support/test-databases';
import { fakeModelSettings, waitForJobEnd } from '../../../../tests/support/test-jobs';

// Issue 22 point 6: the same input, columns, instructions and model give the stored result
// again without calling the model (unless the caller says `cache: false`), marked as such, and
// paid for like any run. Only the owner's own results are given, and only whole answers (a 200).

const COLUMNS = [
  { name: 'name', type: 'text' },
  { name: 'city', type: 'text' },
];
const TEXT = 'Name: Ada Lovelace\nCity: London\n\nName: Grace Hopper\nCity: New York';
const CSV = 'name,city\nAda Lovelace,London\nGrace Hopper,New York\n';

async function extract(browser: Browser, body: Record<string, unknown>) {
  const response = await browser.request('/api/extractions', { json: body });
  return { status: response.status, result: (await response.json()) as ExtractionResponse };
}

async function uploadJob(browser: Browser, name: string, request: Record<string, unknown>) {
  const form = new FormData();
  form.append('file', new File([CSV], name, { type: 'text/csv' }));
  form.set('request', JSON.stringify({ columns: COLUMNS, ...request }));
  const accepted = (await (await browser.request('/api/jobs', { form })).json()) as JobAccepted;
  return waitForJobEnd(browser, accepted.id);
}

const creditsOf = async (browser: Browser) =>
  ((await (await browser.request('/api/account/credits')).json()) as Credits).credits_remaining;

describe.each(TEST_DATABASES)('stored results for unchanged input on $name', (database) => {
  let fake: FakeOpenAi;
  let app: TestApp;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: 'test-key' });
    app = await createTestApp(database, {
      ...fakeModelSettings(fake.baseUrl),
      SIGNUP_CREDITS: '20',
    });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });
  beforeEach(() => fake.setBehavior({}));

  it('gives the same input its stored result without a model call, charged as a run', async () => {
    const user = await signUp(app);
    const calls = fake.calls.length;
    const first = await extract(user, { text: TEXT, columns: COLUMNS });
    expect(first.status).toBe(200);
    expect(first.result.fromCache).toBeNull();
    expect(fake.calls.length).toBeGreaterThan(calls);

    const before = fake.calls.length;
    const second = await extract(user, { text: TEXT, columns: COLUMNS });
    expect(second.status).toBe(200);
    expect(fake.calls.length).toBe(before);
    expect(second.result.rows).toEqual(first.result.rows);
    expect(second.result.cells).toEqual(first.result.cells);
    expect(second.result.fromCache).toEqual({
      documentId: first.result.document_id,
      extractedAt: expect.any(String) as string,
    });
    expect(second.result.usage).toMatchObject({ calls: 0, inputTokens: 0, outputTokens: 0 });
    expect(second.result.model).toBe(first.result.model);
    expect(await creditsOf(user)).toBe(18);

    // The job says so too, for History.
    const job = (await (await user.request(`/api/jobs/${second.result.job_id}`)).json()) as Job;
    expect(job.documents[0]!.from_cache).toEqual({
      document_id: first.result.document_id,
      extracted_at: second.result.fromCache!.extractedAt,
    });
    expect(job.usage.calls).toBe(0);

    // cache: false asks the model again; other columns or instructions are other input.
    const fresh = await extract(user, { text: TEXT, columns: COLUMNS, cache: false });
    expect(fresh.result.fromCache).toBeNull();
    expect(fake.calls.length).toBeGreaterThan(before);
    for (const body of [
      { text: TEXT, columns: COLUMNS.slice(0, 1) },
      { text: TEXT, columns: COLUMNS, description: 'People and their cities' },
      { text: `${TEXT}\n\nName: Alan Turing\nCity: Wilmslow`, columns: COLUMNS },
    ]) {
      const count = fake.calls.length;
      const other = await extract(user, body);
      expect(other.result.fromCache).toBeNull();
      expect(fake.calls.length).toBeGreaterThan(count);
    }
  });

  it('finds a file read again under another name, in a batch or a rerun, but not for others', async () => {
    const user = await signUp(app);
    const first = await uploadJob(user, 'march.csv', {});
    expect(first.documents[0]!.from_cache).toBeNull();

    const count = fake.calls.length;
    const renamed = await uploadJob(user, 'march (copy).csv', {});
    expect(renamed.status).toBe('succeeded');
    expect(renamed.documents[0]!.from_cache?.document_id).toBe(first.documents[0]!.id);
    expect(fake.calls.length).toBe(count);
    const table = (await (await user.request(`/api/jobs/${renamed.id}/result`)).json()) as {
      rows: Record<string, unknown>[];
    };
    expect(table.rows).toEqual([
      { source: 'march (copy).csv', name: 'Ada Lovelace', city: 'London' },
      { source: 'march (copy).csv', name: 'Grace Hopper', city: 'New York' },
    ]);

    // A rerun with the same columns, from what was read, is the same input; cache: false runs.
    const rerun = await user.request(`/api/jobs/${first.id}/rerun`, {
      json: { columns: COLUMNS, cache: false },
    });
    const rerunJob = await waitForJobEnd(user, ((await rerun.json()) as JobAccepted).id);
    expect(rerunJob.documents[0]!.from_cache).toBeNull();
    expect(fake.calls.length).toBeGreaterThan(count);

    // Another person's identical file is theirs to pay the model for.
    const stranger = await signUp(app);
    const theirs = await uploadJob(stranger, 'march.csv', {});
    expect(theirs.documents[0]!.from_cache).toBeNull();
  });

  it('gives a result from cache with the corrections made to it, counted in its review', async () => {
    const user = await signUp(app);
    const first = await uploadJob(user, 'april.csv', {});
    const corrected = await user.request(`/api/jobs/${first.id}/corrections`, {
      json: {
        corrections: [
          { document_id: first.documents[0]!.id, row: 1, column: 'city', value: 'Arlington' },
        ],
      },
    });
    expect(corrected.status).toBe(200);

    // A rerun from cache (the same read, the same columns) keeps it, and says it was corrected.
    const rerun = await user.request(`/api/jobs/${first.id}/rerun`, { json: { columns: COLUMNS } });
    const again = await waitForJobEnd(user, ((await rerun.json()) as JobAccepted).id);
    expect(again.documents[0]!.from_cache?.document_id).toBe(first.documents[0]!.id);
    expect(again.review.edited).toBe(1);
    const table = (await (await user.request(`/api/jobs/${again.id}/result`)).json()) as {
      rows: Record<string, unknown>[];
    };
    expect(table.rows.map((row) => row.city)).toEqual(['London', 'Arlington']);
    const { corrections } = (await (
      await user.request(`/api/jobs/${again.id}/corrections`)
    ).json()) as { corrections: { value: unknown; old_value: unknown }[] };
    expect(corrections).toEqual([
      expect.objectContaining({ value: 'Arlington', old_value: 'New York' }),
    ]);
  });

  it('gives no stored result to a run that asks for other fields or rules', async () => {
    const user = await signUp(app);
    const first = await uploadJob(user, 'people.csv', {});
    expect(first.documents[0]!.from_cache).toBeNull();
    const count = fake.calls.length;
    const fields = [{ name: 'city', type: 'text' }];
    const withFields = await uploadJob(user, 'people.csv', {
      columns: [{ name: 'name', type: 'text' }],
      fields,
    });
    expect(withFields.documents[0]!.from_cache).toBeNull();
    expect(fake.calls.length).toBeGreaterThan(count);
    const withRules = await uploadJob(user, 'people.csv', {
      columns: [{ name: 'name', type: 'text' }],
      fields,
      rules: [{ type: 'required', name: 'city' }],
    });
    expect(withRules.documents[0]!.from_cache).toBeNull();
    // The same fields and rules again are the same run: the stored result is given.
    const same = await uploadJob(user, 'people.csv', {
      columns: [{ name: 'name', type: 'text' }],
      fields,
      rules: [{ type: 'required', name: 'city' }],
    });
    expect(same.documents[0]!.from_cache?.document_id).toBe(withRules.documents[0]!.id);
  });

  it('keeps only whole answers: a failed run is asked again', async () => {
    const user = await signUp(app);
    const text = 'Name: Edsger Dijkstra\nCity: Rotterdam';
    fake.setBehavior({ status: 500 });
    const failed = await extract(user, { text, columns: COLUMNS });
    expect(failed.status).toBe(500);
    fake.setBehavior({});
    const count = fake.calls.length;
    const again = await extract(user, { text, columns: COLUMNS });
    expect(again.status).toBe(200);
    expect(again.result.fromCache).toBeNull();
    expect(fake.calls.length).toBeGreaterThan(count);
  });

  it('refuses a cache field that is not true or false', async () => {
    const user = await signUp(app);
    const form = new FormData();
    form.set('text', TEXT);
    form.set('columns', JSON.stringify(COLUMNS));
    form.set('cache', 'sometimes');
    const response = await user.request('/api/extractions', { form });
    expect(response.status).toBe(400);
  });
});
