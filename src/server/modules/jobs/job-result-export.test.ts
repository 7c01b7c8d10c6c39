import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, JobAccepted, JobResultDocuments, JobResultTable } from '../../../shared/jobs';
import { browserFor, type Browser } from '../../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../../tests/support/create-test-app';
import { TEST_DATABASES } from '../../../../tests/support/test-databases';

type ErrorBody = { error: { code: string; message: string } };

// GET /api/jobs/{id}/result in each format, for jobs whose documents or values a spreadsheet
// could choke on.

const COLUMNS = [
  { name: 'item', type: 'text' },
  { name: 'amount', type: 'number' },
];

/** Pasted text whose first line (the document's name) is `name`, then one record. */
function pasted(name: string, [item, amount]: [string, number]): { text: string; name: string } {
  return { text: `Item: ${item}\nAmount: ${amount}\n`, name };
}

/** A pasted statement of `count` rows: a date, a description that may need care, an amount. */
function statement(count: number): { text: string } {
  const lines = ['date\tdescription\tamount'];
  for (let row = 1; row <= count; row++) {
    const day = String((row % 28) + 1).padStart(2, '0');
    const description = row % 100 === 0 ? `Refund; =cmd|' /C calc'!A${row}` : `Payment ${row}`;
    lines.push(`2026-03-${day}\t${description}\t${row}.5`);
  }
  return { text: `${lines.join('\n')}\n` };
}

const STATEMENT_COLUMNS = [
  { name: 'date', type: 'date' },
  { name: 'description', type: 'text' },
  { name: 'amount', type: 'number' },
];

async function runJob(
  browser: Browser,
  inputs: { text: string; name?: string }[],
  columns = COLUMNS,
): Promise<Job> {
  const accepted = await browser.request('/api/jobs', { json: { columns, inputs } });
  expect(accepted.status).toBe(202);
  return waitForJob(browser, ((await accepted.json()) as JobAccepted).id);
}

