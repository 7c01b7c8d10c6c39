import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credits, UsagePage } from '../../../shared/account';
import type { Job, JobAccepted, JobEvent } from '../../../shared/jobs';
import { signUp, browserFor, type Browser } from '../../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../../tests/support/create-test-app';
import { startFakeOpenAi, type FakeOpenAi } from '../../../../tests/support/fake-openai-server';
import { TEST_DATABASES } from '../../../../tests/support/test-databases';
import { waitForJobEnd } from '../../../../tests/support/test-jobs';

type ErrorBody = { error: { code: string; message: string } };

const COLUMNS = [
  { name: 'date', type: 'date' },
  { name: 'description', type: 'text' },
  { name: 'amount', type: 'number' },
];

/** A statement of `count` transactions, as pasted tab-separated text. */
function statement(month: number, count: number): string {
  const lines = ['date\tdescription\tamount'];
  for (let day = 1; day <= count; day++)
    lines.push(
      `2026-0${month}-${String(day).padStart(2, '0')}\tPayment ${month}.${day}\t${day}.50`,
    );
  return `${lines.join('\n')}\n`;
}

function csvFile(name: string, text: string): File {
  return new File([text.replace(/\t/g, ',')], name, { type: 'text/csv' });
}

async function credits(browser: Browser): Promise<Credits> {
  return (await (await browser.request('/api/account/credits')).json()) as Credits;
}

/** A batch of five: three uploaded statements, one pasted, and a file that cannot be read. */
function fiveDocuments(): FormData {
  const form = new FormData();
  form.append('file', csvFile('january.csv', statement(1, 3)));
  form.append('file', csvFile('february.csv', statement(2, 2)));
  form.append('file', csvFile('march.csv', statement(3, 4)));
  form.append('file', new File([new Uint8Array([0, 1, 2, 3, 255, 0, 7, 9])], 'broken.bin'));
  form.set('request', JSON.stringify({ columns: COLUMNS, inputs: [{ text: statement(4, 1) }] }));
  return form;
}

