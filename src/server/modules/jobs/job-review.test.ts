import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentResult, ExtractionResponse } from '../../../shared/extraction';
import type { Job, JobEvent, JobResultTable } from '../../../shared/jobs';
import { browserFor, signUp, type Browser } from '../../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../../tests/support/create-test-app';
import { startFakeOpenAi, type FakeOpenAi } from '../../../../tests/support/fake-openai-server';
import {
  JANUARY,
  REVIEW_COLUMNS,
  runStatements,
  statementAnswer,
} from '../../../../tests/support/review-jobs';
import { fakeModelSettings } from '../../../../tests/support/test-jobs';
import { TEST_DATABASES } from '../../../../tests/support/test-databases';
import { createLogger } from '../../logger';
import { sweepJobs } from './sweep-jobs';

type ErrorBody = { error: { code: string; message: string } };

async function events(browser: Browser, job: Job): Promise<JobEvent[]> {
  const text = await (await browser.request(`/api/jobs/${job.id}/events`)).text();
  return text
    .split('\n\n')
    .filter((block) => block.includes('data:'))
    .map((block) => JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as JobEvent);
}

const HOUR = 3600_000;

describe.each(TEST_DATABASES)('review in job results on $name', (database) => {
  let fake: FakeOpenAi;
  let app: TestApp;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ behavior: { answer: statementAnswer } });
    app = await createTestApp(database, fakeModelSettings(fake.baseUrl));
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it('gives the job’s table cells, origins and a review summary, and the job its counts', async () => {
    const user = await signUp(app);
    const job = await runStatements(user);
    const [january, february] = job.documents;
    expect(january?.review).toEqual({ total: 9, flagged: 1, edited: 0 });
    expect(february?.review).toEqual({ total: 3, flagged: 0, edited: 0 });
    expect(job).toMatchObject({
      review: { total: 12, flagged: 1, edited: 0 },
      result_expires_at: null,
    });

    const table = (await (
      await user.request(`/api/jobs/${job.id}/result?format=json`)
    ).json()) as JobResultTable;
    expect(table.rows).toHaveLength(4);
    expect(table.cells).toHaveLength(4);
    expect(table.origins).toEqual([
      { document_id: january!.id, row: 0 },
      { document_id: january!.id, row: 1 },
      { document_id: january!.id, row: 2 },
      { document_id: february!.id, row: 0 },
    ]);
    // The source column has no cell: only the user's columns are reviewed.
    expect(Object.keys(table.cells[0]!)).toEqual(['date', 'description', 'amount']);
    expect(table.cells[2]?.amount).toMatchObject({
      flagged: true,
      reasons: [{ code: 'not_found', message: 'Not found in the source.' }],
    });
    expect(table.cells[0]?.amount).toMatchObject({ confidence: 1, flagged: false });
    expect(table.review).toEqual({ total: 12, flagged: 1, edited: 0 });

    const result = (await (
      await user.request(`/api/jobs/${job.id}/documents/${january!.id}/result`)
    ).json()) as DocumentResult;
    expect(result).toMatchObject({ document_id: january!.id, job_id: job.id, pages: [] });
    expect(result.cells[2]?.amount?.evidence).toBeNull();
    expect(result.cells[1]?.description?.evidence).toMatchObject({ match: 'exact' });
  });

  it('streams each document’s rows and the job’s review as they now are', async () => {
    const user = await signUp(app);
    const job = await runStatements(user);
    await user.request(`/api/jobs/${job.id}/corrections`, {
      json: {
        corrections: [{ document_id: job.documents[0]!.id, row: 2, column: 'amount', value: -12 }],
      },
    });
    const sent = await events(user, job);
    const status = sent.filter((event) => event.type === 'status');
    expect(status.length).toBeGreaterThan(0);
    for (const event of status)
      expect(event.type === 'status' && event.review).toEqual({ total: 12, flagged: 0, edited: 1 });
    const january = sent.find(
      (event) => event.type === 'document' && event.document.name === 'january.csv',
    );
    expect(january?.type === 'document' && january.rows[2]?.amount).toBe(-12);
    expect(january?.type === 'document' && january.document.review?.edited).toBe(1);
    const end = sent.at(-1);
    expect(end?.type === 'end' && end.job.review).toEqual({ total: 12, flagged: 0, edited: 1 });
  });

  it('answers a single extraction with its document, cells and review', async () => {
    const visitor = browserFor(app);
    const response = await visitor.request('/api/extractions', {
      json: { text: JANUARY, columns: REVIEW_COLUMNS },
    });
    const body = (await response.json()) as ExtractionResponse;
    expect(body.review).toEqual({ total: 9, flagged: 1, edited: 0 });
    expect(body.cells[2]?.amount?.flagged).toBe(true);
    expect(body.pages).toEqual([]);
    const corrected = await visitor.request(`/api/jobs/${body.job_id}/corrections`, {
      json: {
        corrections: [{ document_id: body.document_id, row: 2, column: 'amount', value: -12 }],
      },
    });
    expect(corrected.status).toBe(200);
  });

  it('deletes a visitor’s results a day after the run: 410 at once, then the sweep clears them', async () => {
    const visitor = browserFor(app);
    const job = await runStatements(visitor);
    const document = job.documents[0]!;
    await visitor.request(`/api/jobs/${job.id}/corrections`, {
      json: { corrections: [{ document_id: document.id, row: 2, column: 'amount', value: -12 }] },
    });
    expect(job.result_expires_at).toBe(
      new Date(Date.parse(job.created_at) + 24 * HOUR).toISOString(),
    );
    const dayAgo = new Date(Date.now() - 25 * HOUR).toISOString();
    await app.db.updateTable('jobs').set({ created_at: dayAgo }).where('id', '=', job.id).execute();

    const reads = [
      `/api/jobs/${job.id}/result`,
      `/api/jobs/${job.id}/result?format=csv`,
      `/api/jobs/${job.id}/documents/${document.id}/result`,
      `/api/jobs/${job.id}/documents/${document.id}/pages/1`,
      `/api/jobs/${job.id}/corrections`,
    ];
    for (const path of reads) {
      const response = await visitor.request(path);
      expect(response.status, path).toBe(410);
      const { error } = (await response.json()) as ErrorBody;
      expect(error).toMatchObject({
        code: 'RESULT_EXPIRED',
        message:
          'The results of this run were deleted: runs without an account are kept for 24 hours. Sign up to keep your runs.',
      });
    }
    const late = await visitor.request(`/api/jobs/${job.id}/corrections`, {
      json: { corrections: [{ document_id: document.id, row: 0, column: 'amount', value: 1 }] },
    });
    expect(late.status).toBe(410);
    // The job itself is still shown, with when its results went.
    const shown = (await (await visitor.request(`/api/jobs/${job.id}`)).json()) as Job;
    expect(shown.result_expires_at! < new Date().toISOString()).toBe(true);

    const deps = {
      db: app.db,
      storage: app.storage,
      logger: createLogger('silent'),
      workerId: 'test-sweep',
    };
    await sweepJobs(deps);
    const kept = await app.db
      .selectFrom('job_documents')
      .select(['result', 'review_total'])
      .where('job_id', '=', job.id)
      .execute();
    expect(kept.map((row) => row.result)).toEqual([null, null]);
    const corrections = await app.db
      .selectFrom('corrections')
      .select('id')
      .where('job_id', '=', job.id)
      .execute();
    expect(corrections).toEqual([]);
    expect((await visitor.request(`/api/jobs/${job.id}`)).status).toBe(200);

    await sweepJobs(deps, Date.now() + 8 * 24 * HOUR);
    expect((await visitor.request(`/api/jobs/${job.id}`)).status).toBe(404);
  });

  it('keeps a signed-in user’s results however old', async () => {
    const user = await signUp(app);
    const job = await runStatements(user);
    const monthAgo = new Date(Date.now() - 30 * 24 * HOUR).toISOString();
    await app.db
      .updateTable('jobs')
      .set({ created_at: monthAgo })
      .where('id', '=', job.id)
      .execute();
    await sweepJobs({
      db: app.db,
      storage: app.storage,
      logger: createLogger('silent'),
      workerId: 'test-sweep',
    });
    expect((await user.request(`/api/jobs/${job.id}/result`)).status).toBe(200);
  });
});
