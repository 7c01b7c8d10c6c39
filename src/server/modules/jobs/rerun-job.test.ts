import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credits } from '../../../shared/account';
import type { JobAccepted } from '../../../shared/jobs';
import { signUp, type Browser } from '../../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../../tests/support/create-test-app';
import { TEST_DATABASES } from '../../../../tests/support/test-databases';
import { startFakeOpenAi, type FakeOpenAi } from '../../../../tests/support/fake-openai-server';
import { fakeModelSettings, waitForJobEnd } from '../../../../tests/support/test-jobs';

type ErrorBody = { error: { code: string } };

const STATEMENT = 'date,payee,amount\n2026-03-01,Rent,-1883.70\n2026-03-02,Fuel,-566.79\n';

const credits = async (browser: Browser) =>
  (await (await browser.request('/api/account/credits')).json()) as Credits;

describe.each(TEST_DATABASES)('running a job again on $name', (database) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(database, { SIGNUP_CREDITS: '10' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('runs new columns on what was read, without the file, for one more credit', async () => {
    const user = await signUp(app);
    const form = new FormData();
    form.append('file', new File([STATEMENT], 'march.csv', { type: 'text/csv' }));
    form.set('request', JSON.stringify({ columns: [{ name: 'payee', type: 'text' }] }));
    const first = (await (await user.request('/api/jobs', { form })).json()) as JobAccepted;
    expect((await waitForJobEnd(user, first.id)).status).toBe('succeeded');
    expect(await credits(user)).toMatchObject({ credits_remaining: 9 });
    // The uploaded file is gone with its job: a run again can only use what was read.
    // (removed just after the job is marked finished, so wait for it)
    await expect.poll(() => app.storage.list(`jobs/${first.id}/`), { timeout: 5000 }).toEqual([]);

    const rerun = await user.request(`/api/jobs/${first.id}/rerun`, {
      json: {
        columns: [
          { name: 'payee', type: 'text' },
          { name: 'amount', type: 'number' },
        ],
      },
    });
    expect(rerun.status).toBe(202);
    const second = (await rerun.json()) as JobAccepted;
    expect(second.documents.map((document) => document.name)).toEqual(['march.csv']);
    const done = await waitForJobEnd(user, second.id);
    expect(done.status).toBe('succeeded');
    const result = (await (await user.request(`/api/jobs/${second.id}/result`)).json()) as {
      rows: Record<string, unknown>[];
    };
    expect(result.rows).toEqual([
      { source: 'march.csv', payee: 'Rent', amount: -1883.7 },
      { source: 'march.csv', payee: 'Fuel', amount: -566.79 },
    ]);
    expect(await credits(user)).toMatchObject({ credits_remaining: 8 });

    // A run again can itself run again; another person's job cannot.
    const third = await user.request(`/api/jobs/${second.id}/rerun`, {
      json: { columns: [{ name: 'amount', type: 'number' }] },
    });
    expect(third.status).toBe(202);
    const stranger = await signUp(app);
    const refused = await stranger.request(`/api/jobs/${first.id}/rerun`, {
      json: { columns: [{ name: 'payee', type: 'text' }] },
    });
    expect(refused.status).toBe(404);
    await waitForJobEnd(user, ((await third.json()) as JobAccepted).id);
  });

  it('says so when what was read is no longer kept', async () => {
    const user = await signUp(app);
    const accepted = (await (
      await user.request('/api/jobs', {
        json: { columns: [{ name: 'payee', type: 'text' }], inputs: [{ text: STATEMENT }] },
      })
    ).json()) as JobAccepted;
    await waitForJobEnd(user, accepted.id);
    const before = await credits(user);
    await app.db
      .updateTable('job_documents')
      .set({ read_until: '2000-01-01T00:00:00.000Z' })
      .where('job_id', '=', accepted.id)
      .execute();
    const refused = await user.request(`/api/jobs/${accepted.id}/rerun`, {
      json: { columns: [{ name: 'payee', type: 'text' }] },
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorBody).error.code).toBe('RERUN_UNAVAILABLE');
    expect(await credits(user)).toEqual(before);
  });
});

// Issue 32 point 2: a document that failed is tried again alone, from what was read from it.
describe.each(TEST_DATABASES)('trying one failed document again on $name', (database) => {
  let fake: FakeOpenAi;
  let app: TestApp;
  let isQuotaSpent = false;

  beforeAll(async () => {
    fake = await startFakeOpenAi({
      apiKey: 'test-key',
      behaviorFor: (request) =>
        isQuotaSpent && JSON.stringify(request.messages).includes('Wilmslow')
          ? { status: 429, insufficientQuota: true }
          : undefined,
    });
    app = await createTestApp(database, {
      ...fakeModelSettings(fake.baseUrl),
      SIGNUP_CREDITS: '10',
    });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it('runs only that document, with the job’s own columns, for one credit', async () => {
    const user = await signUp(app);
    isQuotaSpent = true;
    const accepted = (await (
      await user.request('/api/jobs', {
        json: {
          columns: [
            { name: 'name', type: 'text' },
            { name: 'city', type: 'text' },
          ],
          inputs: [
            { text: 'Name: Ada Lovelace\nCity: London', name: 'ada.txt' },
            { text: 'Name: Alan Turing\nCity: Wilmslow', name: 'alan.txt' },
          ],
        },
      })
    ).json()) as JobAccepted;
    const ended = await waitForJobEnd(user, accepted.id);
    const [ada, alan] = ended.documents;
    expect(ada).toMatchObject({ status: 'succeeded', can_run_again: false });
    expect(alan).toMatchObject({ status: 'failed', can_run_again: true });
    const before = await credits(user);

    isQuotaSpent = false;
    const stranger = await signUp(app);
    const refused = await stranger.request(`/api/jobs/${accepted.id}/rerun`, {
      json: { document_ids: [alan!.id] },
    });
    expect(refused.status).toBe(404);
    const notInJob = await user.request(`/api/jobs/${accepted.id}/rerun`, {
      json: { document_ids: ['no-such-document'] },
    });
    expect(notInJob.status).toBe(404);

    const retried = await user.request(`/api/jobs/${accepted.id}/rerun`, {
      json: { document_ids: [alan!.id] },
    });
    expect(retried.status).toBe(202);
    const again = (await retried.json()) as JobAccepted;
    expect(again.documents.map((document) => document.name)).toEqual(['alan.txt']);
    expect((await waitForJobEnd(user, again.id)).status).toBe('succeeded');
    const result = (await (await user.request(`/api/jobs/${again.id}/result`)).json()) as {
      rows: Record<string, unknown>[];
    };
    expect(result.rows).toEqual([{ source: 'alan.txt', name: 'Alan Turing', city: 'Wilmslow' }]);
    expect((await credits(user)).credits_remaining).toBe(before.credits_remaining - 1);
  });
});