async function waitForJob(browser: Browser, id: string): Promise<Job> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const job = (await (await browser.request(`/api/jobs/${id}`)).json()) as Job;
    if (job.finished_at) return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${id} did not end`);
}

async function workbookOf(response: Response): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  return workbook;
}

async function sheetNames(response: Response): Promise<string[]> {
  return (await workbookOf(response)).worksheets.map((sheet) => sheet.name);
}

describe.each(TEST_DATABASES)('job result exports on $name', (database) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(database);
  });
  afterAll(async () => {
    await app.close();
  });

  it('names each document’s sheet validly, whatever the document is called', async () => {
    const visitor = browserFor(app);
    const job = await runJob(visitor, [
      pasted('History', ['pen', 2]),
      pasted("Bob's list'", ['ink', 3]),
      pasted("'quoted'", ['pad', 4]),
      pasted('history', ['cap', 5]),
      pasted('Q1: [draft] *final*? a/b\\c', ['nib', 6]),
    ]);
    expect(job.status).toBe('succeeded');
    const response = await visitor.request(`/api/jobs/${job.id}/result?format=xlsx`);
    expect(response.status).toBe(200);
    expect(await sheetNames(response)).toEqual([
      'All documents',
      'History (2)',
      "Bob's list",
      'quoted',
      'history (3)',
      'Q1 draft final a b c',
    ]);
  });

  it('exports a 3,000-row job whole in every format, written off the web thread', async () => {
    const visitor = browserFor(app);
    const job = await runJob(visitor, [statement(3_000), statement(2)], STATEMENT_COLUMNS);
    expect(job.rows_total).toBe(3_002);
    const get = (format: string) => visitor.request(`/api/jobs/${job.id}/result?format=${format}`);

    const json = await get('json');
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    const table = (await json.json()) as { columns: unknown[]; rows: Record<string, unknown>[] };
    expect(table.rows).toHaveLength(3_002);
    expect(table.rows[2_999]).toEqual({
      source: 'Text 1',
      date: '2026-03-05',
      description: "Refund; =cmd|' /C calc'!A3000",
      amount: 3000.5,
    });

    const csv = await get('csv');
    // Named after the job's documents and the time (job-file-name.ts).
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="text-1-and-1-more_\d{4}-\d{2}-\d{2}_\d{4}\.csv"$/,
    );
    const lines = (await csv.text()).split('\r\n');
    expect(lines).toHaveLength(3_004);
    expect(lines[3_000]).toBe("Text 1,2026-03-05,\"Refund; '=cmd|' /C calc'!A3000\",3000.5");

    const workbook = await workbookOf(await get('xlsx'));
    expect(workbook.worksheets.map((sheet) => [sheet.name, sheet.rowCount])).toEqual([
      ['All documents', 3_003],
      ['Text 1', 3_001],
      ['Text 2', 3],
    ]);
    const all = workbook.worksheets[0]!;
    expect(all.getCell('A1').font?.bold).toBe(true);
    expect(all.getCell('B3001').value).toEqual(new Date('2026-03-05T00:00:00Z'));
    expect(all.getCell('B3001').numFmt).toBe('yyyy-mm-dd');
    expect(all.getCell('D3001').value).toBe(3000.5);
    expect(all.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });
});

describe.each(TEST_DATABASES)('job results as records on $name', (database) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(database);
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers shape=documents with a record per document; JSON stays flat by default', async () => {
    const visitor = browserFor(app);
    const job = await runJob(visitor, [
      pasted('Order 1', ['pen', 2]),
      pasted('Order 2', ['ink', 3]),
    ]);
    const get = (query: string) => visitor.request(`/api/jobs/${job.id}/result?${query}`);

    const flat = (await (await get('format=json')).json()) as JobResultTable;
    expect(flat.rows).toEqual([
      { source: 'Order 1', item: 'pen', amount: 2 },
      { source: 'Order 2', item: 'ink', amount: 3 },
    ]);
    expect(flat.origins).toEqual(job.documents.map(({ id }) => ({ document_id: id, row: 0 })));

    const response = await get('format=json&shape=documents');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const { documents } = (await response.json()) as JobResultDocuments;
    // A job that asked for columns alone: its records have no fields and no checks.
    expect(
      documents.map(({ document_id, source, fields, fieldCells, rows, checks }) => ({
        document_id,
        source,
        fields,
        fieldCells,
        rows,
        checks,
      })),
    ).toEqual([
      {
        document_id: job.documents[0]!.id,
        source: 'Order 1',
        fields: {},
        fieldCells: {},
        rows: [{ item: 'pen', amount: 2 }],
        checks: [],
      },
      {
        document_id: job.documents[1]!.id,
        source: 'Order 2',
        fields: {},
        fieldCells: {},
        rows: [{ item: 'ink', amount: 3 }],
        checks: [],
      },
    ]);
    expect(documents[0]!.cells.map((cells) => Object.keys(cells))).toEqual([['item', 'amount']]);

    // CSV and XLSX are flat whatever the shape; a job without fields keeps a sheet per document.
    const csv = await (await get('format=csv&bom=false&shape=documents')).text();
    expect(csv).toBe('source,item,amount\r\nOrder 1,pen,2\r\nOrder 2,ink,3\r\n');
    expect(await sheetNames(await get('format=xlsx'))).toEqual([
      'All documents',
      'Order 1',
      'Order 2',
    ]);
    expect((await get('format=json&shape=records')).status).toBe(400);
  });

  it('exports a job of records in both shapes, a field’s correction in every one', async () => {
    const visitor = browserFor(app);
    const invoice = (number: string, total: string, lines: [string, string][]) => ({
      name: `Invoice ${number}`,
      text: [
        `Invoice No: ${number}`,
        '',
        'Item\tAmount',
        ...lines.map((line) => line.join('\t')),
        '',
        `Total: ${total}`,
        '',
      ].join('\n'),
    });
    const accepted = await visitor.request('/api/jobs', {
      json: {
        columns: COLUMNS,
        fields: [
          { name: 'invoice_number', type: 'text' },
          { name: 'total', type: 'number' },
        ],
        inputs: [
          invoice('INV-7', '96.00', [
            ['Paper', '90.00'],
            ['Ink', '6.00'],
          ]),
          invoice('INV-8', '12.50', [
            ['Pens', '10.00'],
            ['Tape', '2.50'],
          ]),
        ],
      },
    });
    expect(accepted.status).toBe(202);
    const job = await waitForJob(visitor, ((await accepted.json()) as JobAccepted).id);
    const get = (query: string) => visitor.request(`/api/jobs/${job.id}/result?${query}`);

    const csv = await (await get('format=csv&bom=false')).text();
    expect(csv.split('\r\n')).toEqual([
      'source,invoice_number,total,item,amount',
      'Invoice INV-7,INV-7,96.00,Paper,90.00',
      'Invoice INV-7,INV-7,96.00,Ink,6.00',
      'Invoice INV-8,INV-8,12.50,Pens,10.00',
      'Invoice INV-8,INV-8,12.50,Tape,2.50',
      '',
    ]);
    const { documents } = (await (
      await get('format=json&shape=documents')
    ).json()) as JobResultDocuments;
    expect(documents.map(({ source, fields, rows }) => ({ source, fields, rows }))).toEqual([
      {
        source: 'Invoice INV-7',
        fields: { invoice_number: 'INV-7', total: 96 },
        rows: [
          { item: 'Paper', amount: 90 },
          { item: 'Ink', amount: 6 },
        ],
      },
      {
        source: 'Invoice INV-8',
        fields: { invoice_number: 'INV-8', total: 12.5 },
        rows: [
          { item: 'Pens', amount: 10 },
          { item: 'Tape', amount: 2.5 },
        ],
      },
    ]);
    expect(documents[0]!.fieldCells.total?.evidence).not.toBeNull();

    const corrected = await visitor.request(`/api/jobs/${job.id}/corrections`, {
      json: {
        corrections: [{ document_id: documents[1]!.document_id, field: 'total', value: 13 }],
      },
    });
    expect(corrected.status).toBe(200);
    expect((await (await get('format=csv&bom=false')).text()).split('\r\n')[3]).toBe(
      'Invoice INV-8,INV-8,13.00,Pens,10.00',
    );
    const workbook = await workbookOf(await get('format=xlsx'));
    expect(workbook.worksheets.map((sheet) => [sheet.name, sheet.rowCount])).toEqual([
      ['All documents', 5],
      ['Documents', 3],
      ['Items', 5],
    ]);
    expect(workbook.getWorksheet('Items')!.getRow(5).values).toEqual([
      undefined,
      'Invoice INV-8',
      2,
      'Tape',
      2.5,
    ]);
    expect(workbook.getWorksheet('Documents')!.getRow(3).values).toEqual([
      undefined,
      'Invoice INV-8',
      'INV-8',
      13,
    ]);
  });
});

describe.each(TEST_DATABASES)('job result exports on a busy $name server', (database) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(database, { EXPORT_CONCURRENCY: '1', EXPORT_QUEUE_LIMIT: '0' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 503 with Retry-After past the exports it can write or queue', async () => {
    const visitor = browserFor(app);
    const job = await runJob(visitor, [statement(500)], STATEMENT_COLUMNS);
    const path = `/api/jobs/${job.id}/result?format=xlsx`;
    const [first, second] = await Promise.all([visitor.request(path), visitor.request(path)]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 503]);
    const refused = first.status === 503 ? first : second;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(((await refused.json()) as ErrorBody).error).toMatchObject({
      code: 'EXPORTS_BUSY',
      message: expect.stringMatching(
        /^The server is busy preparing other downloads\. Please try again in \d+ seconds\.$/,
      ) as unknown,
    });
    // Once the first is written, the next is taken.
    expect((await visitor.request(path)).status).toBe(200);
  });
});
