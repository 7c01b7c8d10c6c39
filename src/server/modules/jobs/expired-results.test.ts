import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentResult } from '../../../shared/extraction';
import type { Job, JobAccepted } from '../../../shared/jobs';
import { makeInvoicePdf } from '../../../../tests/fixtures/pdf-fixtures';
import { browserFor, type Browser } from '../../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../../tests/support/create-test-app';
import { startFakeOpenAi, type FakeOpenAi } from '../../../../tests/support/fake-openai-server';
import { TEST_DATABASES } from '../../../../tests/support/test-databases';
import { fakeModelSettings, waitForJobEnd } from '../../../../tests/support/test-jobs';

// Issue 28 point 7: once a visitor's results are past their day, whether or not the sweep has run
// yet, every read of the job's results answers 410 with the same message, a rerun too, and the
// same input is not given the expired result from the stored results.

const COLUMNS = [
  { name: 'item', type: 'text' },
  { name: 'total', type: 'number' },
];
const EXPIRED = {
  code: 'RESULT_EXPIRED',
  message:
    'The results of this run were deleted: runs without an account are kept for 24 hours. Sign up to keep your runs.',
};

type ErrorBody = { error: { code: string; message: string } };

async function runInvoice(visitor: Browser, pdf: Uint8Array): Promise<Job> {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(pdf)], 'invoice.pdf', { type: 'application/pdf' }));
  form.set('request', JSON.stringify({ columns: COLUMNS }));
  const accepted = await visitor.request('/api/jobs', { form });
  expect(accepted.status, await accepted.clone().text()).toBe(202);
  return waitForJobEnd(visitor, ((await accepted.json()) as JobAccepted).id);
}

describe.each(TEST_DATABASES)('a visitor’s expired results on $name', (database) => {
  let fake: FakeOpenAi;
  let app: TestApp;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: 'test-key' });
    app = await createTestApp(database, fakeModelSettings(fake.baseUrl));
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  const dayAgo = async (jobIds: string[]) => {
    const created = new Date(Date.now() - 25 * 3600_000).toISOString();
    await app.db
      .updateTable('jobs')
      .set({ created_at: created })
      .where('id', 'in', jobIds)
      .execute();
  };

  it('answers 410 to its events, corrections, pictures and a rerun before the sweep has run', async () => {
    const visitor = browserFor(app);
    const job = await runInvoice(visitor, await makeInvoicePdf());
    const document = job.documents[0]!;
    const result = (await (
      await visitor.request(`/api/jobs/${job.id}/documents/${document.id}/result`)
    ).json()) as DocumentResult;
    const picture = result.pages[0]!.image;
    const events = await visitor.request(`/api/jobs/${job.id}/events`);
    expect(events.status).toBe(200);
    expect(await events.text()).toContain('event: document');
    expect((await visitor.request(picture)).status).toBe(200);
    await dayAgo([job.id]);

    const correction = { document_id: document.id, row: 0, column: 'item', value: 'pen' };
    const asked: [string, () => Promise<Response>][] = [
      ['events', () => visitor.request(`/api/jobs/${job.id}/events`)],
      ['events resumed', () => visitor.request(`/api/jobs/${job.id}/events?after=1`)],
      ['corrections', () => visitor.request(`/api/jobs/${job.id}/corrections`)],
      [
        'a new correction',
        () =>
          visitor.request(`/api/jobs/${job.id}/corrections`, {
            json: { corrections: [correction] },
          }),
      ],
      ['page picture', () => visitor.request(picture)],
      ['rerun', () => visitor.request(`/api/jobs/${job.id}/rerun`, { json: { columns: COLUMNS } })],
    ];
    for (const [read, ask] of asked) {
      const response = await ask();
      expect(response.status, read).toBe(410);
      expect(((await response.json()) as ErrorBody).error, read).toMatchObject(EXPIRED);
    }
    // The rerun was refused before anything was made: the visitor has no new job.
    const jobs = (await (await visitor.request('/api/jobs')).json()) as { total: number };
    expect(jobs.total).toBe(1);
  });

  it('runs the same input again with the model once the stored result is past its day', async () => {
    const visitor = browserFor(app);
    const pdf = await makeInvoicePdf();
    const first = await runInvoice(visitor, pdf);
    expect(first.documents[0]!.from_cache).toBeNull();
    const again = await runInvoice(visitor, pdf);
    expect(again.documents[0]!.from_cache?.document_id).toBe(first.documents[0]!.id);
    await dayAgo([first.id, again.id]);

    const calls = fake.calls.length;
    const late = await runInvoice(visitor, pdf);
    expect(late.status).toBe('succeeded');
    expect(late.documents[0]!.from_cache).toBeNull();
    expect(fake.calls.length).toBeGreaterThan(calls);
  });
});
