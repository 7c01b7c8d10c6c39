import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadLink } from '../../../shared/account';
import type { DocumentResult } from '../../../shared/extraction';
import type { Job, JobPage, JobResultTable } from '../../../shared/jobs';
import type { CorrectionsResponse } from '../../../shared/review';
import { browserFor, signUp, type Browser } from '../../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../../tests/support/create-test-app';
import { startFakeOpenAi, type FakeOpenAi } from '../../../../tests/support/fake-openai-server';
import { runStatements, statementAnswer } from '../../../../tests/support/review-jobs';
import { fakeModelSettings } from '../../../../tests/support/test-jobs';
import { TEST_DATABASES } from '../../../../tests/support/test-databases';

type ErrorBody = { error: { code: string; message: string; details?: unknown } };

const correct = (browser: Browser, job: Job, corrections: unknown[]) =>
  browser.request(`/api/jobs/${job.id}/corrections`, { json: { corrections } });

async function table(browser: Browser, job: Job): Promise<JobResultTable> {
  return (await (await browser.request(`/api/jobs/${job.id}/result`)).json()) as JobResultTable;
}

async function documentResult(browser: Browser, job: Job, index = 0): Promise<DocumentResult> {
  const path = `/api/jobs/${job.id}/documents/${job.documents[index]!.id}/result`;
  return (await (await browser.request(path)).json()) as DocumentResult;
}