describe.each(TEST_DATABASES)('jobs on $name', (database) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(database, { SIGNUP_CREDITS: '10' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('turns a batch of five documents into one table with a source column', async () => {
    const user = await signUp(app);
    const accepted = await user.request('/api/jobs', { form: fiveDocuments() });
    expect(accepted.status).toBe(202);
    const body = (await accepted.json()) as JobAccepted;
    expect(body.documents.map((document) => document.name)).toEqual([
      'january.csv',
      'february.csv',
      'march.csv',
      'broken.bin',
      'Text 1',
    ]);
    expect(body.allowance).toMatchObject({ kind: 'credits', credits_remaining: 5 });

    const job = await waitForJobEnd(user, body.id);
    expect(job.status).toBe('partial');
    expect(job.documents.map((document) => [document.status, document.rows])).toEqual([
      ['succeeded', 3],
      ['succeeded', 2],
      ['succeeded', 4],
      ['failed', 0],
      ['succeeded', 1],
    ]);
    expect(job.documents[3]?.message).toMatch(/^Failed to process file: broken\.bin is/);
    expect(job.rows_total).toBe(10);
    // Four documents succeeded: four credits spent, the failed one given back.
    expect(await credits(user)).toEqual({ credits_remaining: 6, credits_total: 10 });

    const result = (await (await user.request(`/api/jobs/${body.id}/result`)).json()) as {
      columns: { name: string }[];
      rows: Record<string, unknown>[];
    };
    expect(result.columns.map((column) => column.name)).toEqual([
      'source',
      'date',
      'description',
      'amount',
    ]);
    expect(result.rows).toHaveLength(10);
    expect(result.rows[0]).toEqual({
      source: 'january.csv',
      date: '2026-01-01',
      description: 'Payment 1.1',
      amount: 1.5,
    });
    expect(result.rows.map((row) => row.source)).toEqual([
      ...Array<string>(3).fill('january.csv'),
      ...Array<string>(2).fill('february.csv'),
      ...Array<string>(4).fill('march.csv'),
      'Text 1',
    ]);

    const csv = await (await user.request(`/api/jobs/${body.id}/result?format=csv`)).text();
    expect(csv.split('\r\n')[0]).toBe('source,date,description,amount');
    expect(csv.split('\r\n')[1]).toBe('january.csv,2026-01-01,Payment 1.1,1.50');

    const xlsx = await user.request(`/api/jobs/${body.id}/result?format=xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'All documents',
      'january.csv',
      'february.csv',
      'march.csv',
      'broken.bin',
      'Text 1',
    ]);
    expect(workbook.getWorksheet('march.csv')?.rowCount).toBe(5);

    const march = job.documents[2]!;
    const marchResult = (await (
      await user.request(`/api/jobs/${body.id}/documents/${march.id}/result`)
    ).json()) as { rows: unknown[]; cells: unknown[]; sourceText: string };
    expect(marchResult.rows).toHaveLength(4);
    expect(marchResult.cells).toHaveLength(4);
    expect(marchResult.sourceText).toContain('Payment 3.4');
    const failed = await user.request(
      `/api/jobs/${body.id}/documents/${job.documents[3]!.id}/result`,
    );
    expect(failed.status).toBe(404);

    // The uploaded files were kept only while the job ran.
    expect(await app.storage.list('jobs/')).toEqual([]);
  });

  it('names pasted texts "Text N" or as given, and leaves a no-rows document out of its table', async () => {
    const user = await signUp(app);
    const garden = 'We met on Tuesday to talk about the garden.\n\nEveryone brought a dish.';
    const accepted = await user.request('/api/jobs', {
      json: {
        columns: COLUMNS,
        inputs: [
          { text: statement(7, 2), name: 'july' },
          { text: garden },
          { text: statement(8, 1) },
        ],
      },
    });
    const body = (await accepted.json()) as JobAccepted;
    expect(body.documents.map((document) => document.name)).toEqual(['july', 'Text 2', 'Text 3']);

    const job = await waitForJobEnd(user, body.id);
    expect(
      job.documents.map((document) => [document.status_code, document.rows, document.fallback]),
    ).toEqual([
      [200, 2, null],
      [207, 0, 'no_rows'],
      [200, 1, null],
    ]);
    expect(job.rows_total).toBe(3);

    type Table = { rows: Record<string, unknown>[]; origins: unknown[]; cells: unknown[] };
    const table = (await (await user.request(`/api/jobs/${body.id}/result`)).json()) as Table;
    expect(table.rows.map((row) => row.source)).toEqual(['july', 'july', 'Text 3']);
    expect(table.origins).toHaveLength(3);
    const csv = await (await user.request(`/api/jobs/${body.id}/result?format=csv`)).text();
    expect(csv).not.toContain('garden');

    const asked = (await (
      await user.request(`/api/jobs/${body.id}/result?include_fallback=true`)
    ).json()) as Table;
    expect(asked.rows.map((row) => row.source)).toEqual([
      'july',
      'july',
      'Text 2',
      'Text 2',
      'Text 3',
    ]);
    expect(asked.rows[2]).toMatchObject({ date: 'We met on Tuesday to talk about the garden.' });
    expect(asked.cells).toHaveLength(5);

    // The document's own result keeps SPEC's fallback rows, marked as such.
    const result = (await (
      await user.request(`/api/jobs/${body.id}/documents/${job.documents[1]!.id}/result`)
    ).json()) as { status: number; fallback: string | null; rows: unknown[] };
    expect(result).toMatchObject({ status: 207, fallback: 'no_rows' });
    expect(result.rows).toHaveLength(2);
  });

  it('lists the user’s jobs newest first, and keeps them from everyone else', async () => {
    const owner = await signUp(app);
    const first = (await (
      await owner.request('/api/jobs', {
        json: { columns: COLUMNS, inputs: [{ text: statement(5, 2) }] },
      })
    ).json()) as JobAccepted;
    const second = (await (
      await owner.request('/api/jobs', {
        json: { columns: COLUMNS, inputs: [{ text: statement(6, 2) }] },
      })
    ).json()) as JobAccepted;
    await waitForJobEnd(owner, second.id);
    const page = (await (await owner.request('/api/jobs?limit=10')).json()) as {
      total: number;
      jobs: Job[];
    };
    expect(page.jobs.map((job) => job.id).slice(0, 2)).toEqual([second.id, first.id]);

    const stranger = await signUp(app);
    const visitor = browserFor(app);
    for (const other of [stranger, visitor]) {
      for (const path of [
        '',
        '/events',
        '/result',
        `/documents/${first.documents[0]!.id}/result`,
      ]) {
        const response = await other.request(`/api/jobs/${first.id}${path}`);
        expect(response.status).toBe(404);
        expect(((await response.json()) as ErrorBody).error.code).toBe('JOB_NOT_FOUND');
      }
      expect((await other.request(`/api/jobs/${first.id}`, { method: 'DELETE' })).status).toBe(404);
      const listed = (await (await other.request('/api/jobs')).json()) as { jobs: Job[] };
      expect(listed.jobs.map((job) => job.id)).not.toContain(first.id);
    }
  });

  it('tells anyone how large a batch this server takes', async () => {
    const response = await browserFor(app).request('/api/jobs/limits');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      max_documents: 50,
      max_upload_megabytes: 100,
      max_file_megabytes: 25,
    });
  });

  it('streams a job’s events and resumes after the last event seen', async () => {
    const user = await signUp(app);
    const accepted = (await (
      await user.request('/api/jobs', {
        json: { columns: COLUMNS, inputs: [{ text: statement(7, 2) }, { text: statement(8, 3) }] },
      })
    ).json()) as JobAccepted;
    await waitForJobEnd(user, accepted.id);
    const read = async (lastEventId?: string) => {
      const headers: Record<string, string> = lastEventId ? { 'last-event-id': lastEventId } : {};
      const text = await (
        await user.request(`/api/jobs/${accepted.id}/events`, { headers })
      ).text();
      return text
        .split('\n\n')
        .filter((block) => block.includes('data:'))
        .map((block) => ({
          id: /^id: (.*)$/m.exec(block)?.[1] ?? '',
          event: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as JobEvent,
        }));
    };
    const all = await read();
    const documents = all.filter(({ event }) => event.type === 'document');
    expect(
      documents.map(({ event }) => (event.type === 'document' ? event.rows.length : 0)),
    ).toEqual(expect.arrayContaining([2, 3]));
    expect(all.at(-1)?.event).toMatchObject({
      type: 'end',
      job: { status: 'succeeded', rows_total: 5 },
    });

    const middle = all.findIndex(({ event }) => event.type === 'document');
    const resumed = await read(all[middle]!.id);
    expect(resumed.map(({ id }) => id)).toEqual(all.slice(middle + 1).map(({ id }) => id));
  });

  it('refuses an anonymous batch larger than the free runs left', async () => {
    const visitor = browserFor(app);
    const tight = await createTestApp(database, { TRIAL_RUNS: '3' });
    const tighter = await createTestApp(database, { TRIAL_RUNS: '1' });
    try {
      const single = await browserFor(tighter).request('/api/jobs', {
        json: { columns: COLUMNS, inputs: [1, 2].map((month) => ({ text: statement(month, 1) })) },
      });
      expect(((await single.json()) as ErrorBody).error.message).toMatch(
        /^This batch has 2 documents but you have 1 free extraction left\./,
      );
      const guest = browserFor(tight);
      const inputs = [1, 2, 3, 4].map((month) => ({ text: statement(month, 1) }));
      const refused = await guest.request('/api/jobs', { json: { columns: COLUMNS, inputs } });
      expect(refused.status).toBe(402);
      expect(((await refused.json()) as ErrorBody).error).toMatchObject({
        code: 'TRIAL_BATCH_TOO_LARGE',
        message:
          'This batch has 4 documents but you have 3 free extractions left. Sign up to get 10 credits free.',
      });
      const accepted = await guest.request('/api/jobs', {
        json: { columns: COLUMNS, inputs: inputs.slice(0, 3) },
      });
      expect(accepted.status).toBe(202);
      const job = await waitForJobEnd(guest, ((await accepted.json()) as JobAccepted).id);
      expect(job.status).toBe('succeeded');
      expect((await guest.request(`/api/jobs/${job.id}/result`)).status).toBe(200);
    } finally {
      await tight.close();
      await tighter.close();
    }
    expect((await visitor.request('/api/trial')).status).toBe(200);
  });
});

describe.each(TEST_DATABASES)('cancelling a job on $name', (database) => {
  let app: TestApp;
  let fake: FakeOpenAi;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: 'test-key', behavior: { delayMs: 1_500 } });
    app = await createTestApp(database, {
      SIGNUP_CREDITS: '10',
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: fake.baseUrl,
      OFFLINE_FAST_PATH: 'false',
      JOB_CONCURRENCY: '1',
    });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it('does not run or charge the documents not yet done', async () => {
    const user = await signUp(app);
    const inputs = [1, 2, 3, 4, 5].map((month) => ({ text: statement(month, 2) }));
    const accepted = (await (
      await user.request('/api/jobs', { json: { columns: COLUMNS, inputs } })
    ).json()) as JobAccepted;
    expect(await credits(user)).toEqual({ credits_remaining: 5, credits_total: 10 });
    // Wait until the first document is being extracted, then cancel. (A fixed five seconds had
    // run out on a busy machine before the first document reached the model, and the test then
    // cancelled a job none of whose documents had started.)
    await expect.poll(() => fake.requests.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const cancelled = await user.request(`/api/jobs/${accepted.id}`, { method: 'DELETE' });
    expect(cancelled.status).toBe(200);
    const job = await waitForJobEnd(user, accepted.id);
    expect(job.status).toBe('cancelled');
    expect(job.documents.every((document) => document.status === 'cancelled')).toBe(true);
    expect(await credits(user)).toEqual({ credits_remaining: 10, credits_total: 10 });
    // Only the first document ever reached the model.
    expect(fake.requests.length).toBe(1);
    // Each paid document is in the usage as cancelled, the four that never started too.
    // (The running one's record is written as its run stops, which may follow the job's end.)
    await expect
      .poll(async () => {
        const usage = (await (await user.request('/api/account/usage')).json()) as UsagePage;
        return usage.records.map(({ success, error_message }) => ({ success, error_message }));
      })
      .toEqual(Array.from({ length: 5 }, () => ({ success: false, error_message: 'Cancelled' })));
  });
});
