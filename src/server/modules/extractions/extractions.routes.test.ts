import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOTICE_ERROR, NOTICE_PARTIAL, type ExtractionResult } from '../../../shared/extraction';
import { makeReceiptPng } from '../../../../tests/fixtures/image-fixtures';
import { makeStatementPdf } from '../../../../tests/fixtures/pdf-fixtures';
import { createTestApp, type TestApp } from '../../../../tests/support/create-test-app';
import { startFakeOpenAi, type FakeOpenAi } from '../../../../tests/support/fake-openai-server';
import { readUntilEvent } from '../../../../tests/support/sse';
import { TEST_DATABASES } from '../../../../tests/support/test-databases';

type ErrorBody = { error: { code: string; message: string } };

const STATEMENT = [
  '# March statement',
  '',
  '| Date | Description | Amount |',
  '| --- | --- | --- |',
  ...Array.from(
    { length: 30 },
    (_, i) =>
      `| 2026-03-${String(i + 1).padStart(2, '0')} | Card payment ${i + 1} | ${(i + 1) * 10},50 |`,
  ),
].join('\n');

const COLUMNS = [
  { name: 'date', type: 'date' },
  { name: 'description', type: 'text' },
  { name: 'amount', type: 'number' },
];

let fake: FakeOpenAi;
let withModel: TestApp;
let offline: TestApp;
let fastPath: TestApp;

beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: 'test-key' });
  withModel = await createTestApp(TEST_DATABASES[0]!, {
    OPENAI_API_KEY: 'test-key',
    OPENAI_BASE_URL: fake.baseUrl,
    OFFLINE_FAST_PATH: 'false',
    READ_RATE_LIMIT: '1000',
  });
  offline = await createTestApp(TEST_DATABASES[0]!, { READ_RATE_LIMIT: '1000' });
  fastPath = await createTestApp(TEST_DATABASES[0]!, {
    OPENAI_API_KEY: 'test-key',
    OPENAI_BASE_URL: fake.baseUrl,
    READ_RATE_LIMIT: '1000',
  });
});

afterAll(async () => {
  await withModel.close();
  await offline.close();
  await fastPath.close();
  await fake.close();
});

beforeEach(() => {
  fake.setBehavior({});
  fake.requests.length = 0;
});