describe.each(TEST_DATABASES)('corrections on $name', (database) => {
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

  it('corrects a flagged cell, and every result, export and list shows the corrected value', async () => {
    const user = await signUp(app);
    const job = await runStatements(user);
    const january = job.documents[0]!;
    expect(job.review).toEqual({ total: 12, flagged: 1, edited: 0 });

    const made = await correct(user, job, [
      { document_id: january.id, row: 2, column: 'amount', value: '-12.00' },
    ]);
    expect(made.status, await made.clone().text()).toBe(200);
    const body = (await made.json()) as CorrectionsResponse;
    const userId = (
      await app.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', user.email)
        .executeTakeFirstOrThrow()
    ).id;
    expect(body.corrections).toHaveLength(1);
    expect(body.corrections[0]).toMatchObject({
      document_id: january.id,
      row: 2,
      column: 'amount',
      value: -12,
      old_value: -21,
      created_by: userId,
    });
    expect(Date.parse(body.corrections[0]!.created_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(body.review).toEqual({ total: 12, flagged: 0, edited: 1 });

    const result = await documentResult(user, job);
    expect(result.rows[2]).toEqual({ date: '2026-01-04', description: 'Train', amount: -12 });
    expect(result.cells[2]?.amount).toMatchObject({
      confidence: 1,
      flagged: false,
      edited: true,
      correction: { id: body.corrections[0]!.id, old_value: -21 },
    });
    expect(result.review).toEqual({ total: 9, flagged: 0, edited: 1 });

    const json = await table(user, job);
    expect(json.rows[2]).toEqual({ source: 'january.csv', ...result.rows[2] });
    expect(json.cells[2]?.amount?.edited).toBe(true);
    expect(json.review).toEqual({ total: 12, flagged: 0, edited: 1 });
    const csv = await (await user.request(`/api/jobs/${job.id}/result?format=csv`)).text();
    expect(csv.split('\r\n')[3]).toBe('january.csv,2026-01-04,Train,-12.00');
    const xlsx = await user.request(`/api/jobs/${job.id}/result?format=xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    expect(workbook.getWorksheet('All documents')?.getCell('D4').value).toBe(-12);
    expect(workbook.getWorksheet('january.csv')?.getCell('C4').value).toBe(-12);

    // History: the job's summary counts the correction, and so does the list of jobs.
    const listed = (await (await user.request('/api/jobs')).json()) as JobPage;
    expect(listed.jobs[0]?.review).toEqual({ total: 12, flagged: 0, edited: 1 });
    expect(listed.jobs[0]?.documents[0]?.review).toEqual({ total: 9, flagged: 0, edited: 1 });

    // The stored file a signed-in user downloads from the dashboard carries it too.
    const link = (await (
      await user.request(`/api/account/usage/${january.id}/download`)
    ).json()) as DownloadLink;
    const file = (await (await app.app.request(new URL(link.url).pathname)).json()) as {
      data: unknown[];
    };
    expect(file.data[2]).toEqual({ date: '2026-01-04', description: 'Train', amount: -12 });
  });

  it('accepts a cell corrected to its own value, replaces a correction, and undoes one', async () => {
    const user = await signUp(app);
    const job = await runStatements(user);
    const january = job.documents[0]!;
    const cell = { document_id: january.id, row: 2, column: 'amount' };

    const accepted = (await (
      await correct(user, job, [{ ...cell, value: -21 }])
    ).json()) as CorrectionsResponse;
    expect(accepted.review).toEqual({ total: 12, flagged: 0, edited: 0 });
    expect((await documentResult(user, job)).cells[2]?.amount).toMatchObject({
      confidence: 1,
      flagged: false,
      edited: false,
      accepted: true,
      reasons: [expect.objectContaining({ code: 'not_found' })],
    });

    const first = (await (
      await correct(user, job, [{ ...cell, value: '-12' }])
    ).json()) as CorrectionsResponse;
    const second = (await (
      await correct(user, job, [{ ...cell, value: '(13.00)' }])
    ).json()) as CorrectionsResponse;
    // One correction per cell: the newest, still naming the value as it was extracted.
    expect(second.corrections).toHaveLength(1);
    expect(second.corrections[0]).toMatchObject({ value: -13, old_value: -21 });
    expect(second.corrections[0]?.id).not.toBe(first.corrections[0]?.id);

    // Corrections are kept: read again, they are there.
    const listed = (await (
      await user.request(`/api/jobs/${job.id}/corrections`)
    ).json()) as CorrectionsResponse;
    expect(listed).toEqual(second);

    const undone = await user.request(
      `/api/jobs/${job.id}/corrections/${second.corrections[0]!.id}`,
      { method: 'DELETE' },
    );
    expect(undone.status).toBe(200);
    expect((await undone.json()) as CorrectionsResponse).toEqual({
      corrections: [],
      review: { total: 12, flagged: 1, edited: 0 },
    });
    const result = await documentResult(user, job);
    expect(result.rows[2]?.amount).toBe(-21);
    expect(result.cells[2]?.amount).toMatchObject({ flagged: true, edited: false });
    const again = await user.request(
      `/api/jobs/${job.id}/corrections/${second.corrections[0]!.id}`,
      { method: 'DELETE' },
    );
    expect(again.status).toBe(404);
    expect(((await again.json()) as ErrorBody).error.code).toBe('CORRECTION_NOT_FOUND');
  });

  it('empties an optional cell and refuses bad input with a 400 that says what is wrong', async () => {
    const user = await signUp(app);
    const job = await runStatements(user);
    const january = job.documents[0]!;
    const cell = { document_id: january.id, row: 0, column: 'amount' };
    const refusal = async (corrections: unknown[]) => {
      const response = await correct(user, job, corrections);
      return { status: response.status, ...((await response.json()) as ErrorBody).error };
    };

    expect(await refusal([{ ...cell, row: 3, value: 1 }])).toMatchObject({
      status: 400,
      code: 'CORRECTION_ROW_NOT_FOUND',
      message: `There is no row 3 in the document "${january.id}": it has 3 rows, numbered from 0.`,
    });
    expect(await refusal([{ ...cell, column: 'balance', value: 1 }])).toMatchObject({
      status: 400,
      code: 'CORRECTION_COLUMN_NOT_FOUND',
      message:
        'There is no column "balance" in this job. Its columns are "date", "description", "amount".',
    });
    expect((await refusal([{ ...cell, column: 'source', value: 'x' }])).code).toBe(
      'CORRECTION_COLUMN_NOT_FOUND',
    );
    expect(await refusal([{ ...cell, document_id: 'no-such-document', value: 1 }])).toMatchObject({
      status: 400,
      code: 'CORRECTION_DOCUMENT_NOT_FOUND',
      message: 'This job has no document "no-such-document" with rows to correct.',
    });
    expect(await refusal([{ ...cell, value: 'twelve' }])).toMatchObject({
      status: 400,
      code: 'CORRECTION_VALUE_INVALID',
      message:
        'The column "amount" holds a number, and "twelve" is not one (write it like 1234.5, 1,234.50, -12 or (12.00)).',
    });
    expect((await refusal([{ ...cell, column: 'date', value: 'soon' }])).message).toContain(
      'The column "date" holds a date',
    );
    for (const malformed of [[{ ...cell, row: -1, value: 1 }], [{ ...cell }], []])
      expect(await refusal(malformed)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });

    // All or nothing: a good correction in a batch with a bad one is not kept either.
    expect(
      await refusal([
        { ...cell, value: -4 },
        { ...cell, row: 1, value: 'lots' },
      ]),
    ).toMatchObject({ code: 'CORRECTION_VALUE_INVALID', details: { correction: 1 } });
    const after = (await (
      await user.request(`/api/jobs/${job.id}/corrections`)
    ).json()) as CorrectionsResponse;
    expect(after).toEqual({ corrections: [], review: { total: 12, flagged: 1, edited: 0 } });
    expect((await documentResult(user, job)).rows[0]?.amount).toBe(-3.2);

    const emptied = await correct(user, job, [{ ...cell, column: 'description', value: '' }]);
    expect(emptied.status).toBe(200);
    expect((await documentResult(user, job)).rows[0]).toEqual({ date: '2026-01-02', amount: -3.2 });
  });

  it('lets only the owner see or make corrections; a visitor owns their own jobs', async () => {
    const owner = await signUp(app);
    const job = await runStatements(owner);
    const cell = { document_id: job.documents[0]!.id, row: 2, column: 'amount', value: -12 };
    const made = (await (await correct(owner, job, [cell])).json()) as CorrectionsResponse;

    for (const stranger of [await signUp(app), browserFor(app)]) {
      const attempts = [
        await correct(stranger, job, [cell]),
        await stranger.request(`/api/jobs/${job.id}/corrections`),
        await stranger.request(`/api/jobs/${job.id}/corrections/${made.corrections[0]!.id}`, {
          method: 'DELETE',
        }),
      ];
      for (const attempt of attempts) {
        expect(attempt.status).toBe(404);
        expect(((await attempt.json()) as ErrorBody).error.code).toBe('JOB_NOT_FOUND');
      }
    }
    expect((await documentResult(owner, job)).rows[2]?.amount).toBe(-12);

    const visitor = browserFor(app);
    const visitorJob = await runStatements(visitor);
    const corrected = await correct(visitor, visitorJob, [
      { ...cell, document_id: visitorJob.documents[0]!.id },
    ]);
    expect(corrected.status).toBe(200);
    expect(((await corrected.json()) as CorrectionsResponse).corrections[0]?.created_by).toBeNull();
    expect((await correct(browserFor(app), visitorJob, [cell])).status).toBe(404);
  });

  it('deletes corrections with the account', async () => {
    const user = await signUp(app);
    const job = await runStatements(user);
    await correct(user, job, [
      { document_id: job.documents[0]!.id, row: 2, column: 'amount', value: -12 },
    ]);
    const count = async () =>
      Number(
        (
          await app.db
            .selectFrom('corrections')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where('job_id', '=', job.id)
            .executeTakeFirstOrThrow()
        ).count,
      );
    expect(await count()).toBe(1);
    const deleted = await user.request('/api/account', {
      method: 'DELETE',
      json: { confirmation: 'DELETE' },
    });
    expect(deleted.status).toBe(200);
    expect(await count()).toBe(0);
  });
});