async function extract(app: TestApp, body: unknown, headers: Record<string, string> = {}) {
  const response = await app.app.request('/api/extractions', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return response;
}

describe('POST /api/extractions with a model', () => {
  it('extracts typed rows with evidence through structured output', async () => {
    const response = await extract(withModel, { text: STATEMENT, columns: COLUMNS });
    expect(response.status).toBe(200);
    const result = (await response.json()) as ExtractionResult;
    expect(result).toMatchObject({
      status: 200,
      engine: 'model',
      model: 'gpt-4o',
      notice: null,
      message: null,
    });
    expect(result.rows).toHaveLength(30);
    expect(result.rows[0]).toEqual({
      date: '2026-03-01',
      description: 'Card payment 1',
      amount: 10.5,
    });
    expect(result.grounding.grounded).toBe(result.grounding.cells);
    expect(result.cells[0]?.description?.evidence).toMatchObject({ match: 'exact' });
    expect(result.review).toMatchObject({ total: 90, edited: 0 });
    // Every value stands in its row: only the fake model's own doubts flag a cell.
    const flagged = result.cells.flatMap((row) =>
      Object.values(row).filter((cell) => cell.flagged),
    );
    expect(flagged).toHaveLength(result.review.flagged);
    expect(new Set(flagged.flatMap((cell) => cell.reasons.map((reason) => reason.code)))).toEqual(
      new Set(['model_unsure']),
    );
    expect(result.usage.calls).toBe(1);
    expect(fake.requests[0]?.response_format?.type).toBe('json_schema');
  });

  it('gives the model each column’s instructions, in the prompt and in the output schema', async () => {
    const columns = [
      COLUMNS[0],
      { name: 'payee', type: 'text', description: 'Who was paid, as the statement names them' },
      { name: 'amount', type: 'number', description: 'Money out as a negative number' },
    ];
    const response = await extract(withModel, { text: STATEMENT, columns });
    expect(response.status).toBe(200);
    const request = fake.requests[0];
    const prompt = request?.messages
      .filter((message) => message.role === 'user')
      .map((message) => (typeof message.content === 'string' ? message.content : ''))
      .join('\n');
    expect(prompt).toContain('- payee (text): Who was paid, as the statement names them');
    expect(prompt).toContain('- amount (number): Money out as a negative number');
    const schema = JSON.stringify(request?.response_format?.json_schema?.schema);
    expect(schema).toContain('Money out as a negative number');
  });

  it('falls through to JSON mode and then a raw call when the provider rejects a mode', async () => {
    fake.setBehavior({ rejectJsonSchema: true, rejectJsonObject: true });
    const result = (await (
      await extract(withModel, { text: STATEMENT, columns: COLUMNS })
    ).json()) as ExtractionResult;
    expect(result.status).toBe(200);
    expect(result.rows).toHaveLength(30);
    expect(
      fake.requests.map((request) => request.response_format?.type ?? 'none').slice(0, 3),
    ).toEqual(['json_schema', 'json_object', 'none']);
  });

  it('continues an answer cut off by the output limit and loses no row', async () => {
    fake.setBehavior({ maxOutputTokens: 300 });
    const result = (await (
      await extract(withModel, { text: STATEMENT, columns: COLUMNS })
    ).json()) as ExtractionResult;
    expect(result.status).toBe(200);
    expect(result.rows.map((row) => row.description)).toEqual(
      Array.from({ length: 30 }, (_, i) => `Card payment ${i + 1}`),
    );
    expect(result.usage.calls).toBeGreaterThan(1);
  });

  it('answers 207 with the SPEC notice when the model returns something that is not JSON', async () => {
    fake.setBehavior({ malformed: true });
    const result = (await (
      await extract(withModel, { text: STATEMENT, columns: COLUMNS })
    ).json()) as ExtractionResult;
    expect(result).toMatchObject({
      status: 207,
      message: 'Invalid response format from data extraction',
      notice: NOTICE_PARTIAL,
    });
    expect(result.rows.length).toBeGreaterThan(0);
  });

  it('answers 500 with one empty row per column when the model keeps failing', async () => {
    fake.setBehavior({ status: 500 });
    const response = await extract(withModel, { text: STATEMENT, columns: COLUMNS });
    expect(response.status).toBe(500);
    const result = (await response.json()) as ExtractionResult;
    expect(result).toMatchObject({
      status: 500,
      message: 'Failed to process content',
      notice: NOTICE_ERROR,
    });
    expect(result.rows).toEqual(COLUMNS.map(() => ({ date: '', description: '', amount: '' })));
    expect(result.warnings).toContain('OpenAI API error: 500 Internal Server Error');
  });

  it('answers 207 with the content in the first column when no rows are found', async () => {
    fake.setBehavior({ answer: () => '{"data":[]}' });
    const text = 'Minutes of the meeting.\n\nWe discussed the budget.\n\nNext meeting in May.';
    const result = (await (
      await extract(withModel, {
        text,
        columns: [{ name: 'event' }, { name: 'date', type: 'date' }],
      })
    ).json()) as ExtractionResult;
    expect(result.status).toBe(207);
    expect(result.rows).toEqual([
      { event: 'Minutes of the meeting.' },
      { event: 'We discussed the budget.' },
      { event: 'Next meeting in May.' },
    ]);
    expect(result.warnings.join(' ')).toContain('event, date, description');
  });

  it('warns when the source table has more rows than were extracted', async () => {
    fake.setBehavior({
      answer: () =>
        JSON.stringify({
          data: [{ date: '2026-03-01', description: 'Card payment 1', amount: '10,50' }],
        }),
    });
    const result = (await (
      await extract(withModel, { text: STATEMENT, columns: COLUMNS })
    ).json()) as ExtractionResult;
    expect(result.status).toBe(200);
    expect(result.warnings).toContain(
      'The source has a table with 30 rows, but 1 rows were extracted.',
    );
  });

  it('skips the model for one clean table whose headers give every column', async () => {
    const result = (await (
      await extract(fastPath, { text: STATEMENT, columns: COLUMNS })
    ).json()) as ExtractionResult;
    expect(result).toMatchObject({ status: 200, engine: 'offline', model: null });
    expect(result.rows).toHaveLength(30);
    expect(fake.requests).toHaveLength(0);
  });

  it('goes on when the caller goes away, and stops within seconds when its job is cancelled', async () => {
    fake.setBehavior({ delayMs: 5_000 });
    const response = await extract(
      withModel,
      { text: STATEMENT, columns: COLUMNS },
      { accept: 'text/event-stream' },
    );
    // The visitor's trial cookie names who may see and cancel the run's job.
    const cookie = response.headers.get('set-cookie')?.split(';')[0] ?? '';
    const stream = await readUntilEvent(response, 'job');
    const { job_id: jobId } = JSON.parse(stream.data) as { job_id: string };
    await stream.cancel();
    const job = async () =>
      (await (
        await withModel.app.request(`/api/jobs/${jobId}`, { headers: { cookie } })
      ).json()) as {
        status: string;
      };
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await job()).status).toBe('running');

    const started = Date.now();
    await withModel.app.request(`/api/jobs/${jobId}`, { method: 'DELETE', headers: { cookie } });
    await expect.poll(async () => (await job()).status, { timeout: 5_000 }).toBe('cancelled');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('gives the PDF placeholder when a PDF cannot be read', async () => {
    const form = new FormData();
    form.set(
      'file',
      new File([Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog')], 'broken.pdf', {
        type: 'application/pdf',
      }),
    );
    form.set('columns', JSON.stringify(COLUMNS));
    const response = await withModel.app.request('/api/extractions', {
      method: 'POST',
      body: form,
    });
    expect(((await response.json()) as ErrorBody).error.message).toBe(
      'PDF extraction failed. Please try a different file format.',
    );
  });

  it('suggests columns with the model', async () => {
    fake.setBehavior({
      answer: () =>
        JSON.stringify({
          data: [
            { name: 'date', type: 'date', description: 'Booking date' },
            { name: 'amount', type: 'number', description: 'Amount' },
          ],
        }),
    });
    const response = await withModel.app.request('/api/columns/suggest', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: STATEMENT }),
    });
    expect(await response.json()).toEqual({
      engine: 'model',
      columns: [
        { name: 'date', type: 'date', description: 'Booking date' },
        { name: 'amount', type: 'number', description: 'Amount' },
      ],
    });
  });

  it('sends an uploaded image to the model as an image part', async () => {
    const form = new FormData();
    form.set(
      'file',
      new File([Buffer.from(await makeReceiptPng())], 'receipt.png', {
        type: 'image/png',
      }),
    );
    form.set('columns', JSON.stringify([{ name: 'total', type: 'number' }]));
    await withModel.app.request('/api/extractions', { method: 'POST', body: form });
    const user = fake.requests[0]?.messages.find((message) => message.role === 'user');
    const parts = Array.isArray(user?.content) ? user.content : [];
    expect(parts.map((part) => part.type)).toEqual(['text', 'image_url']);
    expect(parts[1]?.image_url?.url).toMatch(/^data:image\/png;base64,/);
  });

  it('streams progress and then the result as server-sent events', async () => {
    const response = await extract(
      withModel,
      { text: STATEMENT, columns: COLUMNS },
      { accept: 'text/event-stream' },
    );
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const body = await response.text();
    // First the run's job, which DELETE /api/jobs/{id} cancels.
    expect(body).toMatch(/^event: job\ndata: \{"job_id":"[\w-]+"\}\n/);
    expect(body).toContain('event: progress');
    expect(body).toMatch(/"stage":"extracting"/);
    const chunkLine = body.split('\n').find((line) => line.includes('"type":"chunk"'));
    expect(JSON.parse(chunkLine!.slice(6))).toMatchObject({
      status: 'done',
      rows: expect.arrayContaining([
        { date: '2026-03-01', description: 'Card payment 1', amount: 10.5 },
      ]) as unknown,
    });
    const resultLine = body
      .split('\n')
      .find((line, i, lines) => lines[i - 1] === 'event: result' && line.startsWith('data: '));
    expect((JSON.parse(resultLine!.slice(6)) as ExtractionResult).rows).toHaveLength(30);
  });

  it('streams each PDF page as it is read, up to the page limit', async () => {
    const form = new FormData();
    form.set(
      'file',
      new File([Buffer.from(await makeStatementPdf())], 'statement.pdf', {
        type: 'application/pdf',
      }),
    );
    form.set('columns', JSON.stringify(COLUMNS));
    const response = await withModel.app.request('/api/extractions', {
      method: 'POST',
      body: form,
      headers: { accept: 'text/event-stream' },
    });
    const pages = (await response.text())
      .split('\n')
      .filter((line) => line.includes('"type":"page"'))
      .map((line) => JSON.parse(line.slice(6)) as { page: number; pages: number });
    expect(pages).toEqual([1, 2, 3, 4, 5].map((page) => ({ type: 'page', page, pages: 5 })));
  });
});

describe('POST /api/extractions without a model', () => {
  it('maps a table to the columns offline, with a template', async () => {
    const csv =
      'Transaction Date,Details,Amount (EUR),Running balance\n2026-01-02,Coffee,-3.20,96.80\n2026-01-03,Salary,"2,000.00",2096.80\n';
    const form = new FormData();
    form.set('file', new File([csv], 'statement.csv', { type: 'text/csv' }));
    form.set('template', 'transactions');
    const response = await offline.app.request('/api/extractions', { method: 'POST', body: form });
    const result = (await response.json()) as ExtractionResult;
    expect(result).toMatchObject({ status: 200, engine: 'offline', model: null });
    expect(result.rows[1]).toMatchObject({
      date: '2026-01-03',
      description: 'Salary',
      amount: 2000,
      balance: 2096.8,
    });
  });

  it('refuses missing content or columns with the SPEC messages', async () => {
    const missing = (await (await extract(offline, { text: 'x' })).json()) as ErrorBody;
    expect(missing.error.message).toBe('Content and columns are required for data extraction');
    const blank = (await (
      await extract(offline, { text: 'x', columns: [{ name: ' ' }] })
    ).json()) as ErrorBody;
    expect(blank.error.message).toBe('At least one valid column name is required');
  });

  it('says which column types there are when a column has another', async () => {
    const response = await extract(offline, {
      text: 'x',
      columns: [{ name: 'amount', type: 'money' }],
    });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as {
      error: { code: string; details: { fieldErrors: Record<string, string[]> } };
    };
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details.fieldErrors.columns).toEqual([
      'A column’s type is text, number, date or boolean.',
    ]);
  });

  it('suggests columns from a table', async () => {
    const response = await offline.app.request('/api/columns/suggest', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: STATEMENT }),
    });
    const body = (await response.json()) as {
      columns: { name: string; type: string }[];
      engine: string;
    };
    expect(body.engine).toBe('offline');
    expect(body.columns.map((column) => [column.name, column.type])).toEqual([
      ['date', 'date'],
      ['description', 'text'],
      ['amount', 'number'],
    ]);
  });
});
